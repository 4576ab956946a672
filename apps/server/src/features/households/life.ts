import { eq } from "drizzle-orm";
import {
  DELETE_HOUSEHOLD_NOT_ALONE_MESSAGE,
  HOUSEHOLD_ADMIN_ONLY_MESSAGE,
  HOUSEHOLD_NOT_FOUND_MESSAGE,
  LAST_MEMBER_LEAVE_MESSAGE,
  LEAVE_OWES_FINES_MESSAGE,
  MEMBER_NOT_FOUND_MESSAGE,
  ONLY_ADMIN_CANNOT_LEAVE_MESSAGE,
  ONLY_ADMIN_CANNOT_STEP_DOWN_MESSAGE,
  REMOVE_SELF_MESSAGE,
  STEP_DOWN_ONLY_SELF_MESSAGE,
  WRITTEN_OFF_LEFT_REASON,
  WRITTEN_OFF_REMOVED_REASON,
  type LeaveHouseholdBody,
} from "@housemate/contract";
import type { Database, Transaction } from "../../db/client.js";
import { householdRemovals, households, users } from "../../db/schema.js";
import type { HouseholdRow } from "../../lib/access.js";
import { conflict, forbidden, notFound } from "../../lib/errors.js";
import { lockHousehold } from "../../lib/household-lock.js";
import type { UserRow } from "../../plugins/auth.js";
import { announceAccessEnded, announceHouseholdChanged, recordNotification } from "../notifications/record.js";
import {
  countOpenFinesOwed,
  currentMembers,
  detachMember,
  lockedUser,
  lockMembership,
  otherAdmins,
  othersThan,
  settledText,
  settleFines,
  successorAdmin,
  type FinesSettled,
} from "./departure.js";

/**
 * The life of a household (issue 16, docs/decisions/032): roles, leaving, removal and deletion. Each is one
 * transaction that locks what it decides on first (the person's membership, then the household's row), re-reads
 * the people involved under those locks, and only then checks its rules: of two changes racing, the second sees
 * what the first did, so there is exactly one outcome.
 */

interface Change {
  householdId: string;
  now: Date;
  publicUrl: string;
}

/** The household's row, locked for the transaction: membership changes of one household happen one at a time. */
async function lockedHousehold(tx: Transaction, householdId: string): Promise<HouseholdRow> {
  await lockHousehold(tx, householdId);
  const [household] = await tx.select().from(households).where(eq(households.id, householdId)).limit(1);
  if (!household) throw notFound(HOUSEHOLD_NOT_FOUND_MESSAGE);
  return household;
}

/** The caller as they now are: still a member (else 403 as for any outsider) and, if asked, still an admin. */
async function stillMember(tx: Transaction, userId: string, householdId: string, admin: boolean): Promise<UserRow> {
  const user = await lockedUser(tx, userId);
  if (!user || user.deletedAt || user.householdId !== householdId) throw forbidden();
  if (admin && !user.isAdmin) throw forbidden(HOUSEHOLD_ADMIN_ONLY_MESSAGE);
  return user;
}

export interface Departed extends FinesSettled {
  userId: string;
}

export type LeaveResult = Departed & { householdDeleted: boolean; user: UserRow };

/**
 * The caller leaves the household. Owing open fines needs `confirmWriteOff` (they are written off); the only admin
 * cannot leave while others remain; the last member needs `confirmDeleteHousehold`, and the household goes with them.
 */
export async function leaveHousehold(
  db: Database,
  params: Change & { userId: string; confirmations: LeaveHouseholdBody },
): Promise<LeaveResult> {
  const { householdId, userId, now, confirmations } = params;
  return db.transaction(async (tx) => {
    await lockMembership(tx, userId);
    const household = await lockedHousehold(tx, householdId);
    const leaver = await stillMember(tx, userId, householdId, false);
    const members = await currentMembers(tx, householdId);

    if (members.length <= 1) {
      if (!confirmations.confirmDeleteHousehold) throw conflict(LAST_MEMBER_LEAVE_MESSAGE);
      const user = await deleteHouseholdRow(tx, household, leaver, now);
      return { ...nothingSettled(userId), householdDeleted: true, user };
    }
    if (leaver.isAdmin && otherAdmins(members, userId).length === 0) throw conflict(ONLY_ADMIN_CANNOT_LEAVE_MESSAGE);
    if (!confirmations.confirmWriteOff && (await countOpenFinesOwed(tx, householdId, userId)) > 0) {
      throw conflict(LEAVE_OWES_FINES_MESSAGE);
    }

    const reviewer = successorAdmin(members, userId);
    const settled = await settleFines(tx, {
      householdId,
      userId,
      reason: WRITTEN_OFF_LEFT_REASON,
      reviewerId: reviewer?.id ?? null,
      now,
    });
    const user = await detachMember(tx, userId, now);
    await recordNotification(
      tx,
      {
        type: "member_left",
        householdId,
        recipientIds: othersThan(members, userId),
        title: "A housemate left",
        message: withSettled(
          `${leaver.displayName} left the household.`,
          settled,
          household.currency,
          reviewer?.displayName,
        ),
      },
      params.publicUrl,
    );
    await announceHouseholdChanged(tx, [householdId]);
    await announceAccessEnded(tx, [{ user: userId, household: householdId, reason: "left" }]);
    return { userId, ...settled, householdDeleted: false, user };
  });
}

