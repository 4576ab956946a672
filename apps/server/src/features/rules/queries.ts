import { and, desc, eq, isNull, ne } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { rules, users } from "../../db/schema.js";

/** The household's rules in force (deleted ones are kept only for the fines citing them), newest first. */
export function listRules(db: Executor, householdId: string) {
  return db
    .select()
    .from(rules)
    .where(and(eq(rules.householdId, householdId), isNull(rules.deletedAt)))
    .orderBy(desc(rules.createdAt), desc(rules.id));
}

/** A rule in force, or null (unknown and deleted rules look the same). */
export async function findRule(db: Executor, id: string) {
  const [rule] = await db
    .select()
    .from(rules)
    .where(and(eq(rules.id, id), isNull(rules.deletedAt)))
    .limit(1);
  return rule ?? null;
}

/** Everyone in the household but `exceptUserId`: who hears about a change someone made. */
export async function otherMemberIds(db: Executor, householdId: string, exceptUserId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.householdId, householdId), ne(users.id, exceptUserId), isNull(users.deletedAt)));
  return rows.map((row) => row.id);
}
