import { randomUUID } from "node:crypto";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { Currency, UpdateHouseholdBody } from "@housemate/contract";
import { effectivePlan } from "../../lib/effective-plan.js";
import type { Config } from "../../config.js";
import type { Database, Transaction } from "../../db/client.js";
import { fines, householdRemovals, households, users } from "../../db/schema.js";
import type { HouseholdRow } from "../../lib/access.js";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.js";
import {
  CURRENCY_CHANGE_NEEDS_CONFIRMATION_MESSAGE,
  HOUSEHOLD_NOT_FOUND_MESSAGE,
  JOIN_BY_ID_OFF_MESSAGE,
  REMOVED_MEMBER_REJOIN_MESSAGE,
  currencySchema,
  reminderSettingsProblem,
  type ReminderSettings,
} from "@housemate/contract";
import { announceHouseholdChanged, recordNotification } from "../notifications/record.js";
import { lockedHousehold, stillMember } from "./departure.js";
import { addMember, ALREADY_MEMBER_CREATE_MESSAGE } from "./membership.js";
import { personOf, recordActivity } from "../activity/record.js";
import { requireFreeSeat } from "../plans/limits.js";
import { changedFields } from "../activity/changed-fields.js";

/**
 * Creates a household with its creator as its first member and admin (DESIGN §3), in one
 * transaction: a creator who is already in a household leaves no empty household behind.
 */
export async function createHousehold(
  db: Database,
  params: { creatorId: string; name: string; currency: Currency; publicUrl: string; now: Date },
): Promise<HouseholdRow> {
  // The join code starts as the id, so SPEC's "join by household ID" works until an admin rotates it.
  const id = randomUUID();
  return db.transaction(async (tx) => {
    const [household] = await tx
      .insert(households)
      .values({
        id,
        joinCode: id,
        name: params.name,
        currency: params.currency,
        createdBy: params.creatorId,
        createdAt: params.now,
        updatedAt: params.now,
      })
      .returning();
    if (!household) throw new Error("household insert returned no row");
    const creator = await addMember(tx, {
      userId: params.creatorId,
      householdId: household.id,
      isAdmin: true,
      publicUrl: params.publicUrl,
      now: params.now,
      conflictMessage: ALREADY_MEMBER_CREATE_MESSAGE,
    });
    // One entry: the creator's joining is the household's creation.
    await recordActivity(tx, {
      ...householdActivity(household.id, creator, params.now),
      kind: "household.created",
      details: { name: household.name, iso_4217_code: params.currency },
    });
    return household;
  });
}

/**
 * Joins a household by the ID people share (SPEC §1), which is its join code: the household's id until an admin
 * rotates it, then only the new code (docs/decisions/020). Refused while the household has joining by ID off.
 * The other members are told.
 */
export async function joinHousehold(
  db: Database,
  params: { userId: string; joinCode: string; publicUrl: string; now: Date; config: Pick<Config, "plans"> },
): Promise<HouseholdRow> {
  return db.transaction(async (tx) => {
    // The household's lock (FOR UPDATE, as lib/household-lock.ts takes it): a rotation or a switch-off committing
    // meanwhile is waited for and then seen, so no one joins with a code that has just stopped working; and two
    // people joining the plan's last seat are counted one after the other (issue 21).
    const [household] = await tx
      .select()
      .from(households)
      .where(eq(households.joinCode, params.joinCode))
      .limit(1)
      .for("update");
    if (!household) throw notFound(HOUSEHOLD_NOT_FOUND_MESSAGE);
    if (!household.joinById) throw forbidden(JOIN_BY_ID_OFF_MESSAGE);
    if (await wasRemoved(tx, household.id, params.userId)) throw forbidden(REMOVED_MEMBER_REJOIN_MESSAGE);
    await requireFreeSeat(tx, effectivePlan(params.config, household), household.id);
    const member = await addMember(tx, { ...params, householdId: household.id, isAdmin: false });
    await recordActivity(tx, {
      householdId: household.id,
      kind: "member.joined",
      actor: personOf(member),
      subject: { type: "member", id: member.id },
      details: { member: personOf(member), via: "join_code" },
      at: params.now,
    });
    return household;
  });
}

/** When the person was removed from the household by an admin, if they were (and have not rejoined since). */
export async function wasRemoved(tx: Transaction, householdId: string, userId: string): Promise<Date | null> {
  const [removal] = await tx
    .select({ removedAt: householdRemovals.removedAt })
    .from(householdRemovals)
    .where(and(eq(householdRemovals.householdId, householdId), eq(householdRemovals.userId, userId)))
    .limit(1);
  return removal?.removedAt ?? null;
}

/**
 * Changes a household's settings (`adminId` must be its admin); returns the household. A new
 * currency while the household has any fine needs `confirmKeepAmounts`: amounts keep their numbers (decision 032).
 * The other members are told of a new name or currency, and every member's open socket is told to reload.
 */