/**
 * An admin removes another member, with a reason: the same consequences for their fines as leaving (the acting admin
 * takes over their disputes), their access ends at once (their sessions stay valid), they are told by email and
 * in-app, and they cannot join again by the household's ID, only by an invite link made after this.
 */
export async function removeMember(
  db: Database,
  params: Change & { adminId: string; memberId: string; reason: string },
): Promise<Departed> {
  const { householdId, adminId, memberId, now } = params;
  if (adminId === memberId) throw conflict(REMOVE_SELF_MESSAGE);
  return db.transaction(async (tx) => {
    await lockMembership(tx, memberId);
    const household = await lockedHousehold(tx, householdId);
    // Re-read under the household's lock: an admin who was removed a moment ago (by the admin they are removing) has
    // lost the right to remove anyone.
    const admin = await stillMember(tx, adminId, householdId, true);
    const member = await lockedUser(tx, memberId);
    if (!member || member.deletedAt || member.householdId !== householdId) throw notFound(MEMBER_NOT_FOUND_MESSAGE);
    const members = await currentMembers(tx, householdId);

    const settled = await settleFines(tx, {
      householdId,
      userId: memberId,
      reason: WRITTEN_OFF_REMOVED_REASON,
      reviewerId: admin.id,
      now,
    });
    await detachMember(tx, memberId, now);
    await tx
      .insert(householdRemovals)
      .values({ householdId, userId: memberId, removedBy: admin.id, reason: params.reason, removedAt: now })
      .onConflictDoUpdate({
        target: [householdRemovals.householdId, householdRemovals.userId],
        set: { removedBy: admin.id, reason: params.reason, removedAt: now },
      });

    // The person removed keeps the notification after they have gone: it belongs to no household.
    await recordNotification(
      tx,
      {
        type: "member_removed",
        householdId: null,
        recipientIds: [memberId],
        title: "You were removed from a household",
        message: `${admin.displayName} removed you from ${household.name}. Reason: ${params.reason}`,
      },
      params.publicUrl,
    );
    await recordNotification(
      tx,
      {
        type: "member_removed",
        householdId,
        recipientIds: othersThan(members, adminId, memberId),
        title: "A housemate was removed",
        message: withSettled(
          `${admin.displayName} removed ${member.displayName} from the household.`,
          settled,
          household.currency,
          admin.displayName,
        ),
      },
      params.publicUrl,
    );
    await announceHouseholdChanged(tx, [householdId]);
    await announceAccessEnded(tx, [{ user: memberId, household: householdId, reason: "removed" }]);
    return { userId: memberId, ...settled };
  });
}

/** The admin who is the household's last member deletes it, and all its data with it. */
export async function deleteHousehold(db: Database, params: Change & { adminId: string }): Promise<UserRow> {
  return db.transaction(async (tx) => {
    await lockMembership(tx, params.adminId);
    const household = await lockedHousehold(tx, params.householdId);
    const admin = await stillMember(tx, params.adminId, params.householdId, true);
    const members = await currentMembers(tx, params.householdId);
    if (members.length > 1) throw conflict(DELETE_HOUSEHOLD_NOT_ALONE_MESSAGE);
    return deleteHouseholdRow(tx, household, admin, params.now);
  });
}

/**
 * Deletes the household: its rules, fines, disputes, notes, invites and notifications go by their foreign keys, and
 * every account that pointed at it (its last member, deleted accounts kept as former members) points nowhere.
 */
