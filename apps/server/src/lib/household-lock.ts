import { eq } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { households } from "../db/schema.js";

/**
 * Locks the household row for the rest of the transaction. Writes that must see every row of a
 * household at once (a note's next position, a reorder's permutation check, the cap on rules and
 * notes) take it first, so they happen one at a time per household.
 */
export async function lockHousehold(tx: Executor, householdId: string) {
  await tx.select({ id: households.id }).from(households).where(eq(households.id, householdId)).for("update");
}
