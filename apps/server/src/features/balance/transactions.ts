import { and, asc, count, desc, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { TransactionPage, transactionsQuery } from "@housemate/contract";
import type { Executor } from "../../db/client.js";
import { fundEntries } from "../../db/schema.js";
import { dayRange, withinDays } from "../../lib/day-range.js";
import { presentTransaction } from "./presenter.js";

export type TransactionsRequest = z.output<typeof transactionsQuery>;

/** The filters of the history as conditions on the household's entries. */
function matching(householdId: string, query: TransactionsRequest): SQL | undefined {
  return and(
    eq(fundEntries.householdId, householdId),
    query.type === undefined ? undefined : eq(fundEntries.type, query.type),
    query.member === undefined ? undefined : eq(fundEntries.memberId, query.member),
    query.rule === undefined ? undefined : eq(fundEntries.ruleId, query.rule),
    ...withinDays(fundEntries.createdAt, dayRange(query.from, query.to)),
  );
}

/** The columns the history is ordered by: the ledger's own, or those of the page cut from it. */
interface Sortable {
  createdAt: AnyColumn;
  id: AnyColumn;
  amountMinor: AnyColumn;
}

/**
 * The order of the history, exact and stable: by date (then id) either way, so ascending is descending reversed; or
 * by the amount's size, whichever way the money moved, ties newest first. Both end on the id, so no two entries
 * ever swap places between pages.
 */
function ordering(query: TransactionsRequest, columns: Sortable): SQL[] {
  const direction = query.order === "asc" ? asc : desc;
  if (query.sort === "amount") {
    return [direction(sql`abs(${columns.amountMinor})`), desc(columns.createdAt), desc(columns.id)];
  }
  return [direction(columns.createdAt), direction(columns.id)];
}

/**
 * One numbered page of the household's ledger (decision 034) and the number of entries matching the filters, read
 * by two statements on the (household_id, created_at, id) index. A page past the end is empty, with the total.
 */
export async function transactionPage(
  db: Executor,
  householdId: string,
  query: TransactionsRequest,
): Promise<TransactionPage> {
  const where = matching(householdId, query);
  // The page is cut first and only its entries are looked up as reversed: joined before the LIMIT, PostgreSQL would
  // hash every household's entries to find the few corrections of one page.
  const page = db
    .select()
    .from(fundEntries)
    .where(where)
    .orderBy(...ordering(query, fundEntries))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .as("page");
  const correction = alias(fundEntries, "correction");
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(page)
      // reverses_id is unique: at most one correction per entry, so the join never repeats a row.
      .leftJoin(correction, eq(correction.reversesId, page.id))
      .orderBy(...ordering(query, page)),
    db.select({ total: count() }).from(fundEntries).where(where),
  ]);
  return {
    data: rows.map((row) => presentTransaction(row.page, row.correction?.id ?? null)),
    page: { page: query.page, limit: query.limit, total: counted?.total ?? 0 },
  };
}
