import type { PlanId } from "@housemate/contract";
import { eq } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { households } from "../db/schema.js";

/**
 * Locks the household row for the rest of the transaction. Writes that must see every row of a
 * household at once (a note's next position, a reorder's permutation check, the cap on rules and
 * notes) take it first, so they happen one at a time per household. Answers with the household's plan as the lock
 * sees it (issue 21: a limit is checked against the plan no downgrade can change meanwhile); undefined if it has gone.
 */
export async function lockHousehold(tx: Executor, householdId: string): Promise<{ plan: PlanId } | undefined> {
  const [locked] = await tx
    .select({ plan: households.plan })
    .from(households)
    .where(eq(households.id, householdId))
    .for("update");
  return locked;
}

/**
 * Takes the household row in KEY SHARE for the rest of the transaction, before a change that locks one of its rows (a
 * fine) and then writes something citing the household (a ledger entry, a notification), whose foreign key takes this
 * share anyway, but only then. A departure holds the household FOR UPDATE and then locks the fines it settles: taken
 * first, the share queues the change behind the departure instead of deadlocking with it. Shares never wait for each
 * other, so changes to different fines still run side by side.
 */
export async function shareHousehold(tx: Executor, householdId: string) {
  await tx.select({ id: households.id }).from(households).where(eq(households.id, householdId)).for("key share");
}
