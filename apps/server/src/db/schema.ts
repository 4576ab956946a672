import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  type AnyPgColumn,
  type ExtraConfigColumn,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const households = pgTable(
  "households",
  {
    id: id(),
    name: text("name").notNull(),
    currency: text("iso_4217_code").notNull(),
    createdBy: uuid("created_by"),
    /**
     * Bumped by a trigger whenever one of the household's fines is inserted or changed (migration 0001), in the
     * same transaction: the household's fines list is cached under it (features/fines/list-cache.ts).
     */
    finesVersion: integer("fines_version").notNull().default(0),
    /**
     * What joins the household by ID (POST /households/{id}/join): its id at creation, so SPEC's flow is unchanged,
     * and a fresh random one after each rotation (docs/decisions/020). The default only serves rows inserted without
     * one (test fixtures): an unguessable code, never a guessable one.
     */
    joinCode: uuid("join_code").notNull().unique().defaultRandom(),
    /** Off: the household cannot be joined by its code at all, only by an invite link. */
    joinById: boolean("join_by_id").notNull().default(true),
    /**
     * Issue 21 (docs/decisions/046): the plan the household pays for. Read only with PLANS=on; with plans off every
     * household has everything whatever this says. Moved by features/plans/plan-change.ts alone (one activity entry).
     */
    plan: text("plan", { enum: ["basic", "pro"] })
      .notNull()
      .default("basic"),
    /** The payment provider's customer for this household: made at its first checkout, kept after a cancellation. */
    stripeCustomerId: text("stripe_customer_id").unique(),
    /** The provider's subscription as its latest event described it (null: the household never subscribed). */
    stripeSubscriptionId: text("stripe_subscription_id"),
    subscriptionStatus: text("subscription_status"),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** The household's open Checkout session: expired before another is made, so one checkout buys one subscription. */
    checkoutSessionId: text("checkout_session_id"),
    /** The app's time when the stored subscription was read from the provider: an older read is not written over it. */
    subscriptionSyncedAt: timestamp("subscription_synced_at", { withTimezone: true }),
    /**
     * Issue 22 (docs/decisions/051): days after a fine becomes payable that its offender is reminded, twice, and its
     * issuer told it is still unpaid; null turns that one off. Defaults: the contract's REMINDER_DEFAULTS, written out
     * (its type allows null, which a column default here does not take); test/reminders.test.ts checks they agree.
     */
    firstReminderDays: integer("first_reminder_days").default(3),
    secondReminderDays: integer("second_reminder_days").default(7),
    issuerNoticeDays: integer("issuer_notice_days").default(14),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("households_plan_check", sql`${t.plan} in ('basic', 'pro')`)],
);

