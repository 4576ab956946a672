import { z } from "zod";
import { idSchema, timestampSchema } from "./common.js";
import { currencySchema } from "./currency.js";
import {
  ACTIVITY_KIND_MESSAGE,
  ACTIVITY_PAGE_DEFAULT,
  ACTIVITY_PAGE_MAX,
  ACTIVITY_SUBJECT_TYPES,
  expandActivityKinds,
} from "./values/activity.js";
import { DATE_RANGE_MESSAGE, PROPOSAL_STATUSES, VOTES } from "./values/fund.js";
import { APPEAL_OUTCOME_REASONS, APPEAL_VOTES } from "./values/appeals.js";
import { NOTE_COLORS } from "./values/notes.js";
import { PLAN_IDS } from "./values/plans.js";

/**
 * The household's activity log (issue 20, docs/decisions/042): one entry per change, append-only, written in the
 * change's own transaction. An entry carries what a person needs to read it without another request: names, titles
 * and amounts as they were when it happened (a renamed rule keeps its old title in old entries). Money is in the
 * household's currency, as the rest of the API gives it (a number with at most two decimals).
 */

/**
 * A person as the entry names them: their display name at the time. `id` is null, and `name` FORMER_MEMBER_NAME,
 * once their account is deleted; for the actor, `id` null with SYSTEM_ACTOR_NAME is Housemate itself.
 */
export const activityPersonSchema = z.object({ id: idSchema.nullable(), name: z.string() });
export type ActivityPerson = z.infer<typeof activityPersonSchema>;

/** The object an entry concerns; it may since have been deleted (then the page shows the entry without a link). */
export const activitySubjectSchema = z.object({ type: z.enum(ACTIVITY_SUBJECT_TYPES), id: idSchema });
export type ActivitySubject = z.infer<typeof activitySubjectSchema>;

const money = z.number();
const role = z.enum(["admin", "member"]);
/** What a fine's entries say about it, whatever happened to it. */
const fineFacts = { offender: activityPersonSchema, amount: money, rule_title: z.string() };
/** A departure's effect on the fines the person owed (each also has its own `fine.written_off` entry). */
const writeOffFacts = { fines_written_off: z.number().int(), amount_written_off: money };
const ruleFields = z.object({ title: z.string(), description: z.string(), fine_amount: money });
const reminderDays = z.number().int().nullable();
const householdFields = z.object({
  name: z.string(),
  iso_4217_code: currencySchema,
  join_by_id: z.boolean(),
  first_reminder_days: reminderDays,
  second_reminder_days: reminderDays,
  issuer_notice_days: reminderDays,
});
const noteFields = z.object({ content: z.string(), color: z.enum(NOTE_COLORS) });
const proposalFacts = { title: z.string(), amount: money };
/** An edit's fields: only those it changed, before and after. */
const changes = <Shape extends z.ZodRawShape>(fields: z.ZodObject<Shape>) =>
  z.object({ before: fields.partial(), after: fields.partial() });

