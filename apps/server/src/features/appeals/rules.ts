import {
  APPEAL_MIN_MEMBERS,
  APPEAL_NOT_DECLINED_MESSAGE,
  APPEAL_ONCE_MESSAGE,
  APPEAL_PAID_MESSAGE,
  APPEAL_TOO_FEW_MESSAGE,
  APPEAL_WINDOW_PASSED_MESSAGE,
  appealDeadline,
  canAppeal,
} from "@housemate/contract";
import type { FineRow } from "../fines/presenter.js";
import { cancelled } from "../fines/transitions.js";

/**
 * Why the person fined may not appeal their fine now (a 409's message), or null when they may. The contract's
 * `canAppeal` decides, as the web asks it too; this only names what stands in the way, most telling first.
 */
export function whyCannotAppeal(fine: FineRow, memberCount: number, now: Date): string | null {
  const input = {
    status: fine.status,
    disputeRejected: fine.disputeRejected,
    declinedAt: fine.declinedAt,
    appealed: fine.appealId !== null,
    memberCount,
    // The route's plan check has already refused a household whose plan has no appeals (402).
    hasAppealsFeature: true,
    now,
  };
  if (canAppeal(input)) return null;
  if (input.appealed) return APPEAL_ONCE_MESSAGE;
  if (fine.status === "paid") return APPEAL_PAID_MESSAGE;
  if (fine.status === "cancelled") return cancelled(fine);
  if (fine.status !== "pending" || !fine.disputeRejected || !fine.declinedAt) return APPEAL_NOT_DECLINED_MESSAGE;
  if (memberCount < APPEAL_MIN_MEMBERS) return APPEAL_TOO_FEW_MESSAGE;
  if (now >= appealDeadline(fine.declinedAt)) return APPEAL_WINDOW_PASSED_MESSAGE;
  throw new Error("canAppeal refused for a reason the server does not name");
}
