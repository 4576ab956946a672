import { and, asc, count, eq, gt, gte, isNull, lt, sql, type Column } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import {
  disputes,
  fineAppeals,
  fines,
  fundEntries,
  householdDigests,
  households,
  notificationPreferences,
  spendingProposals,
  users,
} from "../../db/schema.js";
import { fundBalanceMinor } from "../balance/queries.js";
import { preferenceOf, recipientFields, type Recipient } from "../notifications/record.js";
import type { DigestWeek } from "./schedule.js";

/** A household as its digest names it. */
export interface DigestHousehold {
  id: string;
  name: string;
  currency: string;
}

/**
 * Up to `limit` households, in id order after `after`, that existed before the week ended and have no digest for it
 * yet: the sweep's next batch. A household done meanwhile by another instance is skipped again by `claimDigest`.
 */
export function householdsWithoutDigest(
  db: Executor,
  params: { week: DigestWeek; after: string | null; limit: number },
): Promise<DigestHousehold[]> {
  return db
    .select({ id: households.id, name: households.name, currency: households.currency })
    .from(households)
    .leftJoin(
      householdDigests,
      and(eq(householdDigests.householdId, households.id), eq(householdDigests.weekStart, params.week.key)),
    )
    .where(
      and(
        isNull(householdDigests.householdId),
        lt(households.createdAt, params.week.end),
        params.after === null ? undefined : gt(households.id, params.after),
      ),
    )
    .orderBy(asc(households.id))
    .limit(params.limit);
}

/**
 * Takes the household's digest for the week, as skipped (no recipients) until told otherwise: true for the one
 * transaction that wrote the row. Another instance's insert waits for this transaction and then finds the row.
 */
export async function claimDigest(tx: Executor, householdId: string, weekKey: string): Promise<boolean> {
  const claimed = await tx
    .insert(householdDigests)
    .values({ householdId, weekStart: weekKey, recipients: 0 })
    .onConflictDoNothing()
    .returning({ householdId: householdDigests.householdId });
  return claimed.length > 0;
}

export async function recordRecipients(tx: Executor, householdId: string, weekKey: string, recipients: number) {
  await tx
    .update(householdDigests)
    .set({ recipients })
    .where(and(eq(householdDigests.householdId, householdId), eq(householdDigests.weekStart, weekKey)));
}

/** What a digest says: the week's fines and fund, and what is open now. Amounts in minor units. */
export interface WeekFigures {
  issued: { count: number; totalMinor: number };
  paid: { count: number; totalMinor: number };
  fund: { balanceMinor: number; changeMinor: number; entries: number };
  openDisputes: number;
  openAppeals: number;
  /** The titles of the proposals still open, oldest first. */
  openProposals: string[];
}

const within = (column: Column, week: DigestWeek) => and(gte(column, week.start), lt(column, week.end));
/** sum() of an integer column is a bigint, which drivers hand back as a string; none is 0. */
const totalOf = (column: Column) => sql<string>`coalesce(sum(${column}), 0)`.mapWith(Number);

export async function weekFigures(
  db: Executor,
  params: { householdId: string; week: DigestWeek; now: Date },
): Promise<WeekFigures> {
  const { householdId, week, now } = params;
  const [issued] = await db
    .select({ count: count(), totalMinor: totalOf(fines.amountMinor) })
    .from(fines)
    .where(and(eq(fines.householdId, householdId), within(fines.createdAt, week)));
  const [paid] = await db
    .select({ count: count(), totalMinor: totalOf(fines.amountMinor) })
    .from(fines)
    .where(and(eq(fines.householdId, householdId), eq(fines.status, "paid"), within(fines.paidAt, week)));
  const [fund] = await db
    .select({ entries: count(), changeMinor: totalOf(fundEntries.amountMinor) })
    .from(fundEntries)
    .where(and(eq(fundEntries.householdId, householdId), within(fundEntries.createdAt, week)));
  const [openDisputes] = await db
    .select({ count: count() })
    .from(disputes)
    .innerJoin(fines, eq(fines.id, disputes.fineId))
    .where(and(eq(fines.householdId, householdId), eq(disputes.status, "pending")));
  const [openAppeals] = await db
    .select({ count: count() })
    .from(fineAppeals)
    .where(and(eq(fineAppeals.householdId, householdId), eq(fineAppeals.status, "open")));
  const proposals = await db
    .select({ title: spendingProposals.title })
    .from(spendingProposals)
    .where(
      and(
        eq(spendingProposals.householdId, householdId),
        eq(spendingProposals.status, "open"),
        // Past its closing time it is failed by the next sweep, whatever this says.
        gt(spendingProposals.closesAt, now),
      ),
    )
    .orderBy(asc(spendingProposals.createdAt), asc(spendingProposals.id));
  return {
    issued: { count: issued?.count ?? 0, totalMinor: issued?.totalMinor ?? 0 },
    paid: { count: paid?.count ?? 0, totalMinor: paid?.totalMinor ?? 0 },
    fund: {
      balanceMinor: await fundBalanceMinor(db, householdId),
      changeMinor: fund?.changeMinor ?? 0,
      entries: fund?.entries ?? 0,
    },
    openDisputes: openDisputes?.count ?? 0,
    openAppeals: openAppeals?.count ?? 0,
    openProposals: proposals.map((proposal) => proposal.title),
  };
}

/** The household's current members (deleted accounts are not), with their `weekly_digest` preference. */
export function digestRecipients(db: Executor, householdId: string): Promise<Recipient[]> {
  return db
    .select(recipientFields)
    .from(users)
    .leftJoin(notificationPreferences, preferenceOf("weekly_digest"))
    .where(and(eq(users.householdId, householdId), isNull(users.deletedAt)))
    .orderBy(asc(users.createdAt), asc(users.id));
}
