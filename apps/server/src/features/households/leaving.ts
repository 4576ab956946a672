import { eq, inArray, sql } from "drizzle-orm";
import {
  LAST_MEMBER_LEAVE_MESSAGE,
  LEAVE_OWES_FINES_MESSAGE,
  ONLY_ADMIN_CANNOT_LEAVE_MESSAGE,
  DELETE_HOUSEHOLD_NOT_ALONE_MESSAGE,
  WRITTEN_OFF_LEFT_REASON,
  type LeaveHouseholdBody,
} from "@housemate/contract";
import type { Database, Transaction } from "../../db/client.js";
import { fines, households, uploads } from "../../db/schema.js";
import type { HouseholdRow } from "../../lib/access.js";
import { conflict } from "../../lib/errors.js";
import type { UserRow } from "../../plugins/auth.js";
import { announceAccessEnded, announceHouseholdChanged, recordNotification } from "../notifications/record.js";
import { proposalReceipts, settleProposalsOfDeparture } from "../proposals/deciding.js";
import { settleAppealsOfDeparture } from "../appeals/closing.js";
import { refuseWhileSubscribed } from "../billing/service.js";
import {
  countOpenFinesOwed,
  currentMembers,
  detachMember,
  lockedHousehold,
  lockedUser,
  lockMembership,
  otherAdmins,
  othersThan,
  reviewersInOrder,
  settleFines,
  stillMember,
  successorAdmin,
  withSettled,
  type Change,
  type Departed,
  type FinesSettled,
} from "./departure.js";
import { setAdmin } from "./roles.js";
import { fromMinor } from "../../lib/money.js";
import { personOf, recordActivity } from "../activity/record.js";

/**
 * Leaving a household, deleting it, and what an account's deletion does to it (issue 16, docs/decisions/032). Each is one
 * transaction that locks what it decides on first (the person's membership, then the household's row), re-reads
 * the people involved under those locks, and only then checks its rules: of two changes racing, the second sees
 * what the first did, so there is exactly one outcome.
 */

/** What deleting a household leaves to do after its transaction commits: the evidence files to delete. */
export interface HouseholdDeleted {
  user: UserRow;
  filesToRemove: string[];
}

export type LeaveResult = Departed & { householdDeleted: boolean; user: UserRow; filesToRemove: string[] };

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
      refuseWhileSubscribed(household);
      if (!confirmations.confirmDeleteHousehold) throw conflict(LAST_MEMBER_LEAVE_MESSAGE);
      const deleted = await deleteHouseholdRow(tx, household, leaver, now);
      return { ...nothingSettled(userId), householdDeleted: true, ...deleted };
    }
    if (leaver.isAdmin && otherAdmins(members, userId).length === 0) throw conflict(ONLY_ADMIN_CANNOT_LEAVE_MESSAGE);
    if (!confirmations.confirmWriteOff && (await countOpenFinesOwed(tx, householdId, userId)) > 0) {
      throw conflict(LEAVE_OWES_FINES_MESSAGE);
    }

    // An admin stays (the only admin cannot leave) and takes the reviews; a household with none at all is older
    // data: its longest-standing other member then does, so none is left with nobody to review it.
    const settled = await settleFines(tx, {
      householdId,
      userId,
      reason: WRITTEN_OFF_LEFT_REASON,
      reviewers: reviewersInOrder(members, userId, successorAdmin(members, userId)),
      now,
      actor: personOf(leaver),
    });
    const user = await detachMember(tx, userId, now);
    await recordLeft(tx, { householdId, leaver, settled, accountDeleted: false, now });
    await settleProposalsOfDeparture(tx, {
      householdId,
      userId,
      now,
      publicUrl: params.publicUrl,
      actor: personOf(leaver),
    });
    // An appeal of a fine just written off closes void; the leaver's votes are taken back.
    await settleAppealsOfDeparture(tx, {
      householdId,
      userId,
      now,
      publicUrl: params.publicUrl,
      actor: personOf(leaver),
    });
    await recordNotification(
      tx,
      {
        type: "member_left",
        householdId,
        recipientIds: othersThan(members, userId),
        title: "A housemate left",
        message: withSettled(`${leaver.displayName} left the household.`, settled, household.currency, members),
      },
      params.publicUrl,
    );
    await announceHouseholdChanged(tx, [householdId]);
    await announceAccessEnded(tx, [{ user: userId, household: householdId, reason: "left" }]);
    return { userId, ...settled, householdDeleted: false, user, filesToRemove: [] };
  });
}

/** The admin who is the household's last member deletes it, and all its data with it. */
export async function deleteHousehold(db: Database, params: Change & { adminId: string }): Promise<HouseholdDeleted> {
  return db.transaction(async (tx) => {
    await lockMembership(tx, params.adminId);
    const household = await lockedHousehold(tx, params.householdId);
    const admin = await stillMember(tx, params.adminId, params.householdId, true);
    const members = await currentMembers(tx, params.householdId);
    if (members.length > 1) throw conflict(DELETE_HOUSEHOLD_NOT_ALONE_MESSAGE);
    refuseWhileSubscribed(household);
    return deleteHouseholdRow(tx, household, admin, params.now);
  });
}

