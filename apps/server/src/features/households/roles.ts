import { eq } from "drizzle-orm";
import {
  MEMBER_NOT_FOUND_MESSAGE,
  ONLY_ADMIN_CANNOT_STEP_DOWN_MESSAGE,
  STEP_DOWN_ONLY_SELF_MESSAGE,
} from "@housemate/contract";
import type { Database, Transaction } from "../../db/client.js";
import { users } from "../../db/schema.js";
import { conflict, forbidden, notFound } from "../../lib/errors.js";
import { announceHouseholdChanged, recordNotification } from "../notifications/record.js";
import { personOf, recordActivity } from "../activity/record.js";
import {
  currentMembers,
  lockedHousehold,
  lockedUser,
  otherAdmins,
  othersThan,
  stillMember,
  type Change,
} from "./departure.js";

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
    await recordActivity(tx, {
      householdId,
      kind: "member.role_changed",
      actor: personOf(admin),
      subject: { type: "member", id: member.id },
      details: { member: personOf(member), from: isAdmin ? "member" : "admin", to: isAdmin ? "admin" : "member" },
      at: now,
    });
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
export async function setAdmin(tx: Transaction, userId: string, isAdmin: boolean, now: Date): Promise<void> {
  await tx.update(users).set({ isAdmin, updatedAt: now }).where(eq(users.id, userId));
}
