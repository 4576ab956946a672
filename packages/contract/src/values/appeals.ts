/**
 * Appeals (issue 21, docs/decisions/047): after the issuer declines a dispute, the person fined may ask the rest of
 * the house to decide. Its windows, votes, outcomes and texts.
 *
 * A module of values/: no schema library (docs/decisions/033). The schemas are in ../appeals.ts.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/** The person fined may appeal this long after the decline. */
export const APPEAL_WINDOW_DAYS = 3;
/** The house votes this long; the appeal closes earlier once every voter has voted. */
export const APPEAL_VOTING_DAYS = 3;
/** With fewer members there is nobody but the issuer and the person fined to decide: the issuer's decision stands. */
export const APPEAL_MIN_MEMBERS = 3;

export const APPEAL_VOTES = ["uphold", "cancel"] as const;
export type AppealVote = (typeof APPEAL_VOTES)[number];
export const APPEAL_VOTE_LABELS: Record<AppealVote, string> = {
  uphold: "Uphold the fine",
  cancel: "Cancel the fine",
};

/**
 * `upheld`: the issuer's decision stands (a majority to uphold, a tie, or no votes); `cancelled`: a majority cancelled
 * the fine; `void`: the fine was written off while the appeal was open (its offender left or was removed).
 */
export const APPEAL_STATUSES = ["open", "upheld", "cancelled", "void"] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
export const APPEAL_OUTCOME_REASONS = ["majority", "tie", "no_votes", "written_off"] as const;
export type AppealOutcomeReason = (typeof APPEAL_OUTCOME_REASONS)[number];

/** A fine cancelled by the house's vote: its `cancel_reason`, so it stays listed with its outcome (decision 047). */
export const CANCELLED_ON_APPEAL_REASON = "Cancelled on appeal";

/** Until when a fine whose dispute was declined at `declinedAt` may be appealed. */
export const appealDeadline = (declinedAt: string | Date): Date =>
  new Date(new Date(declinedAt).getTime() + APPEAL_WINDOW_DAYS * DAY_MS);

/** What stands in the way of an appeal, most telling first; the server names each in its refusal. */
export const APPEAL_REFUSALS = [
  "already_appealed",
  "paid",
  "cancelled",
  "not_declined",
  "too_few_members",
  "no_appeals_feature",
  "window_passed",
] as const;
export type AppealRefusal = (typeof APPEAL_REFUSALS)[number];

export interface AppealInput {
  status: string;
  disputeRejected: boolean;
  declinedAt: string | Date | null;
  appealed: boolean;
  memberCount: number;
  hasAppealsFeature: boolean;
  now: Date;
}

/**
 * Why the person fined may not appeal now, or null when they may: the fine must be pending with its dispute declined
 * within the window and never appealed, the household must have at least APPEAL_MIN_MEMBERS members, and its plan
 * must have appeals. The one copy of the rule: the server refuses by it and the web asks it before offering the button.
 */
export function appealRefusal(input: AppealInput): AppealRefusal | null {
  if (input.appealed) return "already_appealed";
  if (input.status === "paid") return "paid";
  if (input.status === "cancelled") return "cancelled";
  if (input.status !== "pending" || !input.disputeRejected || input.declinedAt === null) return "not_declined";
  if (input.memberCount < APPEAL_MIN_MEMBERS) return "too_few_members";
  if (!input.hasAppealsFeature) return "no_appeals_feature";
  if (input.now.getTime() >= appealDeadline(input.declinedAt).getTime()) return "window_passed";
  return null;
}

/** Whether the person fined may appeal now (appealRefusal finds nothing in the way). */
export const canAppeal = (input: AppealInput): boolean => appealRefusal(input) === null;

export const APPEAL_REASON_MESSAGE = "Appeal reason must be at least 5 characters long";
export const APPEAL_VOTE_MESSAGE = "Choose uphold or cancel";

/** 409s and 403s, each naming what stands in the way. */
export const APPEAL_NOT_DECLINED_MESSAGE = "Only a fine whose dispute was declined can be appealed.";
export const APPEAL_WINDOW_PASSED_MESSAGE = `The time to appeal has passed: an appeal must be made within ${String(APPEAL_WINDOW_DAYS)} days of the dispute being declined.`;
export const APPEAL_ONCE_MESSAGE = "This fine has already been appealed. A fine can be appealed only once.";
export const APPEAL_TOO_FEW_MESSAGE = `Appeals need at least ${String(APPEAL_MIN_MEMBERS)} members in the household. With two, the issuer's decision stands.`;
export const APPEAL_ONLY_OFFENDER_MESSAGE = "Only the person fined can appeal.";
export const APPEAL_PAID_MESSAGE = "This fine has already been paid, so it can no longer be appealed.";
export const APPEAL_OPEN_MESSAGE = "This fine is under appeal. It can be paid once the house has decided.";
export const APPEAL_VOTED_MESSAGE = "You have already voted on this appeal.";
export const APPEAL_NOT_VOTER_MESSAGE =
  "The issuer, the member who declined the dispute and the person fined do not vote on this appeal.";
export const APPEAL_CLOSED_MESSAGE = "This appeal has closed.";

/**
 * The 'Appeal decided:' section's text, appended to the fine's description when the appeal closes, e.g. 'Cancelled by
 * the house, 2 votes to 1.' or "The issuer's decision stands: a tie, 1 vote each."
 */
export function appealDecidedText(
  status: Exclude<AppealStatus, "open">,
  reason: AppealOutcomeReason,
  tally: Record<AppealVote, number>,
): string {
  const votes = (n: number) => `${String(n)} ${n === 1 ? "vote" : "votes"}`;
  if (status === "void") return "Closed: the fine was written off.";
  if (status === "cancelled") return `Cancelled by the house, ${votes(tally.cancel)} to ${String(tally.uphold)}.`;
  if (reason === "no_votes") return "The issuer's decision stands: nobody voted.";
  if (reason === "tie") return `The issuer's decision stands: a tie, ${votes(tally.uphold)} each.`;
  return `Upheld by the house, ${votes(tally.uphold)} to ${String(tally.cancel)}.`;
}