export const users = pgTable(
  "users",
  {
    id: id(),
    /** Null once the account is deleted: the row stays so the household's history keeps its people. */
    email: text("email"),
    displayName: text("display_name").notNull(),
    photoUrl: text("photo_url"),
    bio: text("bio"),
    householdId: uuid("household_id").references(() => households.id, { onDelete: "set null" }),
    isAdmin: boolean("is_admin").notNull().default(false),
    /** When they joined their current household (null for rows from before migration 0006: their created_at). */
    joinedAt: timestamp("joined_at", { withTimezone: true }),
    emailVerified: boolean("email_verified").notNull().default(false),
    /**
     * False while the name is the one made from the email's local part (an account made through /login): onboarding
     * asks for it first (issue 18). Set when the person gives a name: at registration, in onboarding, on the profile.
     */
    displayNameChosen: boolean("display_name_chosen").notNull().default(false),
    /** The latest magic-link verification; the one before it is kept below. Only the person's own answer reads them. */
    lastSignedInAt: timestamp("last_signed_in_at", { withTimezone: true }),
    /** Null during the session that made the account: the person has not been here before, so 'Welcome', not 'Welcome back'. */
    previousSignedInAt: timestamp("previous_signed_in_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Issue 22: the last day they are away, as they typed it (values/away.ts); null when not away. */
    awayUntil: date("away_until", { mode: "string" }),
    /**
     * When that away ends: the start of the next day in the person's own time zone (docs/decisions/054). Every rule
     * that asks whether someone is away (fines, reminders) reads this, never the date.
     */
    awayEndsAt: timestamp("away_ends_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email), index("users_household_idx").on(t.householdId)],
);

export const magicLinks = pgTable("magic_links", {
  id: id(),
  tokenHash: text("token_hash").notNull().unique(),
  email: text("email").notNull(),
  displayName: text("display_name"),
  inviteCode: text("invite_code"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  consumedAt: timestamp("consumed_at", { withTimezone: true }),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Fixed-window counters shared by every server instance (login rate limits). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

export const invites = pgTable(
  "invites",
  {
    id: id(),
    code: text("code").notNull().unique(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** How many people joined through the link (shown on the household's settings page). */
    timesUsed: integer("times_used").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("invites_household_idx").on(t.householdId)],
);

export const rules = pgTable(
  "rules",
  {
    id: id(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    /** Integer minor units (pence, cents): sums never drift. */
    fineAmountMinor: integer("fine_amount_minor").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    /** Deleted rules stay for the fines that cite them. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("rules_household_idx").on(t.householdId, t.createdAt)],
);

export const fines = pgTable(
  "fines",
  {
    id: id(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    offenderId: uuid("offender_id").references(() => users.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    ruleId: uuid("rule_id").references(() => rules.id, { onDelete: "set null" }),
    amountMinor: integer("amount_minor").notNull(),
    /**
     * pending | paid | disputed | cancelled (kept, never listed): cancelled when its dispute was accepted
     * (`cancel_reason` null), or written off when the offender left or was removed (docs/decisions/032).
     */
    status: text("status").notNull().default("pending"),
    cancelReason: text("cancel_reason"),
    /**
     * Who reviews a dispute of this fine when it is not its issuer: the admin it was handed to when the issuer left
     * the household (docs/decisions/032). Null: the issuer.
     */
    reviewerId: uuid("reviewer_id").references(() => users.id, { onDelete: "set null" }),
    description: text("description").notNull().default(""),
    disputeRejected: boolean("dispute_rejected").notNull().default(false),
    evidenceNote: text("evidence_note"),
    evidenceImages: jsonb("evidence_images")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** When its dispute was declined: the appeal window runs from it (docs/decisions/047). */
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    /**
     * The fine's appeal as every fine statement presents it (`fine.appeal`), copied from `fine_appeals` in the
     * appeal's own transactions, so the lists, pay and the issue need no join (docs/decisions/047). Null: never
     * appealed.
     */
    appealId: uuid("appeal_id"),
    appealStatus: text("appeal_status"),
    appealClosesAt: timestamp("appeal_closes_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Every list of fines is a keyset page in (created_at desc, id desc) order (decision 022), so each index has
    // both, in that order (NULLS FIRST, as ORDER BY … DESC sorts): a page is one index range. Status and amount
    // follow (drizzle cannot write INCLUDE) so the page's counts and sum are an index-only scan. The offender's
    // and issuer's lead with their person, which ON DELETE SET NULL looks up by, then the household.
    index("fines_household_created_idx").on(t.householdId, ...keysetThenTotals(t)),
    index("fines_offender_created_idx").on(t.offenderId, t.householdId, ...keysetThenTotals(t)),
    index("fines_issuer_idx").on(t.createdBy, t.householdId, ...keysetThenTotals(t)),
    // The reminder sweep's scan (issue 22): only the unpaid fines, oldest first.
    index("fines_pending_created_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Issue 22 (docs/decisions/051): the reminders sent for a fine, one row a stage, written in the same transaction as
 * the notification it records. The key makes each reminder exactly once, whichever instance's sweep gets there first.
 */
export const fineReminders = pgTable(
  "fine_reminders",
  {
    fineId: uuid("fine_id")
      .notNull()
      .references(() => fines.id, { onDelete: "cascade" }),
    /** first | second (to the offender) | issuer (the issuer told it is still unpaid). */
    stage: text("stage", { enum: ["first", "second", "issuer"] }).notNull(),
    /**
     * Null: skipped, not sent: the offender's first when their second was due by the time it could go
     * (`remindersDue`), or a stage a fine pending at migration 0017 had already reached (its backfill).
     */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.fineId, t.stage] }),
    check("fine_reminders_stage_check", sql`${t.stage} in ('first', 'second', 'issuer')`),
  ],
);

/** Issue 22 (docs/decisions/054): the weekly digests sent, one row per household and week, written with the digest's mail. */
export const householdDigests = pgTable(
  "household_digests",
  {
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    /** The first day (UTC) of the week the digest covers. */
    weekStart: date("week_start", { mode: "string" }).notNull(),
    /** How many people it was mailed to: 0 when nothing happened and it was skipped. */
    recipients: integer("recipients").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.householdId, t.weekStart] })],
);

/**
 * Issue 22 (docs/decisions/051): the server's periodic tasks (reminders, the digest), one row each. An instance takes
 * a due task by moving `locked_until` in one conditional UPDATE, so one instance runs it at a time; a crashed
 * instance's claim lapses. The next run is written when it finishes, so a restart picks up where it stopped.
 */
export const scheduledTasks = pgTable("scheduled_tasks", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  /**
   * The claim's random token, new for every claim: a run finishes or fails its row only while it still holds it, so a
   * run that outlived its lease never clears the claim of the instance that took over (lib/scheduler.ts).
   */
  lockedBy: text("locked_by"),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
  lastError: text("last_error"),
});

/**
 * Secrets the server makes for itself at first use and keeps here, so every instance shares them: the key that
 * signs unsubscribe links (issue 22), and later the push keys (issue 23). Never sent to anyone, never exported.
 */
export const instanceSecrets = pgTable("instance_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

/** What follows a fine list index's scope columns: the keyset order, then what the totals read. */
function keysetThenTotals(t: Record<"createdAt" | "id" | "status" | "amountMinor", ExtraConfigColumn>) {
  return [t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.status, t.amountMinor] as const;
}

export const disputes = pgTable(
  "disputes",
  {
    id: id(),
    fineId: uuid("fine_id")
      .notNull()
      .references(() => fines.id, { onDelete: "cascade" }),
    raisedBy: uuid("raised_by").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    /** pending | accepted | declined */
    status: text("status").notNull().default("pending"),
    reviewerNote: text("reviewer_note"),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("disputes_fine_idx").on(t.fineId, t.createdAt.desc())],
);

/**
 * The house's decision on a declined dispute (issue 21, docs/decisions/047): at most one per fine, opened by the person
 * fined, voted on by every other member but its issuer and the member who declined, closed by the last vote, its
 * deadline, or the fine being written off.
 */
export const fineAppeals = pgTable(
  "fine_appeals",
  {
    id: id(),
    fineId: uuid("fine_id")
      .notNull()
      .references(() => fines.id, { onDelete: "cascade" }),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    openedBy: uuid("opened_by").references(() => users.id, { onDelete: "set null" }),
    /** Who declined the dispute (the issuer, or the admin its review was handed to): they do not vote either. */
    declinedBy: uuid("declined_by").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    /** open | upheld | cancelled | void */
    status: text("status").notNull().default("open"),
    /** majority | tie | no_votes | written_off; null while open. */
    outcomeReason: text("outcome_reason"),
    /** How many members could vote when it closed (while open, it is counted). */
    voterCountAtDecision: integer("voter_count_at_decision"),
    closesAt: timestamp("closes_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("fine_appeals_fine_idx").on(t.fineId),
    // The household's open appeals (its list, and the sweep's per-household pass) and the sweep's due ones.
    index("fine_appeals_open_idx")
      .on(t.householdId, t.closesAt)
      .where(sql`${t.status} = 'open'`),
    index("fine_appeals_open_closes_idx")
      .on(t.closesAt)
      .where(sql`${t.status} = 'open'`),
    check("fine_appeals_status", sql`${t.status} in ('open', 'upheld', 'cancelled', 'void')`),
  ],
);

/** One voter's vote on an appeal: cast once, final. */
export const appealVotes = pgTable(
  "appeal_votes",
  {
    appealId: uuid("appeal_id")
      .notNull()
      .references(() => fineAppeals.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** uphold | cancel */
    vote: text("vote").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.appealId, t.userId] }),
    check("appeal_votes_vote", sql`${t.vote} in ('uphold', 'cancel')`),
  ],
);

/**
 * Every change the issuer made to a fine through `PATCH /fines/{id}`, written in the edit's transaction: who, when,
 * and the amount and description before and after (docs/decisions/019). An edit that changes nothing writes none.
 */
export const fineEdits = pgTable(
  "fine_edits",
  {
    id: id(),
    fineId: uuid("fine_id")
      .notNull()
      .references(() => fines.id, { onDelete: "cascade" }),
    editedBy: uuid("edited_by").references(() => users.id, { onDelete: "set null" }),
    amountBeforeMinor: integer("amount_before_minor").notNull(),
    amountAfterMinor: integer("amount_after_minor").notNull(),
    descriptionBefore: text("description_before").notNull(),
    descriptionAfter: text("description_after").notNull(),
    evidenceChanged: boolean("evidence_changed").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("fine_edits_fine_idx").on(t.fineId, t.createdAt)],
);

export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    householdId: uuid("household_id").references(() => households.id, { onDelete: "cascade" }),
    typeId: text("type_id").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_created_idx").on(t.userId, t.createdAt.desc())],
);

export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    typeId: text("type_id").notNull(),
    inAppEnabled: boolean("in_app_enabled").notNull().default(true),
    emailEnabled: boolean("email_enabled").notNull().default(true),
    /** Issue 23: pushed to the person's subscribed devices (push_subscriptions). */
    pushEnabled: boolean("push_enabled").notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.userId, t.typeId] })],
);

