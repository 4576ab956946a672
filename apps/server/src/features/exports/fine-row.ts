import { CANCELLED_ON_APPEAL_REASON } from "@housemate/contract";
import type { DisputeOutcome } from "../fines/dispute-outcome.js";
import type { ExportFine } from "./queries.js";
import { utcDay } from "./period.js";
import { fromMinor } from "../../lib/money.js";

/**
 * A fine's status in words: a cancelled fine with a reason was written off when its offender left (decision 032), or
 * cancelled by the house on appeal (decision 047).
 */
export function statusText(fine: Pick<ExportFine, "status" | "cancelReason">): string {
  switch (fine.status) {
    case "paid":
      return "Paid";
    case "disputed":
      return "Disputed";
    case "cancelled":
      if (fine.cancelReason === CANCELLED_ON_APPEAL_REASON) return "Cancelled on appeal";
      return fine.cancelReason === null ? "Cancelled" : "Written off";
    default:
      return "Pending";
  }
}

const OUTCOMES: Record<DisputeOutcome, string> = {
  pending: "Pending",
  accepted: "Accepted",
  declined: "Declined",
  written_off: "Written off",
};

/** What became of the fine's dispute; empty when it was never disputed. */
export const disputeOutcomeText = (outcome: DisputeOutcome | null): string =>
  outcome === null ? "" : OUTCOMES[outcome];

/** An amount as a plain decimal with two places (1250 → "12.50"), the way a spreadsheet reads a number. */
export const decimalAmount = (minor: number): string => fromMinor(minor).toFixed(2);

export const dayOf = (moment: Date | null): string => (moment === null ? "" : utcDay(moment));
