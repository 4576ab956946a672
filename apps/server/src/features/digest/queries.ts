import { and, asc, count, eq, gt, gte, isNull, lt, ne, or, sql, type Column, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.js";
import {
  disputes,
  fineAppeals,
  fines,
  fundBalances,
  fundEntries,
  householdDigests,
  households,
  notificationPreferences,
  spendingProposals,
  users,
} from "../../db/schema.js";
import { issuedIn, paidIn } from "../insights/queries.js";
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

/** What happened in the week: its fines and fund, and how many cases moved. Amounts in minor units. */
export interface WeekHappenings {
  issued: { count: number; totalMinor: number };
  paid: { count: number; totalMinor: number };
  /** The balance when the week ended (not when the digest ran), and the week's entries that made its change. */
  fund: { balanceMinor: number; changeMinor: number; entries: number };
  /** Disputes, appeals and spending proposals opened or decided in the week. */
  openedOrDecided: number;
}

/** What is open now, to act on: listed only in a digest that goes anyway. */
export interface OpenItems {
  openDisputes: number;
  openAppeals: number;
  /** The titles of the proposals still open, oldest first. */
  openProposals: string[];
}

/** What a digest says. */
export type WeekFigures = WeekHappenings & OpenItems;

const within = (column: Column, week: DigestWeek) => and(gte(column, week.start), lt(column, week.end));
/** sum() of an integer column is a bigint, which drivers hand back as a string; none is 0. */
const totalOf = (column: Column, filter?: SQL) =>
  (filter
    ? sql<string>`coalesce(sum(${column}) filter (where ${filter}), 0)`
    : sql<string>`coalesce(sum(${column}), 0)`
  ).mapWith(Number);
const countWhere = (filter: SQL | undefined) => sql<string>`count(*) filter (where ${filter})`.mapWith(Number);

/**
 * The week's fines (issued and paid by Insights' own rules, `issuedIn` and `paidIn`, so the two never disagree), its
 * fund, and its cases opened or decided. All of it as of the week's end, however late the run: the fund's balance is
 * today's less the entries made since the week ended, read in one statement with them so the two agree.
 */
export async function weekHappenings(
  db: Executor,
  params: { householdId: string; week: DigestWeek },
): Promise<WeekHappenings> {
  const { householdId, week } = params;
  const span = { householdId, start: week.start, end: week.end };
  const [issued] = await db
    .select({ count: count(), totalMinor: totalOf(fines.amountMinor) })
    .from(fines)
    .where(issuedIn(span));
  const [paid] = await db
    .select({ count: count(), totalMinor: totalOf(fines.amountMinor) })
    .from(fines)
    .where(paidIn(span));
  const inWeek = within(fundEntries.createdAt, week);
  const balanceNow = sql`coalesce((select ${fundBalances.balanceMinor} from ${fundBalances} where ${eq(fundBalances.householdId, householdId)}), 0)`;
  const sinceWeekEnded = totalOf(fundEntries.amountMinor, gte(fundEntries.createdAt, week.end));
  const [fund] = await db
    .select({
      entries: countWhere(inWeek),
      changeMinor: totalOf(fundEntries.amountMinor, inWeek),
      balanceMinor: sql<string>`${balanceNow} - ${sinceWeekEnded}`.mapWith(Number),
    })
    .from(fundEntries)
    .where(and(eq(fundEntries.householdId, householdId), gte(fundEntries.createdAt, week.start)));
  return {
    issued: { count: issued?.count ?? 0, totalMinor: issued?.totalMinor ?? 0 },
    paid: { count: paid?.count ?? 0, totalMinor: paid?.totalMinor ?? 0 },
    fund: { balanceMinor: fund?.balanceMinor ?? 0, changeMinor: fund?.changeMinor ?? 0, entries: fund?.entries ?? 0 },
    openedOrDecided: await openedOrDecided(db, householdId, week),
  };
}

/** Disputes, appeals and spending proposals opened in the week or decided in it, in one statement. */
async function openedOrDecided(db: Executor, householdId: string, week: DigestWeek): Promise<number> {
  // A dispute's only change is its review, which sets its status and updated_at (fines/lifecycle.ts).
  const disputesMoved = db
    .select({ id: disputes.id })
    .from(disputes)
    .innerJoin(fines, eq(fines.id, disputes.fineId))
    .where(
      and(
        eq(fines.householdId, householdId),
        or(within(disputes.createdAt, week), and(ne(disputes.status, "pending"), within(disputes.updatedAt, week))),
      ),
    );
  const appealsMoved = db
    .select({ id: fineAppeals.id })
    .from(fineAppeals)
    .where(
      and(
        eq(fineAppeals.householdId, householdId),
        or(within(fineAppeals.createdAt, week), within(fineAppeals.decidedAt, week)),
      ),
    );
  const proposalsMoved = db
    .select({ id: spendingProposals.id })
    .from(spendingProposals)
    .where(
      and(
        eq(spendingProposals.householdId, householdId),
        or(within(spendingProposals.createdAt, week), within(spendingProposals.decidedAt, week)),
      ),
    );
  const moved = unionAll(disputesMoved, appealsMoved, proposalsMoved).as("moved");
  const [row] = await db.select({ count: count() }).from(moved);
  return row?.count ?? 0;
}

/** What is open now: disputes awaiting review, appeals being voted on, and proposals still open. */
export async function openItems(db: Executor, params: { householdId: string; now: Date }): Promise<OpenItems> {
  const { householdId, now } = params;
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