/** Each kind's details. */
export const ACTIVITY_DETAILS = {
  "rule.created": ruleFields,
  /** `title` is the rule's title after the edit. */
  "rule.edited": changes(ruleFields).extend({ title: z.string() }),
  "rule.deleted": ruleFields.pick({ title: true, fine_amount: true }),
  "fine.issued": z.object({ ...fineFacts, description: z.string() }),
  "fine.edited": changes(z.object({ amount: money, description: z.string() })).extend({
    ...fineFacts,
    evidence_changed: z.boolean(),
  }),
  /** `transaction_id`: the fund's income entry the payment made. */
  "fine.paid": z.object({ ...fineFacts, transaction_id: idSchema.nullable() }),
  /** `reason`: the offender's, which the fine's description already shows every member. */
  "fine.disputed": z.object({ ...fineFacts, reason: z.string() }),
  /**
   * `accepted` cancels the fine; `declined` leaves it to pay. `reason` only when declined: that reason is appended to
   * the fine's description for every member, while an acceptance's stays in the dispute, which only its parties read.
   */
  "fine.reviewed": z.object({
    ...fineFacts,
    outcome: z.enum(["accepted", "declined"]),
    reason: z.string().optional(),
  }),
  /** `reason` is the fine's cancel_reason ('Left the household', 'Removed from the household'). */
  "fine.written_off": z.object({ ...fineFacts, reason: z.string() }),
  /** The person fined asked the house (decision 047); `reason` is appended to the fine as 'Appeal:'. */
  "fine.appealed": z.object({ ...fineFacts, reason: z.string(), closes_at: z.string() }),
  /**
   * Written when the appeal closes (by the last vote, its deadline, or the fine being written off); the actor is the
   * last voter, or Housemate. Votes are secret until then, so they are recorded here, not one entry each.
   */
  "fine.appeal_decided": z.object({
    ...fineFacts,
    status: z.enum(["upheld", "cancelled", "void"]),
    outcome_reason: z.enum(APPEAL_OUTCOME_REASONS),
    tally: z.object({ uphold: z.number().int(), cancel: z.number().int() }),
    votes: z.array(z.object({ voter: activityPersonSchema, vote: z.enum(APPEAL_VOTES) })),
  }),
  /** `via`: the household ID (join code) or an invite link. */
  "member.joined": z.object({ member: activityPersonSchema, via: z.enum(["join_code", "invite"]) }),
  /** `account_deleted`: they left by deleting their account. */
  "member.left": z.object({ member: activityPersonSchema, account_deleted: z.boolean(), ...writeOffFacts }),
  "member.removed": z.object({ member: activityPersonSchema, ...writeOffFacts }),
  "member.role_changed": z.object({ member: activityPersonSchema, from: role, to: role }),
  /** Issue 22: the member set or cleared their away date (null: back); the actor is the member. */
  "member.away_changed": z.object({
    member: activityPersonSchema,
    from: z.string().nullable(),
    to: z.string().nullable(),
  }),
  "household.created": householdFields.pick({ name: true, iso_4217_code: true }),
  "household.updated": changes(householdFields),
  "household.join_code_reset": z.object({}),
  /** The plan moved (issue 21): by the payment provider's event, so the actor is Housemate. */
  "household.plan_changed": z.object({ from: z.enum(PLAN_IDS), to: z.enum(PLAN_IDS) }),
  "invite.created": z.object({ expires: timestampSchema }),
  "invite.revoked": z.object({ created_by: activityPersonSchema }),
  "note.added": noteFields,
  "note.edited": changes(noteFields),
  "note.deleted": noteFields,
  /** `count`: the notes on the board, in their new order. */
  "note.reordered": z.object({ count: z.number().int() }),
  "proposal.created": z.object(proposalFacts),
  "proposal.voted": z.object({ ...proposalFacts, vote: z.enum(VOTES) }),
  "proposal.withdrawn": z.object(proposalFacts),
  /**
   * `outcome` is the proposal's status once decided; `reason` its outcome_reason; `transaction_id` the spending
   * entry of a proposal that passed. A proposal withdrawn because its proposer left is decided, not withdrawn.
   */
  "proposal.decided": z.object({
    ...proposalFacts,
    outcome: z.enum(PROPOSAL_STATUSES).exclude(["open"]),
    reason: z.string(),
    transaction_id: idSchema.nullable(),
  }),
  /**
   * The subject is the entry reversed; `correction_id` the correction that reversed it, `amount` and `description`
   * the reversed entry's.
   */
  "fund.reversed": z.object({
    correction_id: idSchema,
    amount: money,
    description: z.string(),
    reason: z.string(),
  }),
} as const;
export type ActivityDetailsByKind = { [K in keyof typeof ACTIVITY_DETAILS]: z.infer<(typeof ACTIVITY_DETAILS)[K]> };

const entryBase = {
  id: idSchema,
  household_id: idSchema,
  created_at: timestampSchema,
  actor: activityPersonSchema,
  subject: activitySubjectSchema,
};
const variant = <K extends keyof typeof ACTIVITY_DETAILS>(kind: K) =>
  z.object({ ...entryBase, kind: z.literal(kind), details: ACTIVITY_DETAILS[kind] });

/** One entry of the log, its `details` typed by its `kind`. */
export const activityEntrySchema = z.discriminatedUnion("kind", [
  variant("rule.created"),
  variant("rule.edited"),
  variant("rule.deleted"),
  variant("fine.issued"),
  variant("fine.edited"),
  variant("fine.paid"),
  variant("fine.disputed"),
  variant("fine.reviewed"),
  variant("fine.written_off"),
  variant("member.joined"),
  variant("member.left"),
  variant("member.removed"),
  variant("member.role_changed"),
  variant("member.away_changed"),
  variant("household.created"),
  variant("household.updated"),
  variant("household.join_code_reset"),
  variant("household.plan_changed"),
  variant("invite.created"),
  variant("invite.revoked"),
  variant("note.added"),
  variant("note.edited"),
  variant("note.deleted"),
  variant("note.reordered"),
  variant("proposal.created"),
  variant("proposal.voted"),
  variant("proposal.withdrawn"),
  variant("proposal.decided"),
  variant("fund.reversed"),
]);
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

const dateSchema = z.iso.date({ message: "Dates are written YYYY-MM-DD" });
/** An opaque cursor is a few dozen characters; anything longer is not one of ours. */
const CURSOR_MAX = 200;

/**
 * GET /households/{id}/activity's query: newest first, keyset-paged on (created_at, id). `before` is the previous
 * page's `next_cursor`. `kind` is one comma-separated list of groups (ACTIVITY_GROUPS) and single kinds. `from` and
 * `to` are whole UTC days, both included (as the fund's history).
 */
export const activityQuery = z
  .object({
    before: z.string().min(1).max(CURSOR_MAX).optional(),
    limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).default(ACTIVITY_PAGE_DEFAULT),
    /** Entries this member did, or that concern them (a fine they were issued, their role, their departure). */
    member: idSchema.optional(),
    kind: z
      .string()
      .max(1000)
      .refine((value) => expandActivityKinds(value) !== null, ACTIVITY_KIND_MESSAGE)
      .optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: DATE_RANGE_MESSAGE, path: ["to"] });
export type ActivityQuery = z.input<typeof activityQuery>;

/** A page of the log: `page.next_cursor` is the `before` of the next, older page; null on the last page. */
export const activityPageSchema = z.object({
  data: z.array(activityEntrySchema),
  page: z.object({ next_cursor: z.string().nullable() }),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