/**
 * Deletes the household: its rules, fines, disputes, notes, invites and notifications go by their foreign keys, and
 * every account that pointed at it (its last member, deleted accounts kept as former members) points nowhere. The
 * fines' evidence photos belong to the uploads of whoever attached them, not to the household: their uploads rows go
 * here, so they stop being served at once, and the caller deletes the files once this has committed.
 */
async function deleteHouseholdRow(
  tx: Transaction,
  household: HouseholdRow,
  lastMember: UserRow,
  now: Date,
): Promise<HouseholdDeleted> {
  const user = await detachMember(tx, lastMember.id, now);
  const evidence = await tx
    .selectDistinct({ filePath: sql<string>`jsonb_array_elements_text(${fines.evidenceImages})` })
    .from(fines)
    .where(eq(fines.householdId, household.id));
  const filesToRemove = [...evidence.map((image) => image.filePath), ...(await proposalReceipts(tx, household.id))];
  if (filesToRemove.length > 0) await tx.delete(uploads).where(inArray(uploads.filePath, filesToRemove));
  await tx.delete(households).where(eq(households.id, household.id));
  await announceAccessEnded(tx, [{ user: lastMember.id, household: household.id, reason: "household_deleted" }]);
  return { user, filesToRemove };
}

/**
 * Account deletion follows leaving's rules (DESIGN §3, docs/decisions/032), inside the deletion's transaction: the
 * open fines the person owes are written off, their disputes to review go to an admin, and if they were the only
 * admin the longest-standing other member becomes admin (a deletion is never refused for it). Their row stays in the
 * household as a former member, as before. The last member's deletion deletes the household, as their leaving would:
 * none is left behind with no one to run it. Answers the evidence files to delete once the transaction commits.
 */
export async function settleDeletedAccount(
  tx: Transaction,
  params: { user: UserRow; now: Date; publicUrl: string },
): Promise<string[]> {
  const { now } = params;
  await lockMembership(tx, params.user.id);
  // Read again under the lock: the session's copy may predate a leave, a removal or a join that committed since.
  const user = await lockedUser(tx, params.user.id);
  const householdId = user?.householdId;
  if (!user || !householdId) return [];
  const household = await lockedHousehold(tx, householdId);
  const members = await currentMembers(tx, householdId);
  const others = members.filter((member) => member.id !== user.id);
  const [longestStanding] = others;
  if (!longestStanding) {
    refuseWhileSubscribed(household);
    return (await deleteHouseholdRow(tx, household, user, now)).filesToRemove;
  }

  let reviewer = successorAdmin(members, user.id);
  if (!reviewer) {
    reviewer = { ...longestStanding, isAdmin: true };
    await setAdmin(tx, reviewer.id, true, now);
    // Nobody chose them: the deletion did, so it is the deleted account's doing in the log.
    await recordActivity(tx, {
      householdId,
      kind: "member.role_changed",
      actor: personOf(user),
      subject: { type: "member", id: reviewer.id },
      details: { member: personOf(reviewer), from: "member", to: "admin" },
      at: now,
    });
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
    reviewers: reviewersInOrder(members, user.id, reviewer),
    now,
    actor: personOf(user),
  });
  await recordLeft(tx, { householdId, leaver: user, settled, accountDeleted: true, now });
  await settleProposalsOfDeparture(tx, {
    householdId,
    userId: user.id,
    now,
    publicUrl: params.publicUrl,
    actor: personOf(user),
  });
  // An appeal of a fine just written off closes void; the leaver's votes are taken back.
  await settleAppealsOfDeparture(tx, {
    householdId,
    userId: user.id,
    now,
    publicUrl: params.publicUrl,
    actor: personOf(user),
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
        members,
      ),
    },
    params.publicUrl,
  );
  await announceHouseholdChanged(tx, [householdId]);
  return [];
}

/** The log's `member.left`: the person, and what their leaving wrote off. */
async function recordLeft(
  tx: Transaction,
  params: { householdId: string; leaver: UserRow; settled: FinesSettled; accountDeleted: boolean; now: Date },
): Promise<void> {
  await recordActivity(tx, {
    householdId: params.householdId,
    kind: "member.left",
    actor: personOf(params.leaver),
    subject: { type: "member", id: params.leaver.id },
    details: {
      member: personOf(params.leaver),
      account_deleted: params.accountDeleted,
      fines_written_off: params.settled.finesWrittenOff,
      amount_written_off: fromMinor(params.settled.amountWrittenOffMinor),
    },
    at: params.now,
  });
}

const nothingSettled = (userId: string): Departed => ({
  userId,
  finesWrittenOff: 0,
  amountWrittenOffMinor: 0,
  disputesHandedOver: 0,
  disputesHandedTo: null,
  issuedWrittenOff: 0,
});
