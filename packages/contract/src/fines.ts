import { z } from "zod";
import { idSchema, positiveMoneySchema, timestampSchema } from "./common.js";
import { multiLineText } from "./text.js";
import { APPEAL_STATUSES } from "./values/appeals.js";
import {
  DISPUTE_MARKER_MESSAGE,
  DISPUTE_REASON_MESSAGE,
  DISPUTE_STATUSES,
  EVIDENCE_IMAGES_MAX,
  FINE_PAGE_DEFAULT,
  FINE_PAGE_MAX,
  FINE_STATUSES,
  FINE_TEXT_MAX,
  hasDisputeMarker,
  REASON_MIN_LENGTH,
  REVIEW_ACTION_MESSAGE,
  REVIEW_ACTIONS,
  REVIEW_REASON_MESSAGE,
} from "./values/fines.js";
export const fineStatusSchema = z.enum(FINE_STATUSES);
const withoutDisputeMarker = (text: z.ZodString) =>
  text.refine((value) => !hasDisputeMarker(value), DISPUTE_MARKER_MESSAGE);
const fineDescriptionSchema = withoutDisputeMarker(
  multiLineText({ max: FINE_TEXT_MAX, tooLong: `Description can be at most ${FINE_TEXT_MAX} characters` }),
);
const evidenceNote = multiLineText({
  max: FINE_TEXT_MAX,
  tooLong: `Evidence note can be at most ${FINE_TEXT_MAX} characters`,
});
const reasonSchema = (tooShort: string) =>
  withoutDisputeMarker(
    multiLineText({
      min: REASON_MIN_LENGTH,
      tooShort,
      max: FINE_TEXT_MAX,
      tooLong: `Reason can be at most ${FINE_TEXT_MAX} characters`,
    }),
  );