async function deleteHouseholdRow(tx: Transaction, household: HouseholdRow, lastMember: UserRow, now: Date) {
  const user = await detachMember(tx, lastMember.id, now);
  await tx.delete(households).where(eq(households.id, household.id));
  await announceAccessEnded(tx, [{ user: lastMember.id, household: household.id, reason: "household_deleted" }]);
  return user;
}

/**
 * An admin makes another member admin (`isAdmin` true), or steps down themselves (false) while another admin
 * remains. Taking the role from someone else is refused. A role that is already so changes nothing and tells nobody.
 */
export async function setMemberRole(
  db: Database,
  params: Change & { adminId: string; memberId: string; isAdmin: boolean },
): Promise<void> {
  const { householdId, adminId, memberId, isAdmin, now } = params;
  if (!isAdmin && memberId !== adminId) throw forbidden(STEP_DOWN_ONLY_SELF_MESSAGE);
  await db.transaction(async (tx) => {
    await lockedHousehold(tx, householdId);
    const admin = await stillMember(tx, adminId, householdId, true);
    const member = memberId === adminId ? admin : await lockedUser(tx, memberId);
    if (!member || member.deletedAt || member.householdId !== householdId) throw notFound(MEMBER_NOT_FOUND_MESSAGE);
    if (member.isAdmin === isAdmin) return;
    const members = await currentMembers(tx, householdId);
    if (!isAdmin && otherAdmins(members, adminId).length === 0) throw conflict(ONLY_ADMIN_CANNOT_STEP_DOWN_MESSAGE);

    await setAdmin(tx, memberId, isAdmin, now);
    await recordNotification(
      tx,
      {
        type: "admin_changed",
        householdId,
        recipientIds: othersThan(members, adminId),
        title: "Admins changed",
        message: isAdmin
          ? `${admin.displayName} made ${member.displayName} an admin.`
          : `${admin.displayName} stepped down as admin.`,
      },
      params.publicUrl,
    );
    await announceHouseholdChanged(tx, [householdId]);
  });
}

/** Gives or takes the admin role. */
async function setAdmin(tx: Transaction, userId: string, isAdmin: boolean, now: Date): Promise<void> {
  await tx.update(users).set({ isAdmin, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * Account deletion follows leaving's rules (DESIGN §3, docs/decisions/032), inside the deletion's transaction: the
 * open fines the person owes are written off, their disputes to review go to an admin, and if they were the only
 * admin the longest-standing other member becomes admin (a deletion is never refused for it). Their row stays in the
 * household as a former member, as before. Nothing happens when they have no household.
 */
export async function settleDeletedAccount(
  tx: Transaction,
  params: { user: UserRow; now: Date; publicUrl: string },
): Promise<void> {
  const { user, now } = params;
  await lockMembership(tx, user.id);
  const householdId = user.householdId;
  if (!householdId) return;
  const household = await lockedHousehold(tx, householdId);
  const members = await currentMembers(tx, householdId);
  const others = members.filter((member) => member.id !== user.id);
  const [longestStanding] = others;
  if (!longestStanding) return;

  let reviewer = successorAdmin(members, user.id);
  if (!reviewer) {
    reviewer = longestStanding;
    await setAdmin(tx, reviewer.id, true, now);
    await recordNotification(
      tx,
      {
        type: "admin_changed",
        householdId,
        recipientIds: others.map((member) => member.id),
        title: "Admins changed",
        message: `${reviewer.displayName} is now the household's admin: ${user.displayName} deleted their account.`,
      },
      params.publicUrl,
    );
  }
  const settled = await settleFines(tx, {
    householdId,
    userId: user.id,
    reason: WRITTEN_OFF_LEFT_REASON,
    reviewerId: reviewer.id,
    now,
  });
  await recordNotification(
    tx,
    {
      type: "member_left",
      householdId,
      recipientIds: others.map((member) => member.id),
      title: "A housemate left",
      message: withSettled(
        `${user.displayName} deleted their account and left the household.`,
        settled,
        household.currency,
        reviewer.displayName,
      ),
    },
    params.publicUrl,
  );
  await announceHouseholdChanged(tx, [householdId]);
}

function withSettled(sentence: string, settled: FinesSettled, currency: string, reviewerName?: string): string {
  const more = settledText(settled, currency, reviewerName ?? null);
  return more ? `${sentence} ${more}` : sentence;
}

const nothingSettled = (userId: string): Departed => ({
  userId,
  finesWrittenOff: 0,
  amountWrittenOffMinor: 0,
  disputesHandedOver: 0,
  disputesHandedTo: null,
});
