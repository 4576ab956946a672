import {
  APPEAL_OPEN_MESSAGE,
  CANCELLED_ON_APPEAL_REASON,
  FINE_DISPUTED_NO_EDIT_MESSAGE,
  WRITTEN_OFF_REMOVED_REASON,
} from "@housemate/contract";
import type { FineRow } from "./presenter.js";

/**
 * The fine lifecycle of DESIGN §3 as plain rules: each function answers why an action is not allowed
 * in the fine's current state (a message a person understands, sent with 409), or null when it is.
 */

const CANCELLED = "This fine was cancelled when its dispute was accepted.";
const WRITTEN_OFF = "This fine was written off when the person fined left the household.";
const WRITTEN_OFF_REMOVED = "This fine was written off when someone was removed from the household.";
const CANCELLED_ON_APPEAL = "This fine was cancelled by the house on appeal.";
/**
 * Why a cancelled fine is out of the lifecycle: its dispute was accepted, it was written off (decision 032), or the
 * house cancelled it on appeal (decision 047).
 */
export const cancelled = (fine: FineRow) => {
  if (!fine.cancelReason) return CANCELLED;
  if (fine.cancelReason === CANCELLED_ON_APPEAL_REASON) return CANCELLED_ON_APPEAL;
  return fine.cancelReason === WRITTEN_OFF_REMOVED_REASON ? WRITTEN_OFF_REMOVED : WRITTEN_OFF;
};

export function whyCannotPay(fine: FineRow): string | null {
  switch (fine.status) {
    case "pending":
      return fine.appealStatus === "open" ? APPEAL_OPEN_MESSAGE : null;
    case "paid":
      return "This fine has already been paid.";
    case "disputed":
      return "This fine is being disputed. It can be paid once the issuer has reviewed the dispute.";
    default:
      return cancelled(fine);
  }
}

export function whyCannotDispute(fine: FineRow): string | null {
  switch (fine.status) {
    case "pending":
      return fine.disputeRejected ? "You have already disputed this fine once and it was declined." : null;
    case "paid":
      return "This fine has already been paid, so it can no longer be disputed.";
    case "disputed":
      return "You have already disputed this fine. The issuer will review your dispute.";
    default:
      return cancelled(fine);
  }
}

export function whyCannotReview(fine: FineRow): string | null {
  switch (fine.status) {
    case "disputed":
      return null;
    case "paid":
      return "This fine has already been paid, so there is no dispute to review.";
    case "pending":
      return "This fine has no dispute waiting for review.";
    default:
      return cancelled(fine);
  }
}

/**
 * The generic edit only touches a pending fine that was never disputed: it can never move the lifecycle, nor
 * rewrite what a dispute was about (a declined dispute leaves the fine pending with `dispute_rejected`). The
 * edit also checks that no dispute record exists (service.ts), which this row alone cannot see.
 */
export function whyCannotEdit(fine: FineRow): string | null {
  switch (fine.status) {
    case "pending":
      return fine.disputeRejected ? FINE_DISPUTED_NO_EDIT_MESSAGE : null;
    case "paid":
      return "This fine has already been paid, so it can no longer be changed.";
    case "disputed":
      return "This fine is being disputed, so it cannot be changed until the dispute is reviewed.";
    default:
      return cancelled(fine);
  }
}

export const DISPUTE_ALREADY_REVIEWED = "This dispute has already been reviewed.";

/** Who may do what (SPEC §6), for the 403s. */
export const ONLY_OFFENDER_PAYS = "Only the person who received this fine can pay it.";
export const ONLY_OFFENDER_DISPUTES = "Only the person who received this fine can dispute it.";
export const ONLY_ISSUER_REVIEWS = "Only the person who issued this fine can review its dispute.";
export const ONLY_ISSUER_EDITS = "Only the person who issued this fine can change it.";
export const ONLY_PARTIES_SEE_DISPUTE =
  "Only the person who issued this fine and the person fined can see its dispute.";