export const evidenceSchema = z.object({
  note: z.string().max(1000).nullable().optional(),
  images: z.array(z.string()).max(EVIDENCE_IMAGES_MAX).optional(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

export const fineSchema = z.object({
  id: idSchema,
  household_id: idSchema,
  offender_id: idSchema.nullable(),
  created_by: idSchema.nullable(),
  rule_id: idSchema.nullable(),
  amount: z.number(),
  status: fineStatusSchema,
  description: z.string(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  paid_at: timestampSchema.nullable(),
  dispute_rejected: z.boolean(),
  evidence: z.object({ note: z.string().nullable(), images: z.array(z.string()) }).nullable(),
  /** Why a `cancelled` fine was written off ('Left the household', 'Removed from the household'); null otherwise. */
  cancel_reason: z.string().nullable(),
  /**
   * Who reviews a dispute of this fine: its issuer, or the member the review went to when the issuer left (decision
   * 032); null once neither is in the household.
   */
  reviewer_id: idSchema.nullable(),
  /** When its dispute was declined (the appeal window runs from it); null otherwise. */
  declined_at: timestampSchema.nullable(),
  /** The house's appeal of the declined dispute (decision 047); null when none was opened. */
  appeal: z.object({ id: idSchema, status: z.enum(APPEAL_STATUSES), closes_at: timestampSchema }).nullable(),
});
export type Fine = z.infer<typeof fineSchema>;

export const createFineBody = z.strictObject({
  offender_id: idSchema,
  rule_id: idSchema,
  amount: positiveMoneySchema,
  description: fineDescriptionSchema.optional().default(""),
  household_id: idSchema,
  created_by: idSchema.optional(),
  evidence: z
    .strictObject({
      note: evidenceNote.optional(),
      images: z.array(z.string().max(2048)).max(EVIDENCE_IMAGES_MAX).optional(),
    })
    .optional(),
});
export type CreateFineBody = z.input<typeof createFineBody>;

/** The generic PATCH edits what an issuer may change; status moves only through pay/dispute/review. */
export const updateFineBody = z
  .object({
    description: fineDescriptionSchema.optional(),
    amount: positiveMoneySchema.optional(),
    evidence: createFineBody.shape.evidence,
  })
  .strict();
export type UpdateFineBody = z.input<typeof updateFineBody>;
/** An opaque cursor is a few dozen characters; anything longer is not one of ours. */
const CURSOR_MAX = 200;

/**
 * Which fines a list answers with, newest first (decision 022). Every list of fines is a page: keyset-paged (`cursor`
 * is the previous page's `next_cursor`), at most `limit` fines, narrowed by status, issuer and reviewer.
 */
export const finesPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(FINE_PAGE_MAX).default(FINE_PAGE_DEFAULT),
  cursor: z.string().min(1).max(CURSOR_MAX).optional(),
  /** Only the fines in this status; every listed status when absent. */
  status: fineStatusSchema.optional(),
  /** Only the fines this member issued. */
  created_by: idSchema.optional(),
  /**
   * Only the fines whose disputes this member reviews: those they issued, and those handed to them when their issuer
   * left (decision 032). It reads every fine of the scope, where `created_by` reads an index.
   */
  reviewer: idSchema.optional(),
});
export type FinesPageQuery = z.input<typeof finesPageQuery>;

export const finePathParams = z.object({ hid: idSchema, fid: idSchema });
export const disputePathParams = finePathParams.extend({ did: idSchema });

export const disputeBody = z.strictObject({
  reason: reasonSchema(DISPUTE_REASON_MESSAGE),
});
export const reviewBody = z.strictObject({
  action: z.enum(REVIEW_ACTIONS, { message: REVIEW_ACTION_MESSAGE }),
  reason: reasonSchema(REVIEW_REASON_MESSAGE),
});
export type ReviewBody = z.infer<typeof reviewBody>;
export const disputeSchema = z.object({
  id: idSchema,
  fine_id: idSchema,
  reason: z.string(),
  explanation: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  reviewer_note: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Dispute = z.infer<typeof disputeSchema>;

export const fineListSchema = z.array(fineSchema);

/** What a page of fines says about the whole list it is part of. */
export const finePageInfoSchema = z.object({
  /** Fines matching the query, its status filter included: 'Page X of Y' is X of ceil(total / limit). */
  total: z.number().int(),
  /** Those fines' amounts summed, in the household's currency ('£12.50 to pay'). */
  amount: z.number(),
  /** The `cursor` of the next, older page; null on the last page. */
  next_cursor: z.string().nullable(),
  /** The listed fines of the query's scope by status, whatever its status filter (My Fines' tab counts). */
  by_status: z.object({
    pending: z.number().int(),
    paid: z.number().int(),
    disputed: z.number().int(),
    /** Written off (decision 032): neither owed nor paid. */
    cancelled: z.number().int(),
  }),
});
export type FinePageInfo = z.infer<typeof finePageInfoSchema>;
/** A list of fines as every list route answers: SPEC's list in `data`, with `page` beside it. */
export const finePageSchema = z.object({ data: fineListSchema, page: finePageInfoSchema });
export type FinePage = z.infer<typeof finePageSchema>;

/** One change the issuer made to a pending, never-disputed fine (what `PATCH /fines/{id}` keeps). */
export const fineEditSchema = z.object({
  id: idSchema,
  fine_id: idSchema,
  /** Null once that account is gone. */
  edited_by: idSchema.nullable(),
  amount_before: z.number(),
  amount_after: z.number(),
  description_before: z.string(),
  description_after: z.string(),
  evidence_changed: z.boolean(),
  created_at: timestampSchema,
});
export type FineEdit = z.infer<typeof fineEditSchema>;
/** Oldest first. */
export const fineEditListSchema = z.array(fineEditSchema);

export const payResponse = z.object({ success: z.literal(true), fine: fineSchema });
export const disputeResponse = z.object({ fine: fineSchema, dispute: disputeSchema });
export const reviewResponse = z.object({
  fine: fineSchema.nullable(),
  dispute: disputeSchema,
});
