import { and, eq, gte, sql } from "drizzle-orm";
import { FUND_STATS_MONTHS, type FundMonth } from "@housemate/contract";
import type { Executor } from "../../db/client.js";
import { fundBalances, fundEntries, fundMonths } from "../../db/schema.js";
import { fromMinor } from "../../lib/money.js";

/** The fund's balance in minor units: the sum of its ledger, kept by the ledger's trigger (migration 0008). */
export async function fundBalanceMinor(db: Executor, householdId: string): Promise<number> {
  const [row] = await db
    .select({ balance: fundBalances.balanceMinor })
    .from(fundBalances)
    .where(eq(fundBalances.householdId, householdId));
  return row?.balance ?? 0;
}

export interface FundStats {
  netChange: number;
  totalIncome: number;
  totalSpent: number;
  monthly: FundMonth[];
}

/**
 * The fund's figures from its monthly totals (kept by the ledger's trigger, a correction counted against the type it
 * reverses, so balance = income − spent) and the entries since `since` (netChange): a row a month and a month's
 * entries, however long the history. `now` ends the months.
 */
export async function fundStats(db: Executor, householdId: string, since: Date, now: Date): Promise<FundStats> {
  const [months, [recent]] = await Promise.all([
    db
      .select({ month: fundMonths.month, income: fundMonths.incomeMinor, spent: fundMonths.spentMinor })
      .from(fundMonths)
      .where(eq(fundMonths.householdId, householdId)),
    // sum(integer) is a bigint, which drivers hand back as a string.
    db
      .select({ total: sql<string>`coalesce(sum(${fundEntries.amountMinor}), 0)` })
      .from(fundEntries)
      .where(and(eq(fundEntries.householdId, householdId), gte(fundEntries.createdAt, since))),
  ]);
  const byMonth = new Map(
    lastMonths(now, FUND_STATS_MONTHS).map((month) => [month, { month, income: 0, spending: 0 }]),
  );
  let income = 0;
  let spent = 0;
  for (const row of months) {
    income += row.income;
    spent += row.spent;
    const month = byMonth.get(row.month.slice(0, 7));
    if (month) {
      month.income = row.income;
      month.spending = row.spent;
    }
  }
  return {
    netChange: fromMinor(Number(recent?.total ?? 0)),
    totalIncome: fromMinor(income),
    totalSpent: fromMinor(spent),
    monthly: [...byMonth.values()].map((m) => ({ ...m, income: fromMinor(m.income), spending: fromMinor(m.spending) })),
  };
}

/** The `count` UTC months up to and including `now`'s, oldest first, as YYYY-MM. */
function lastMonths(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1));
    return date.toISOString().slice(0, 7);
  });
}
