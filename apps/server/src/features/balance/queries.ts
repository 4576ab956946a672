import { eq, gte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { FUND_STATS_MONTHS, type FundMonth } from "@housemate/contract";
import type { Executor } from "../../db/client.js";
import { fundBalances, fundEntries } from "../../db/schema.js";
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
 * The ledger summed by kind and UTC month in one pass: a correction counts against the kind of the entry it reverses,
 * so income and spending are what stands, and balance = income − spent. `since` bounds netChange; `now` ends the
 * months.
 */
export async function fundStats(db: Executor, householdId: string, since: Date, now: Date): Promise<FundStats> {
  const reversed = alias(fundEntries, "reversed");
  const kind = sql<string>`coalesce(${reversed.type}, ${fundEntries.type})`;
  const month = sql<string>`to_char(${fundEntries.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  // sum(integer) is a bigint, which drivers hand back as a string.
  const rows = await db
    .select({
      kind,
      month,
      total: sql<string>`sum(${fundEntries.amountMinor})`,
      recent: sql<string>`coalesce(sum(${fundEntries.amountMinor}) filter (where ${gte(fundEntries.createdAt, since)}), 0)`,
    })
    .from(fundEntries)
    .leftJoin(reversed, eq(reversed.id, fundEntries.reversesId))
    .where(eq(fundEntries.householdId, householdId))
    .groupBy(kind, month);
  const months = lastMonths(now, FUND_STATS_MONTHS);
  const byMonth = new Map(months.map((month) => [month, { month, income: 0, spending: 0 }]));
  let income = 0;
  let spent = 0;
  let recent = 0;
  for (const row of rows) {
    const total = Number(row.total);
    recent += Number(row.recent);
    const month = byMonth.get(row.month);
    if (row.kind === "income") {
      income += total;
      if (month) month.income += total;
    } else {
      spent -= total;
      if (month) month.spending -= total;
    }
  }
  return {
    netChange: fromMinor(recent),
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
