import { and, count, eq, gt, isNull, ne } from "drizzle-orm";
import type { Executor, Transaction } from "../../db/client.js";
import { households, invites, users } from "../../db/schema.js";
import { conflict, notFound } from "../../lib/errors.js";
import { INVITE_INVALID_MESSAGE } from "@housemate/contract";
import { announceHouseholdChanged, recordNotification } from "../notifications/record.js";

export const ALREADY_MEMBER_MESSAGE = "You are already a member of a household. Leave it before joining another.";
export const ALREADY_MEMBER_CREATE_MESSAGE =
  "You are already a member of a household. Leave it before creating another.";

/**
 * The household an unexpired invite code opens, or null. `forJoining` (inside the join's transaction) takes the
 * household's lock (FOR UPDATE, as lib/household-lock.ts): its deletion by the last member meanwhile is either waited
 * for (and then there is no household to join) or waits for the join (and then its last member is not the last any
 * more); and two joins are counted against the plan's seats one after the other (issue 21).
 */
export async function findValidInvite(db: Executor, code: string, now: Date, forJoining = false) {
  const query = db
    .select({ invite: invites, household: households })
    .from(invites)
    .innerJoin(households, eq(households.id, invites.householdId))
    .where(and(eq(invites.code, code), gt(invites.expiresAt, now)))
    .limit(1);
  const [row] = forJoining ? await query.for("update", { of: households }) : await query;
  return row ?? null;
}

export async function requireValidInvite(db: Executor, code: string, now: Date, forJoining = false) {
  const found = await findValidInvite(db, code, now, forJoining);
  if (!found) throw notFound(INVITE_INVALID_MESSAGE);
  return found;
}

/** Puts a user into a household (DESIGN §3: at most one), and tells the other members, inside the caller's transaction. */
export async function addMember(
  tx: Transaction,
  params: {
    userId: string;
    householdId: string;
    isAdmin: boolean;
    publicUrl: string;
    /** The app's clock (tests move it); defaults to the wall clock. */
    now?: Date;
    /** What a user already in a household is told; the default suits joining. */
    conflictMessage?: string;
  },
): Promise<{ id: string; displayName: string }> {
  // A household with no admin (older data, or one whose last admin left in a way no rule foresaw) gets its newcomer
  // as admin, so someone can always run it.
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.householdId, params.householdId), eq(users.isAdmin, true), isNull(users.deletedAt)))
    .limit(1);
  // Conditional update: two concurrent joins of one user cannot both succeed.
  const [joined] = await tx
    .update(users)
    .set({
      householdId: params.householdId,
      isAdmin: params.isAdmin || admin === undefined,
      joinedAt: params.now ?? new Date(),
      updatedAt: params.now ?? new Date(),
    })
    .where(and(eq(users.id, params.userId), isNull(users.householdId), isNull(users.deletedAt)))
    .returning({ id: users.id, displayName: users.displayName });
  if (!joined) throw conflict(params.conflictMessage ?? ALREADY_MEMBER_MESSAGE);

  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.householdId, params.householdId), ne(users.id, params.userId), isNull(users.deletedAt)));

  await recordNotification(
    tx,
    {
      type: "household_joined",
      householdId: params.householdId,
      recipientIds: others.map((o) => o.id),
      title: "New housemate",
      message: `${joined.displayName} joined your household`,
    },
    params.publicUrl,
  );
  // The members' settings pages list the newcomer.
  await announceHouseholdChanged(tx, [params.householdId]);
  return joined;
}

/**
 * The household's current members: in it, account not deleted, and not `departingId` (a departure re-decides its
 * household's proposals and appeals before the leaver's account is marked deleted).
 */
export const currentMember = (householdId: string, departingId: string | null) =>
  and(eq(users.householdId, householdId), isNull(users.deletedAt), ...(departingId ? [ne(users.id, departingId)] : []));

/** The ids of the household's current members (see currentMember). */
export async function currentMemberIds(db: Executor, householdId: string, departingId: string | null = null) {
  const rows = await db.select({ id: users.id }).from(users).where(currentMember(householdId, departingId));
  return rows.map((row) => row.id);
}

/** How many people (deleted accounts excluded, and `departingId`) belong to a household. */
export async function countMembers(db: Executor, householdId: string, departingId: string | null = null) {
  const [row] = await db.select({ count: count() }).from(users).where(currentMember(householdId, departingId));
  return row?.count ?? 0;
}
