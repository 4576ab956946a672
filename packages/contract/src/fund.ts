import { z } from "zod";
import { idSchema, positiveMoneySchema, timestampSchema } from "./common.js";
import { multiLineText, singleLineText } from "./text.js";
import {
  CORRECTION_REASON_MAX,
  DATE_RANGE_MESSAGE,
  PROPOSAL_NOTE_MAX,
  PROPOSAL_STATUSES,
  PROPOSAL_TITLE_MAX,
  SORT_ORDERS,
  TRANSACTION_PAGE_DEFAULT,
  TRANSACTION_PAGE_MAX,
  TRANSACTION_PAGE_NUMBER_MAX,
  TRANSACTION_SORTS,
  TRANSACTION_TYPES,
  VOTES,
} from "./values/fund.js";

/**
 * The fine fund (issue 17, docs/decisions/034): its append-only ledger ("transactions"), and spending it together by
 * proposals the household votes on. Texts, limits and the voting rule are in values/fund.ts.
 */

/** One entry of the household's ledger. Money is in the household's currency, exact to the minor unit. */
export const transactionSchema = z.object({
  id: idSchema,
  household_id: idSchema,
  type: z.enum(TRANSACTION_TYPES),
  /** Signed: income is positive, spending negative, a correction the opposite of the entry it reverses. */
  amount: z.number(),
  /**
   * What it was for, as it was when the money moved: a paid fine's rule title, a proposal's title, a correction's
   * reason.
   */
  description: z.string(),
  created_at: timestampSchema,
  /** Who moved the money: the person who paid the fine, who proposed the spending, or the admin who corrected. */
  member_id: idSchema.nullable(),
  /** Income: the fine paid, and its rule (null for a rule since deleted for good, and for other types). */
  fine_id: idSchema.nullable(),
  rule_id: idSchema.nullable(),
  /** Spending: the proposal that passed. */
  proposal_id: idSchema.nullable(),
  /** A correction: the entry it reverses. */
  reverses_id: idSchema.nullable(),
  /** The correction that reversed this entry; null while it stands. */
  reversed_by_id: idSchema.nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

const dateSchema = z.iso.date({ message: "Dates are written YYYY-MM-DD" });

/**
 * The transaction history's query (SPEC §3's filters and sort): filters, sort and a numbered page. Dates are whole
 * UTC days, both ends included.
 */
export const transactionsQuery = z
  .object({
    type: z.enum(TRANSACTION_TYPES).optional(),
    /** Entries this member moved (see `member_id`). */
    member: idSchema.optional(),
    /** Income from fines of this rule. */
    rule: idSchema.optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
    sort: z.enum(TRANSACTION_SORTS).default("date"),
    order: z.enum(SORT_ORDERS).default("desc"),
    page: z.coerce.number().int().min(1).max(TRANSACTION_PAGE_NUMBER_MAX).default(1),
    limit: z.coerce.number().int().min(1).max(TRANSACTION_PAGE_MAX).default(TRANSACTION_PAGE_DEFAULT),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: DATE_RANGE_MESSAGE, path: ["to"] });
export type TransactionsQuery = z.input<typeof transactionsQuery>;

export const transactionPageSchema = z.object({
  data: z.array(transactionSchema),
  page: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    /** Entries matching the filters: 'Page X of Y' is X of ceil(total / limit). */
    total: z.number().int(),
  }),
});
export type TransactionPage = z.infer<typeof transactionPageSchema>;

export const transactionParams = z.object({ id: idSchema, transactionId: idSchema });
/** POST …/transactions/{transactionId}/reverse (admin): the correction's reason, shown in the history. */
export const reverseTransactionBody = z.strictObject({
  reason: singleLineText({
    min: 1,
    tooShort: "Give a reason for the correction",
    max: CORRECTION_REASON_MAX,
    tooLong: `The reason can be at most ${CORRECTION_REASON_MAX} characters`,
  }),
});
export type ReverseTransactionBody = z.input<typeof reverseTransactionBody>;

/** One month's money in and out of the fund (`month` is YYYY-MM, UTC); corrections count against what they reverse. */
export const fundMonthSchema = z.object({ month: z.string(), income: z.number(), spending: z.number() });
export type FundMonth = z.infer<typeof fundMonthSchema>;

export const proposalVoteSchema = z.object({ user_id: idSchema, vote: z.enum(VOTES) });
/** A spending proposal, as every member sees it. */
export const proposalSchema = z.object({
  id: idSchema,
  household_id: idSchema,
  /** Null once that account is gone. */
  proposed_by: idSchema.nullable(),
  title: z.string(),
  amount: z.number(),
  note: z.string().nullable(),
  /** The receipt photo's address; its thumbnail is `thumbnailUrl(receipt_url)`. */
  receipt_url: z.string().nullable(),
  status: z.enum(PROPOSAL_STATUSES),
  /** Why it was decided as it was (PROPOSAL_OUTCOME_REASONS, or fundShortReason); null while open. */
  outcome_reason: z.string().nullable(),
  created_at: timestampSchema,
  /** When it fails unless it has passed (PROPOSAL_VOTING_DAYS after it was made). */
  closes_at: timestampSchema,
  decided_at: timestampSchema.nullable(),
  /**
   * The votes that count: while open, those of current members (the proposer's yes is cast with the proposal);
   * once decided, those cast by then.
   */
  votes: z.array(proposalVoteSchema),
  /** Current members while open; the members when it was decided after. */
  member_count: z.number().int(),
  /** Yes votes it needs: votesNeeded(member_count). */
  votes_needed: z.number().int(),
  /** The spending entry it made when it passed. */
  transaction_id: idSchema.nullable(),
});
export type Proposal = z.infer<typeof proposalSchema>;
export const proposalListSchema = z.array(proposalSchema);

export const proposalParams = z.object({ id: idSchema, proposalId: idSchema });
/** Open proposals, oldest closing first; or the most recently decided ones (DECIDED_PROPOSALS_LIMIT). */
export const proposalsQuery = z.object({ status: z.enum(["open", "decided"]).default("open") });

export const createProposalBody = z.strictObject({
  title: singleLineText({
    min: 1,
    tooShort: "Title is required",
    max: PROPOSAL_TITLE_MAX,
    tooLong: `Title can be at most ${PROPOSAL_TITLE_MAX} characters`,
  }),
  amount: positiveMoneySchema,
  note: multiLineText({ max: PROPOSAL_NOTE_MAX, tooLong: `Note can be at most ${PROPOSAL_NOTE_MAX} characters` })
    .optional()
    .default(""),
  /** The publicUrl of an image the proposer uploaded in the `receipts` category. */
  receipt_url: z.string().max(2048).optional(),
});
export type CreateProposalBody = z.input<typeof createProposalBody>;

/** PUT …/proposals/{proposalId}/vote: a member's vote, which they may change while the proposal is open. */
export const voteBody = z.strictObject({ vote: z.enum(VOTES, { message: "Vote yes or no" }) });
export type VoteBody = z.infer<typeof voteBody>;