/**
 * A device that gets Web Push (issue 23, docs/decisions/055): the browser's push service endpoint and the device's
 * keys (RFC 8291). Tied to the session that registered it, so signing out (or the session ending) removes it; an
 * endpoint is one device, registered by one person at a time.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    /** The device's P-256 public key and auth secret, base64url as the browser gave them. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
    /** When a push last reached its push service: the device unused longest goes first past the limit. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId), index("push_subscriptions_session_idx").on(t.sessionId)],
);

export const stickyNotes = pgTable(
  "sticky_notes",
  {
    id: id(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    color: text("color").notNull().default("yellow"),
    position: integer("position").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sticky_notes_household_idx").on(t.householdId, t.position)],
);

/**
 * Who an admin removed from a household, when and why: they cannot join it again by its ID, only by an invite link
 * made after the removal (docs/decisions/032). Gone once they are back through such a link.
 */
export const householdRemovals = pgTable(
  "household_removals",
  {
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    removedBy: uuid("removed_by").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    removedAt: timestamp("removed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.householdId, t.userId] })],
);

/**
 * A proposal to spend the fine fund, which the household votes on (issue 17, docs/decisions/034). Open until more than
 * half of the current members vote yes (passed: its amount leaves the fund as one `spending` entry), that can no longer
 * happen or its `closes_at` passes (failed), or its proposer withdraws it.
 */
export const spendingProposals = pgTable(
  "spending_proposals",
  {
    id: id(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    proposedBy: uuid("proposed_by").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    note: text("note"),
    /** The receipt's upload path (not its URL: the address is made when the proposal is shown). */
    receiptPath: text("receipt_path"),
    /** open | passed | failed | withdrawn */
    status: text("status").notNull().default("open"),
    outcomeReason: text("outcome_reason"),
    /** The household's members when it was decided (votes_needed is computed from it). */
    memberCountAtDecision: integer("member_count_at_decision"),
    closesAt: timestamp("closes_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("spending_proposals_household_idx").on(t.householdId, t.status, t.createdAt.desc()),
    index("spending_proposals_open_closes_idx")
      .on(t.closesAt)
      .where(sql`${t.status} = 'open'`),
    check("spending_proposals_amount_positive", sql`${t.amountMinor} > 0`),
    check("spending_proposals_status", sql`${t.status} in ('open', 'passed', 'failed', 'withdrawn')`),
  ],
);

/** One member's vote on a proposal; they may change it while the proposal is open. */
export const spendingVotes = pgTable(
  "spending_votes",
  {
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => spendingProposals.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** yes | no */
    vote: text("vote").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.proposalId, t.userId] }),
    check("spending_votes_vote", sql`${t.vote} in ('yes', 'no')`),
  ],
);

/**
 * The fine fund's append-only ledger (issue 17, docs/decisions/034). Triggers (migration 0008) refuse every UPDATE
 * and every DELETE but the household's own deletion, check that a correction reverses an entry of its household by
 * its exact opposite, and add each entry to `fund_balances`, whose CHECK keeps the balance from going below zero.
 */
export const fundEntries = pgTable(
  "fund_entries",
  {
    id: id(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    /** income | spending | correction */
    type: text("type").notNull(),
    /** Signed minor units: income positive, spending negative, a correction the opposite of what it reverses. */
    amountMinor: integer("amount_minor").notNull(),
    /** What it was for when the money moved: the fine's rule title, the proposal's title, the correction's reason. */
    description: text("description").notNull(),
    /** Who moved the money: the fine's payer, the proposer, the correcting admin. Users rows are never deleted. */
    memberId: uuid("member_id").references(() => users.id),
    // No ON DELETE action for what an entry cites: only the household's own deletion removes its ledger.
    fineId: uuid("fine_id")
      .unique()
      .references(() => fines.id),
    /** The rule of the fine paid, when the money moved (rules are only ever soft-deleted). */
    ruleId: uuid("rule_id").references(() => rules.id),
    proposalId: uuid("proposal_id")
      .unique()
      .references(() => spendingProposals.id),
    /** A correction's entry; unique, so an entry is reversed at most once. */
    reversesId: uuid("reverses_id")
      .unique()
      .references((): AnyPgColumn => fundEntries.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("fund_entries_household_created_idx").on(t.householdId, t.createdAt.desc(), t.id.desc()),
    check(
      "fund_entries_shape",
      sql`(${t.type} = 'income' and ${t.amountMinor} > 0 and ${t.fineId} is not null and ${t.proposalId} is null and ${t.reversesId} is null)
        or (${t.type} = 'spending' and ${t.amountMinor} < 0 and ${t.proposalId} is not null and ${t.fineId} is null and ${t.reversesId} is null)
        or (${t.type} = 'correction' and ${t.reversesId} is not null and ${t.fineId} is null and ${t.proposalId} is null)`,
    ),
  ],
);

/** The fund's balance, the sum of its ledger's entries, kept by a trigger; never below zero. */
export const fundBalances = pgTable(
  "fund_balances",
  {
    householdId: uuid("household_id")
      .primaryKey()
      .references(() => households.id, { onDelete: "cascade" }),
    balanceMinor: bigint("balance_minor", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("fund_balances_never_negative", sql`${t.balanceMinor} >= 0`)],
);

/**
 * The fund's income and spending by UTC month (`month` is its first day), kept by the ledger's trigger in the entry's
 * statement, a correction counted against the type it reverses: the stats read a row a month, never the whole ledger.
 */
export const fundMonths = pgTable(
  "fund_months",
  {
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    month: date("month", { mode: "string" }).notNull(),
    incomeMinor: bigint("income_minor", { mode: "number" }).notNull().default(0),
    spentMinor: bigint("spent_minor", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.householdId, t.month] })],
);

/** An upload slot: reserved by `upload-url`, filled by `PUT /storage/upload/{filePath}`. */
export const uploads = pgTable(
  "uploads",
  {
    id: id(),
    filePath: text("file_path").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    category: text("category").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("uploads_user_idx").on(t.userId)],
);

/** PostgreSQL's bytea as a Node Buffer (drizzle has no built-in column for it). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  // node-postgres answers with a Buffer, PGlite with a Uint8Array: both become a Buffer over the same memory.
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The bytes of uploaded files when FILE_STORE=database (plugins/stores/database-store.ts), so every instance on the
 * database serves them. Keys are the file store's (`category/id.ext`, a thumbnail beside it); rows are never updated.
 */
export const storedFiles = pgTable("stored_files", {
  key: text("key").primaryKey(),
  bytes: bytea("bytes").notNull(),
  size: integer("size").notNull(),
  createdAt: createdAt(),
});

/** Mail waiting to go out: written in the event's transaction, sent after commit, retried on failure. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** Extra headers a message needs (a support message's Reply-To and priority); null for most mail. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /**
     * Issue 22: lower is sent first. 0 is a sign-in link, which never waits behind notification mail (its own lane);
     * 1 is notification and support mail; 2 is the weekly digest, whose Monday burst never delays notifications.
     * The outbox takes due mail by priority, then age.
     */
    priority: integer("priority").notNull().default(1),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_due_idx")
      .on(t.priority, t.createdAt)
      .where(sql`${t.sentAt} is null`),
    // The hourly prune of sent mail (pruneSentMail) reads only sent rows, oldest first, never the whole week's HTML.
    index("mail_outbox_sent_idx")
      .on(t.sentAt)
      .where(sql`${t.sentAt} is not null`),
  ],
);

