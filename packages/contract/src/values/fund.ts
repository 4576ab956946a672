/**
 * The fine fund (issue 17, docs/decisions/034): its ledger's entry types, the spending proposals' statuses, votes and
 * limits, the voting rule itself, and the texts the API answers with.
 *
 * A module of values/: no schema library (docs/decisions/033). The schemas are in ../fund.ts.
 */

/**
 * A ledger entry's type: `income` is a paid fine, `spending` a passed proposal, and `correction` an entry that
 * reverses an earlier one (its amount the opposite of that entry's), with a reason. Entries are never changed.
 */
export const TRANSACTION_TYPES = ["income", "spending", "correction"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/** The transaction history's sort keys: `amount` sorts by size, whichever way the money moved. */
export const TRANSACTION_SORTS = ["date", "amount"] as const;
export type TransactionSort = (typeof TRANSACTION_SORTS)[number];
export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const TRANSACTION_PAGE_DEFAULT = 20;
export const TRANSACTION_PAGE_MAX = 100;
/** The highest page number the history takes: a link asking for more is read as this page. */
export const TRANSACTION_PAGE_NUMBER_MAX = 100_000;
/** Months of income and spending the stats answer with, the current one last. */
export const FUND_STATS_MONTHS = 12;

export const PROPOSAL_STATUSES = ["open", "passed", "failed", "withdrawn"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export const VOTES = ["yes", "no"] as const;
export type Vote = (typeof VOTES)[number];
/** An open proposal that has not passed this many days after it was made fails. */
export const PROPOSAL_VOTING_DAYS = 7;
export const PROPOSAL_TITLE_MAX = 80;
export const PROPOSAL_NOTE_MAX = 1000;
export const CORRECTION_REASON_MAX = 200;
/** Open proposals one household may have at once. */
export const OPEN_PROPOSALS_MAX = 20;
/** Decided proposals `GET …/proposals?status=decided` answers with at most, newest first. */
export const DECIDED_PROPOSALS_LIMIT = 20;

/** Yes votes a proposal needs to pass: more than half of the household's current members. */
export const votesNeeded = (memberCount: number): number => Math.floor(memberCount / 2) + 1;

/**
 * What the votes of a household's current members decide: `passed` once more than half voted yes, `failed` once that
 * can no longer happen (too many voted no), null while it still can. Votes of people who left do not count.
 */
export function votingOutcome(votes: { yes: number; no: number; members: number }): "passed" | "failed" | null {
  const needed = votesNeeded(votes.members);
  if (votes.yes >= needed) return "passed";
  const stillPossible = votes.yes + (votes.members - votes.yes - votes.no);
  return stillPossible < needed ? "failed" : null;
}

/** A decided proposal's `outcome_reason`. */
export const PROPOSAL_OUTCOME_REASONS = {
  passed: "More than half of the household voted yes.",
  rejected: "Not enough members can still vote yes.",
  expired: `No majority voted yes within ${PROPOSAL_VOTING_DAYS} days.`,
  withdrawn: "The person who proposed it withdrew it.",
  proposerLeft: "The person who proposed it left the household.",
} as const;
/** A proposal that passed when the fund no longer held its amount (`amount` and `balance` formatted with currency). */
export const fundShortReason = (amount: string, balance: string): string =>
  `The fund no longer covers ${amount}: it holds ${balance}.`;

/** 409: voting on, or withdrawing, a proposal that is no longer open. */
export const PROPOSAL_NOT_OPEN_MESSAGE = "This proposal has already been decided.";
/** 403: withdrawing someone else's proposal. */
export const ONLY_PROPOSER_WITHDRAWS_MESSAGE = "Only the person who proposed this spending can withdraw it.";
/** 404: a proposal id that is not one of the household's. */
export const PROPOSAL_NOT_FOUND_MESSAGE = "Spending proposal not found";
/** 409: a proposal while the household already has OPEN_PROPOSALS_MAX open ones. */
export const OPEN_PROPOSALS_LIMIT_MESSAGE = `A household can have at most ${OPEN_PROPOSALS_MAX} open proposals. Wait for one to be decided.`;
/** 400: a receipt that is not an image its proposer uploaded as a receipt. */
export const RECEIPT_IMAGE_MESSAGE = "The receipt must be an image you uploaded as a receipt.";
/** 404: a transaction id that is not one of the household's. */
export const TRANSACTION_NOT_FOUND_MESSAGE = "Transaction not found";
/** 409: reversing an entry a correction already reversed. */
export const ALREADY_REVERSED_MESSAGE = "This transaction has already been reversed.";
/** 409: reversing a correction (make a new entry instead: there is nothing to undo twice). */
export const CORRECTION_NOT_REVERSIBLE_MESSAGE = "A correction cannot itself be reversed.";
/** 409: reversing income the fund has since spent: the balance would go below zero. */
export const CORRECTION_OVERDRAWS_MESSAGE = "The fund does not hold enough to reverse this income.";
/** 400: a date range whose end is before its start. */
export const DATE_RANGE_MESSAGE = "The end date cannot be before the start date.";
