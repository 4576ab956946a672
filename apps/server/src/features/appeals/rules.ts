import {
  APPEAL_NOT_DECLINED_MESSAGE,
  APPEAL_ONCE_MESSAGE,
  APPEAL_PAID_MESSAGE,
  APPEAL_TOO_FEW_MESSAGE,
  APPEAL_WINDOW_PASSED_MESSAGE,
  appealRefusal,
  featureNeedsProMessage,
  planHasFeature,
  type EffectivePlan,
} from "@housemate/contract";
import { AppError, conflict } from "../../lib/errors.js";
import type { FineRow } from "../fines/presenter.js";
import { cancelled } from "../fines/transitions.js";
import { planLimit } from "../plans/limits.js";

/**
 * The refusal when the person fined may not appeal their fine now, or null when they may. The contract's
 * `appealRefusal` decides, as the web asks it too; this only words its reason: a 409, or the plan's 402.
 */
export function appealRefused(
  fine: FineRow,
  context: { memberCount: number; plan: EffectivePlan; now: Date },
): AppError | null {
  const refusal = appealRefusal({
    status: fine.status,
    disputeRejected: fine.disputeRejected,
    declinedAt: fine.declinedAt,
    appealed: fine.appealId !== null,
    memberCount: context.memberCount,
    hasAppealsFeature: planHasFeature(context.plan, "appeals"),
    now: context.now,
  });
  switch (refusal) {
    case null:
      return null;
    case "already_appealed":
      return conflict(APPEAL_ONCE_MESSAGE);
    case "paid":
      return conflict(APPEAL_PAID_MESSAGE);
    case "cancelled":
      return conflict(cancelled(fine));
    case "not_declined":
      return conflict(APPEAL_NOT_DECLINED_MESSAGE);
    case "too_few_members":
      return conflict(APPEAL_TOO_FEW_MESSAGE);
    case "no_appeals_feature":
      return planLimit(featureNeedsProMessage("appeals"));
    case "window_passed":
      return conflict(APPEAL_WINDOW_PASSED_MESSAGE);
  }
}