/**
 * Pushes waiting to go out (issue 23): written in the event's transaction with its notification, sent after commit,
 * retried on failure until the push's TTL; removed with their subscription.
 */
export const pushOutbox = pgTable(
  "push_outbox",
  {
    id: id(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    /** The contract's PushPayload, encrypted for the subscription only when it is sent. */
    payload: jsonb("payload").$type<Record<string, string>>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    /**
     * When it is next due. Queued as due since the epoch (queue.ts): the row is written by the database's clock inside
     * the event's statement, the claim compares the app's, and a never-tried push is due at once by either.
     */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true })
      .notNull()
      .default(sql`'epoch'`),
    /**
     * When it is given up: PUSH_TTL_SECONDS after its first try, by the sending instance's clock (the row is written
     * inside the event's statement, with the database's). Null until then.
     */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    // The claim's order, over the pushes still to send only: sent and given-up ones (attempts at outbox.ts's
    // MAX_PUSH_ATTEMPTS) leave it (decision 055).
    index("push_outbox_due_idx")
      .on(t.nextAttemptAt, t.createdAt)
      .where(sql`${t.sentAt} is null and ${t.attempts} < 30`),
    // A subscription removed (signed out, expired at its push service) takes its pushes with it: found by this.
    index("push_outbox_subscription_idx").on(t.subscriptionId),
  ],
);

