import { and, asc, eq, isNull } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { users } from "../../db/schema.js";
import type { UserRow } from "../../plugins/auth.js";

export async function findUser(db: Executor, userId: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user ?? null;
}

/** The household's current members, oldest first; deleted accounts are not members any more. */
export async function listMembers(db: Executor, householdId: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.householdId, householdId), isNull(users.deletedAt)))
    .orderBy(asc(users.createdAt), asc(users.id));
}
