import { and, eq, ne, or, sql, type SQL } from "drizzle-orm";
import type { UserStats } from "@housemate/contract";
import type { Executor } from "../../db/client.js";
import { fines } from "../../db/schema.js";
import { fromMinor } from "../../lib/money.js";

// count() and sum() of integers come back as bigint, which the drivers hand over as strings.
const count = (filter: SQL) => sql<number>`count(*) filter (where ${filter})`.mapWith(Number);
const sumMinor = (filter: SQL) =>
  sql<number>`coalesce(sum(${fines.amountMinor}) filter (where ${filter}), 0)`.mapWith(Number);

/**
 * The Profile 'Statistics' figures (SPEC §2) for one person in one household, in one query.
 * Cancelled fines (accepted disputes) count nowhere; money is summed in exact minor units. Scoped
 * to the household because its amounts share one currency.
 */
export async function userStats(db: Executor, params: { userId: string; householdId: string }): Promise<UserStats> {
  const received = sql`${fines.offenderId} = ${params.userId}`;
  const issued = sql`${fines.createdBy} = ${params.userId}`;
  const [row] = await db
    .select({
      totalReceived: count(received),
      pendingMinor: sumMinor(sql`${received} and ${fines.status} = 'pending'`),
      totalIssued: count(issued),
      housematesFined: sql<number>`count(distinct ${fines.offenderId}) filter (where ${issued})`.mapWith(Number),
      paidMinor: sumMinor(sql`${received} and ${fines.status} = 'paid'`),
      settledCount: count(sql`${received} and ${fines.status} = 'paid'`),
      disputedCount: count(sql`${received} and ${fines.status} = 'disputed'`),
    })
    .from(fines)
    .where(
      and(
        eq(fines.householdId, params.householdId),
        ne(fines.status, "cancelled"),
        or(eq(fines.offenderId, params.userId), eq(fines.createdBy, params.userId)),
      ),
    );
  return {
    totalReceived: row?.totalReceived ?? 0,
    pendingAmount: fromMinor(row?.pendingMinor ?? 0),
    totalIssued: row?.totalIssued ?? 0,
    housematesFined: row?.housematesFined ?? 0,
    amountPaid: fromMinor(row?.paidMinor ?? 0),
    settledCount: row?.settledCount ?? 0,
    disputedCount: row?.disputedCount ?? 0,
  };
}

/** All zeros: the figures of someone with no household. */
export const NO_STATS: UserStats = {
  totalReceived: 0,
  pendingAmount: 0,
  totalIssued: 0,
  housematesFined: 0,
  amountPaid: 0,
  settledCount: 0,
  disputedCount: 0,
};
