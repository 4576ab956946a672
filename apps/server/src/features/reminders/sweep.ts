import { and, asc, eq, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { FORMER_MEMBER_NAME, type NotificationTypeId } from "@housemate/contract";
import type { Database, Transaction } from "../../db/client.js";
import { fineReminders, fines, households, rules, users } from "../../db/schema.js";
import { shareHousehold } from "../../lib/household-lock.js";
import { sweepHousehold, type SweepFailure } from "../../lib/household-sweep.js";
import { formatAmount } from "../fines/money-text.js";
import { recordNotification } from "../notifications/record.js";
import { remindersDue, wholeDaysBetween, type ReminderStage } from "./due.js";
import { issuerNoticeText, offenderReminderText, type ReminderStory } from "./texts.js";

/** At most this many fines are reminded of in one run, the oldest first; the next run goes on with the rest. */
export const REMINDER_BATCH = 500;

const offender = alias(users, "offender");
const issuer = alias(users, "issuer");

/**
 * Sends every reminder of unpaid fines that is due at `now` (issue 22, docs/decisions/051), each exactly once however
 * many instances run this at the same moment: a reminder is the insert of its `fine_reminders` row (ON CONFLICT DO
 * NOTHING) and, only when that row was inserted, its notification, in one transaction. Each household's part is a
 * transaction of its own: with `onFailure`, one that fails is reported and the others still go. Answers how many
 * reminders it sent, one whose recipient turned its notifications off included (its stage is spent all the same).
 */
export async function sendDueReminders(
  db: Database,
  params: { now: Date; publicUrl: string; limit?: number; onFailure?: SweepFailure },
): Promise<number> {
  const due = await fineIdsDue(db, params.now, params.limit ?? REMINDER_BATCH);
  const byHousehold = new Map<string, string[]>();
  for (const { id, householdId } of due) byHousehold.set(householdId, [...(byHousehold.get(householdId) ?? []), id]);

  let sent = 0;
  for (const [householdId, fineIds] of byHousehold) {
    const remind = () => db.transaction((tx) => remindInHousehold(tx, householdId, fineIds, params));
    sent += await sweepHousehold(householdId, remind, params.onFailure);
  }
  return sent;
}

/**
 * The pending fines that have a reminder due, oldest first (`fines_pending_created_idx`). Only those with something
 * to send are read, so fines whose reminders are all written, or that wait for someone away, never fill a batch.
 * The same rules are applied again, exactly, under the fines' locks (`remindersDue`): this read only narrows.
 */
async function fineIdsDue(db: Database, now: Date, limit: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const payableFrom = sql`coalesce(${fines.declinedAt}, ${fines.createdAt})`;
  const reached = (days: AnyPgColumn): SQL =>
    sql`(${days} is not null and ${payableFrom} + ${days} * interval '1 day' <= ${at})`;
  const written = (stage: ReminderStage): SQL =>
    sql`exists (select 1 from ${fineReminders} where ${fineReminders.fineId} = ${fines.id} and ${fineReminders.stage} = ${stage})`;
  const notWritten = (stage: ReminderStage): SQL => sql`not ${written(stage)}`;
  const inHousehold = (person: typeof offender | typeof issuer) =>
    and(isNull(person.deletedAt), eq(person.householdId, fines.householdId));

  return db
    .select({ id: fines.id, householdId: fines.householdId })
    .from(fines)
    .innerJoin(households, eq(households.id, fines.householdId))
    .innerJoin(offender, eq(offender.id, fines.offenderId))
    .leftJoin(issuer, eq(issuer.id, fines.createdBy))
    .where(
      and(
        eq(fines.status, "pending"),
        or(isNull(fines.appealStatus), ne(fines.appealStatus, "open")),
        inHousehold(offender),
        // Away until the end of their last day in their own zone (values/away.ts: `isAway`).
        or(isNull(offender.awayEndsAt), lte(offender.awayEndsAt, now)),
        or(
          and(reached(households.secondReminderDays), notWritten("second")),
          and(reached(households.firstReminderDays), notWritten("first"), notWritten("second")),
          and(reached(households.issuerNoticeDays), notWritten("issuer"), inHousehold(issuer)),
        ),
      ),
    )
    .orderBy(asc(fines.createdAt))
    .limit(limit);
}

/** How a reminder names someone: a deleted account is a former member. */
const nameOf = (name: string | null, deletedAt: Date | null): string =>
  (deletedAt === null ? name : null) ?? FORMER_MEMBER_NAME;

/** One household's reminders: its fines locked (in id order, as two instances' sweeps then queue, never deadlock). */
async function remindInHousehold(
  tx: Transaction,
  householdId: string,
  fineIds: string[],
  params: { now: Date; publicUrl: string },
): Promise<number> {
  // A departure holds the household and then locks the fines it writes off; a share taken first queues this behind
  // it instead of deadlocking with it (lib/household-lock.ts). The fines then read as it left them.
  await shareHousehold(tx, householdId);
  const locked = await tx
    .select({
      fine: fines,
      currency: households.currency,
      settings: {
        first_reminder_days: households.firstReminderDays,
        second_reminder_days: households.secondReminderDays,
        issuer_notice_days: households.issuerNoticeDays,
      },
      offenderName: offender.displayName,
      offenderDeletedAt: offender.deletedAt,
      offenderHouseholdId: offender.householdId,
      offenderAwayEndsAt: offender.awayEndsAt,
      issuerName: issuer.displayName,
      issuerDeletedAt: issuer.deletedAt,
      issuerHouseholdId: issuer.householdId,
      ruleTitle: rules.title,
    })
    .from(fines)
    .innerJoin(households, eq(households.id, fines.householdId))
    .leftJoin(offender, eq(offender.id, fines.offenderId))
    .leftJoin(issuer, eq(issuer.id, fines.createdBy))
    .leftJoin(rules, eq(rules.id, fines.ruleId))
    .where(and(inArray(fines.id, fineIds), eq(fines.householdId, householdId), eq(fines.status, "pending")))
    .orderBy(asc(fines.id))
    .for("update", { of: fines });
  if (locked.length === 0) return 0;

  const writtenRows = await tx
    .select({ fineId: fineReminders.fineId, stage: fineReminders.stage })
    .from(fineReminders)
    .where(
      inArray(
        fineReminders.fineId,
        locked.map((row) => row.fine.id),
      ),
    );

  let sent = 0;
  for (const row of locked) {
    const { fine } = row;
    // A live account still in the fine's household (a missing one's columns are all null).
    const offenderReachable = row.offenderDeletedAt === null && row.offenderHouseholdId === fine.householdId;
    const issuerReachable = row.issuerDeletedAt === null && row.issuerHouseholdId === fine.householdId;
    const due = remindersDue(
      row.settings,
      {
        payableFrom: fine.declinedAt ?? fine.createdAt,
        underAppeal: fine.appealStatus === "open",
        offenderReachable,
        offenderAwayEndsAt: row.offenderAwayEndsAt,
        issuerReachable,
        written: new Set(writtenRows.filter((written) => written.fineId === fine.id).map((written) => written.stage)),
      },
      params.now,
    );
    if (due.send.length === 0) continue;

    if (due.skip.length > 0) {
      await tx
        .insert(fineReminders)
        .values(due.skip.map((stage) => ({ fineId: fine.id, stage, sentAt: null, createdAt: params.now })))
        .onConflictDoNothing();
    }
    // The row is the claim: a stage another sweep wrote meanwhile comes back empty, and is not told twice.
    const claimed = await tx
      .insert(fineReminders)
      .values(due.send.map((stage) => ({ fineId: fine.id, stage, sentAt: params.now, createdAt: params.now })))
      .onConflictDoNothing()
      .returning({ stage: fineReminders.stage });

    const story: ReminderStory = {
      issuerName: nameOf(row.issuerName, row.issuerDeletedAt),
      offenderName: nameOf(row.offenderName, row.offenderDeletedAt),
      ruleTitle: row.ruleTitle,
      amount: formatAmount(fine.amountMinor, row.currency),
      daysSinceIssued: wholeDaysBetween(fine.createdAt, params.now),
    };
    for (const { stage } of claimed) {
      const recipientId = stage === "issuer" ? fine.createdBy : fine.offenderId;
      if (recipientId === null) continue;
      const type: NotificationTypeId = stage === "issuer" ? "fine_unpaid" : "fine_reminder";
      const text = stage === "issuer" ? issuerNoticeText(story) : offenderReminderText(story, stage);
      await recordNotification(tx, { type, householdId, recipientIds: [recipientId], ...text }, params.publicUrl);
      sent++;
    }
  }
  return sent;
}
