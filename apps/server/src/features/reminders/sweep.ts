import { and, asc, eq, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { FORMER_MEMBER_NAME, type NotificationTypeId } from "@housemate/contract";
import type { Database, Executor, Transaction } from "../../db/client.js";
import { fineReminders, fines, households, rules, users } from "../../db/schema.js";
import { shareHousehold } from "../../lib/household-lock.js";
import { sweepHousehold, type SweepFailure } from "../../lib/household-sweep.js";
import { formatAmount } from "../fines/money-text.js";
import { recordNotification } from "../notifications/record.js";
import { remindersDue, wholeDaysBetween, type ReminderStage } from "./due.js";
import { issuerNoticeText, offenderReminderText, type ReminderStory } from "./texts.js";

/** The fines read at a time, oldest first; a run reads page after page until none is left. */
export const REMINDER_PAGE = 500;
/** The fines locked by one transaction: paying one of them waits for at most this many fines' reminders. */
export const REMINDER_CHUNK = 50;

const offender = alias(users, "offender");
const issuer = alias(users, "issuer");

/** Where a page of the batch read ended: the next page starts after it. */
interface PageEnd {
  /** As PostgreSQL writes it: a JavaScript date would drop the microseconds, and the page would start again at it. */
  createdAt: string;
  id: string;
}

/**
 * Sends every reminder of unpaid fines that is due at `now` (issue 22, docs/decisions/051), each exactly once however
 * many instances run this at the same moment: a reminder is the insert of its `fine_reminders` row (ON CONFLICT DO
 * NOTHING) and, only when that row was inserted, its notification, in one transaction. The due fines are read a page
 * at a time, each page after the last fine of the one before (keyset), so fines that cannot be sent now (a household
 * whose part keeps failing) never hide the ones behind them. Each household's fines go in chunks of `chunk`, a
 * transaction each: with `onFailure`, one that fails is reported and the others still go. Answers how many reminders
 * it sent, one whose recipient turned its notifications off included (its stage is spent all the same).
 */
export async function sendDueReminders(
  db: Database,
  params: {
    now: Date;
    publicUrl: string;
    page?: number;
    chunk?: number;
    onFailure?: SweepFailure;
    signal?: AbortSignal;
  },
): Promise<number> {
  const pageSize = params.page ?? REMINDER_PAGE;
  const chunkSize = params.chunk ?? REMINDER_CHUNK;
  let sent = 0;
  let after: PageEnd | null = null;
  for (;;) {
    const due = await fineIdsDue(db, params.now, pageSize, after);
    const byHousehold = new Map<string, string[]>();
    for (const { id, householdId } of due) {
      const ids = byHousehold.get(householdId) ?? [];
      ids.push(id);
      byHousehold.set(householdId, ids);
    }
    for (const [householdId, fineIds] of byHousehold) {
      params.signal?.throwIfAborted(); // shutdown: the next run goes on with the rest
      for (let start = 0; start < fineIds.length; start += chunkSize) {
        const chunk = fineIds.slice(start, start + chunkSize);
        const remind = () => db.transaction((tx) => remindInHousehold(tx, householdId, chunk, params));
        sent += await sweepHousehold(householdId, remind, params.onFailure);
      }
    }
    const last = due[due.length - 1];
    if (due.length < pageSize || !last) return sent;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** `days` whole days of 24 hours: exactly `remindersDue`'s `DAY_MS`, where `* interval '1 day'` would be calendar days. */
export const daysOf = (days: AnyPgColumn | SQL): SQL => sql`make_interval(hours => ${days} * 24)`;

/**
 * The pending fines that have a reminder due, oldest first (`fines_pending_created_idx`), after `after`. Only those
 * with something to send are read, so fines whose reminders are all written, or that wait for someone away, never
 * fill a page. The same rules are applied again, exactly, under the fines' locks (`remindersDue`): this read only
 * narrows (test/reminders.test.ts runs one table of cases through both).
 */
export async function fineIdsDue(db: Executor, now: Date, limit: number, after: PageEnd | null = null) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const payableFrom = sql`coalesce(${fines.declinedAt}, ${fines.createdAt})`;
  const reached = (days: AnyPgColumn): SQL => sql`(${days} is not null and ${payableFrom} + ${daysOf(days)} <= ${at})`;
  const written = (stage: ReminderStage): SQL =>
    sql`exists (select 1 from ${fineReminders} where ${fineReminders.fineId} = ${fines.id} and ${fineReminders.stage} = ${stage})`;
  const notWritten = (stage: ReminderStage): SQL => sql`not ${written(stage)}`;
  const inHousehold = (person: typeof offender | typeof issuer) =>
    and(isNull(person.deletedAt), eq(person.householdId, fines.householdId));
  // Away until the end of their last day in their own zone (values/away.ts: `isAway`).
  const notAway = (person: typeof offender | typeof issuer) =>
    or(isNull(person.awayEndsAt), lte(person.awayEndsAt, now));

  return db
    .select({ id: fines.id, householdId: fines.householdId, createdAt: sql<string>`${fines.createdAt}::text` })
    .from(fines)
    .innerJoin(households, eq(households.id, fines.householdId))
    .innerJoin(offender, eq(offender.id, fines.offenderId))
    .leftJoin(issuer, eq(issuer.id, fines.createdBy))
    .where(
      and(
        eq(fines.status, "pending"),
        after
          ? sql`(${fines.createdAt}, ${fines.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
        or(isNull(fines.appealStatus), ne(fines.appealStatus, "open")),
        inHousehold(offender),
        notAway(offender),
        or(
          and(reached(households.secondReminderDays), notWritten("second")),
          and(reached(households.firstReminderDays), notWritten("first"), notWritten("second")),
          and(reached(households.issuerNoticeDays), notWritten("issuer"), inHousehold(issuer), notAway(issuer)),
        ),
      ),
    )
    .orderBy(asc(fines.createdAt), asc(fines.id))
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
      issuerAwayEndsAt: issuer.awayEndsAt,
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
    .select({ fineId: fineReminders.fineId, stage: fineReminders.stage, sentAt: fineReminders.sentAt })
    .from(fineReminders)
    .where(
      inArray(
        fineReminders.fineId,
        locked.map((row) => row.fine.id),
      ),
    );

  // Every stage row of the chunk in one insert; the rows are the claim: a stage another sweep wrote meanwhile does not
  // come back, and is not told twice.
  const toWrite: (typeof fineReminders.$inferInsert)[] = [];
  const firstSent = new Set(
    writtenRows.filter((written) => written.stage === "first" && written.sentAt !== null).map((row) => row.fineId),
  );
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
        issuerAwayEndsAt: row.issuerAwayEndsAt,
        written: new Set(writtenRows.filter((written) => written.fineId === fine.id).map((written) => written.stage)),
      },
      params.now,
    );
    if (due.send.length === 0) continue;
    for (const stage of due.skip) toWrite.push({ fineId: fine.id, stage, sentAt: null, createdAt: params.now });
    for (const stage of due.send) toWrite.push({ fineId: fine.id, stage, sentAt: params.now, createdAt: params.now });
  }
  if (toWrite.length === 0) return 0;
  const claimed = await tx
    .insert(fineReminders)
    .values(toWrite)
    .onConflictDoNothing()
    .returning({ fineId: fineReminders.fineId, stage: fineReminders.stage, sentAt: fineReminders.sentAt });

  const rowOf = new Map(locked.map((row) => [row.fine.id, row]));
  let sent = 0;
  for (const { fineId, stage, sentAt } of claimed) {
    const row = rowOf.get(fineId);
    if (sentAt === null || !row) continue;
    const { fine } = row;
    const recipientId = stage === "issuer" ? fine.createdBy : fine.offenderId;
    if (recipientId === null) continue;
    const story: ReminderStory = {
      issuerName: nameOf(row.issuerName, row.issuerDeletedAt),
      offenderName: nameOf(row.offenderName, row.offenderDeletedAt),
      ruleTitle: row.ruleTitle,
      amount: formatAmount(fine.amountMinor, row.currency),
      daysSinceIssued: wholeDaysBetween(fine.createdAt, params.now),
    };
    const type: NotificationTypeId = stage === "issuer" ? "fine_unpaid" : "fine_reminder";
    const text =
      stage === "issuer"
        ? issuerNoticeText(story)
        : offenderReminderText(story, { firstSent: stage === "second" && firstSent.has(fineId) });
    await recordNotification(tx, { type, householdId, recipientIds: [recipientId], ...text }, params.publicUrl);
    sent++;
  }
  return sent;
}