export async function updateHousehold(
  db: Database,
  params: { householdId: string; adminId: string; changes: UpdateHouseholdBody; now: Date; publicUrl: string },
): Promise<HouseholdRow> {
  const { changes, householdId } = params;
  return db.transaction(async (tx) => {
    // Locked FOR UPDATE: two admins' changes apply one after the other, and a fine being written meanwhile cannot
    // slip past the currency check. A fine's insert takes the household's row FOR KEY SHARE (its foreign key's
    // check), which this lock excludes: a fine either committed before it (and `hasFines` below, a later statement,
    // sees it), or waits for this change to commit and is written after it, in the new currency, like one issued a
    // moment later (its amount is a number: the client sends no currency). Issuing does not lock the row itself:
    // it is the busiest write there is, and its three round trips stay three (test/fines.test.ts).
    const before = await lockedHousehold(tx, householdId);
    // The admin as they now are, under the lock: one removed or stepped down a moment ago changes nothing.
    const admin = await stillMember(tx, params.adminId, householdId, true);
    const newName = changes.name !== undefined && changes.name !== before.name ? changes.name : null;
    const newCurrency =
      changes.iso_4217_code !== undefined && changes.iso_4217_code !== before.currency ? changes.iso_4217_code : null;
    if (newCurrency && !changes.confirmKeepAmounts && (await hasFines(tx, householdId))) {
      throw conflict(CURRENCY_CHANGE_NEEDS_CONFIRMATION_MESSAGE);
    }
    const reminders = reminderSettingsAfter(before, changes);

    const household = await setHousehold(tx, householdId, {
      ...(newName ? { name: newName } : {}),
      ...(newCurrency ? { currency: newCurrency } : {}),
      ...(changes.join_by_id === undefined ? {} : { joinById: changes.join_by_id }),
      firstReminderDays: reminders.first_reminder_days,
      secondReminderDays: reminders.second_reminder_days,
      issuerNoticeDays: reminders.issuer_notice_days,
      updatedAt: params.now,
    });
    if (newName || newCurrency) {
      const others = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.householdId, householdId), ne(users.id, admin.id), isNull(users.deletedAt)));
      await recordNotification(
        tx,
        {
          type: "household_updated",
          householdId,
          recipientIds: others.map((other) => other.id),
          title: "Household updated",
          message: householdUpdatedText(admin.displayName, newName, newCurrency),
        },
        params.publicUrl,
      );
    }
    // Settings sent as they already were change nothing to log.
    const changed = settingsChanges(before, household);
    if (Object.keys(changed.before).length > 0) {
      await recordActivity(tx, {
        ...householdActivity(householdId, admin, params.now),
        kind: "household.updated",
        details: changed,
      });
    }
    await announceHouseholdChanged(tx, [householdId]);
    return household;
  });
}

/** What the log's entries about the household itself share. */
const householdActivity = (householdId: string, actor: { id: string; displayName: string }, at: Date) => ({
  householdId,
  actor: personOf(actor),
  subject: { type: "household" as const, id: householdId },
  at,
});

/** The settings a change changed, before and after (none when it set them to what they were). */
function settingsChanges(before: HouseholdRow, after: HouseholdRow) {
  const settingsOf = (household: HouseholdRow) => ({
    name: household.name,
    iso_4217_code: currencySchema.parse(household.currency),
    join_by_id: household.joinById,
    first_reminder_days: household.firstReminderDays,
    second_reminder_days: household.secondReminderDays,
    issuer_notice_days: household.issuerNoticeDays,
  });
  return changedFields(settingsOf(before), settingsOf(after));
}

/**
 * The reminder settings as this change would store them (issue 22, docs/decisions/051): the ones it sends over the
 * stored ones, checked together, so a second reminder sent alone cannot come before the stored first one. The refusal
 * names the field the request sent (the second when it sent both): that is the one to correct.
 */
function reminderSettingsAfter(before: HouseholdRow, changes: UpdateHouseholdBody): ReminderSettings {
  const settings: ReminderSettings = {
    first_reminder_days:
      changes.first_reminder_days === undefined ? before.firstReminderDays : changes.first_reminder_days,
    second_reminder_days:
      changes.second_reminder_days === undefined ? before.secondReminderDays : changes.second_reminder_days,
    issuer_notice_days: changes.issuer_notice_days === undefined ? before.issuerNoticeDays : changes.issuer_notice_days,
  };
  const problem = reminderSettingsProblem(settings);
  if (problem) {
    const field = changes.second_reminder_days === undefined ? "first_reminder_days" : "second_reminder_days";
    throw badRequest(problem, [{ path: `body.${field}`, message: problem }]);
  }
  return settings;
}

function householdUpdatedText(adminName: string, newName: string | null, newCurrency: string | null): string {
  const changes = [
    ...(newName ? [`renamed the household to ${newName}`] : []),
    ...(newCurrency ? [`changed its currency to ${newCurrency} (amounts keep their numbers)`] : []),
  ];
  return `${adminName} ${changes.join(" and ")}.`;
}

/** Whether the household has any fine at all, cancelled ones included: each has an amount in the old currency. */
async function hasFines(tx: Transaction, householdId: string): Promise<boolean> {
  const [any] = await tx.select({ id: fines.id }).from(fines).where(eq(fines.householdId, householdId)).limit(1);
  return any !== undefined;
}

/**
 * Gives a household a fresh random join code (`adminId` must be its admin): the old code, the household's id
 * included, stops joining at once. Returns the household with its new code.
 */
export async function rotateJoinCode(
  db: Database,
  params: { householdId: string; adminId: string; now: Date },
): Promise<HouseholdRow> {
  return db.transaction(async (tx) => {
    await lockedHousehold(tx, params.householdId);
    const admin = await stillMember(tx, params.adminId, params.householdId, true);
    const household = await setHousehold(tx, params.householdId, { joinCode: randomUUID(), updatedAt: params.now });
    await recordActivity(tx, {
      ...householdActivity(household.id, admin, params.now),
      kind: "household.join_code_reset",
      details: {},
    });
    // Members' settings pages show the code: they reload it.
    await announceHouseholdChanged(tx, [household.id]);
    return household;
  });
}

/** One update of one household, answered with the row as it now is (404 if it has gone meanwhile). */
async function setHousehold(
  db: Database | Transaction,
  householdId: string,
  values: Partial<typeof households.$inferInsert>,
): Promise<HouseholdRow> {
  const [household] = await db.update(households).set(values).where(eq(households.id, householdId)).returning();
  if (!household) throw notFound(HOUSEHOLD_NOT_FOUND_MESSAGE);
  return household;
}
