import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { HouseholdMember } from "@housemate/contract";
import type { Executor } from "../../db/client.js";
import { fines, users } from "../../db/schema.js";
import { fromMinor } from "../../lib/money.js";

/**
 * The household's members as its settings page lists them, each with the fines they owe and have issued: one
 * statement (the fines joined once and counted per member), however many members there are. `userId` narrows it to
 * one member.
 */
export async function listHouseholdMembers(
  db: Executor,
  householdId: string,
  userId?: string,
): Promise<HouseholdMember[]> {
  const owedAndOpen = sql`${fines.offenderId} = ${users.id} and ${fines.status} in ('pending', 'disputed')`;
  const issued = sql`${fines.createdBy} = ${users.id} and ${fines.status} <> 'cancelled'`;
  const joinedAt = sql<Date>`coalesce(${users.joinedAt}, ${users.createdAt})`;
  const rows = await db
    .select({
      id: users.id,
      displayName: users.displayName,
      photoUrl: users.photoUrl,
      isAdmin: users.isAdmin,
      joinedAt: joinedAt.mapWith((value: string | Date) => new Date(value)),
      pendingOwed: sql<number>`count(*) filter (where ${owedAndOpen})::int`,
      pendingOwedMinor: sql<number>`coalesce(sum(${fines.amountMinor}) filter (where ${owedAndOpen}), 0)::int`,
      issued: sql<number>`count(*) filter (where ${issued})::int`,
    })
    .from(users)
    .leftJoin(
      fines,
      and(
        eq(fines.householdId, users.householdId),
        sql`(${fines.offenderId} = ${users.id} or ${fines.createdBy} = ${users.id})`,
      ),
    )
    .where(
      and(
        eq(users.householdId, householdId),
        isNull(users.deletedAt),
        ...(userId === undefined ? [] : [eq(users.id, userId)]),
      ),
    )
    .groupBy(users.id)
    .orderBy(asc(joinedAt), asc(users.id));
  return rows.map((row) => ({
    id: row.id,
    display_name: row.displayName,
    photo_url: row.photoUrl,
    is_admin: row.isAdmin,
    joined_at: row.joinedAt.toISOString(),
    pending_fines_owed: row.pendingOwed,
    pending_amount_owed: fromMinor(row.pendingOwedMinor),
    fines_issued: row.issued,
  }));
}
