import { and, eq, gte, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { fines } from "../../db/schema.js";

/** Sum in minor units of the household's paid fines, optionally only those paid since `since`. */
export async function paidTotalMinor(db: Executor, householdId: string, since?: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${fines.amountMinor}), 0)` })
    .from(fines)
    .where(
      and(eq(fines.householdId, householdId), eq(fines.status, "paid"), since ? gte(fines.paidAt, since) : undefined),
    );
  // sum(integer) is a bigint, which drivers hand back as a string.
  return Number(row?.total ?? 0);
}
