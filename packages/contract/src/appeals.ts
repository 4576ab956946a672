import { z } from "zod";
import { idSchema, timestampSchema } from "./common.js";
import { fineSchema } from "./fines.js";
import { multiLineText } from "./text.js";
import {
  APPEAL_OUTCOME_REASONS,
  APPEAL_REASON_MESSAGE,
  APPEAL_STATUSES,
  APPEAL_VOTE_MESSAGE,
  APPEAL_VOTES,
} from "./values/appeals.js";
import { DISPUTE_MARKER_MESSAGE, FINE_TEXT_MAX, hasDisputeMarker, REASON_MIN_LENGTH } from "./values/fines.js";

export const appealStatusSchema = z.enum(APPEAL_STATUSES);
export const appealVoteSchema = z.enum(APPEAL_VOTES, { message: APPEAL_VOTE_MESSAGE });

/** POST …/appeal: the person fined asks the house, with a reason (appended to the fine as 'Appeal:'). */
export const openAppealBody = z.strictObject({
  reason: multiLineText({
    min: REASON_MIN_LENGTH,
    tooShort: APPEAL_REASON_MESSAGE,
    max: FINE_TEXT_MAX,
    tooLong: `Reason can be at most ${String(FINE_TEXT_MAX)} characters`,
  }).refine((value) => !hasDisputeMarker(value), DISPUTE_MARKER_MESSAGE),
});
export type OpenAppealBody = z.input<typeof openAppealBody>;

/** POST …/appeal/votes: one vote per voter, final. */
export const appealVoteBody = z.strictObject({ vote: appealVoteSchema });
export type AppealVoteBody = z.input<typeof appealVoteBody>;

/** A voter as a closed appeal names them; `id` null and 'Former member' once their account is gone. */
const appealVoterSchema = z.object({ id: idSchema.nullable(), name: z.string(), vote: appealVoteSchema });

/**
 * An appeal as its household's members read it. Who voted stays private until it closes: while open, only how many
 * have voted and the caller's own vote; once closed, the tally and each vote by name.
 */
export const appealSchema = z.object({
  id: idSchema,
  fine_id: idSchema,
  household_id: idSchema,
  reason: z.string(),
  status: appealStatusSchema,
  /** Why it closed as it did; null while open. */
  outcome_reason: z.enum(APPEAL_OUTCOME_REASONS).nullable(),
  /** The person fined, who opened it (null once their account is gone). */
  opened_by: idSchema.nullable(),
  created_at: timestampSchema,
  closes_at: timestampSchema,
  decided_at: timestampSchema.nullable(),
  /** The members who may vote: now while open, at the close once closed. */
  voters: z.number().int(),
  votes_cast: z.number().int(),
  /** The caller's vote; null if they have not voted (or may not). */
  my_vote: appealVoteSchema.nullable(),
  /** The caller may vote now: a member other than the issuer, the member who declined the dispute and the person fined, not yet voted, appeal open. */
  can_vote: z.boolean(),
  /** Null while open. */
  tally: z.object({ uphold: z.number().int(), cancel: z.number().int() }).nullable(),
  /** Null while open. */
  votes: z.array(appealVoterSchema).nullable(),
});
export type Appeal = z.infer<typeof appealSchema>;

export const appealWithFineSchema = z.object({ appeal: appealSchema, fine: fineSchema });
export type AppealWithFine = z.infer<typeof appealWithFineSchema>;
/** GET /households/{id}/appeals: the household's open appeals, soonest closing first. */
export const openAppealsSchema = z.array(appealWithFineSchema);