/**
 * The household's activity log (issue 20, docs/decisions/042): one row per change, written in the change's own
 * transaction by features/activity's `recordActivity`. A trigger (migration 0011) refuses every UPDATE and every
 * DELETE but the household's own deletion, whose cascade takes its log with it. People are kept by id (users rows are
 * never deleted) with their name at the time; a deleted account reads as 'Former member' when the log is read.
 */
export const activityLog = pgTable(
  "activity_log",
  {
    /** Time-ordered (UUIDv7), so entries of one transaction, which share `created_at`, keep the order they were made. */
    id: uuid("id").primaryKey(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => households.id, { onDelete: "cascade" }),
    /** One of the contract's ACTIVITY_KINDS. */
    kind: text("kind").notNull(),
    /** Who made the change; null for Housemate itself (a proposal failing at its closing time). */
    actorId: uuid("actor_id").references(() => users.id),
    actorName: text("actor_name").notNull(),
    /** The person the entry concerns besides its actor (a fine's offender, a member whose role changed): `member` filter. */
    memberId: uuid("member_id").references(() => users.id),
    subjectType: text("subject_type").notNull(),
    subjectId: uuid("subject_id").notNull(),
    /** The kind's details as the contract types them, with names, titles and amounts as they were. */
    details: jsonb("details").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("activity_log_household_created_idx").on(t.householdId, t.createdAt.desc(), t.id.desc()),
    index("activity_log_actor_idx").on(t.householdId, t.actorId, t.createdAt.desc(), t.id.desc()),
    index("activity_log_member_idx").on(t.householdId, t.memberId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * The payment provider's events already applied (issue 21, docs/decisions/046), keyed by the provider's own event id:
 * the webhook inserts the id in the transaction that applies the event, so the same event delivered twice changes
 * nothing the second time. The household is kept for reading the history; a deleted household leaves its events.
 */
export const billingEvents = pgTable("billing_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  householdId: uuid("household_id").references(() => households.id, { onDelete: "set null" }),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
