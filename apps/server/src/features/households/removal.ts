import { REMOVE_SELF_MESSAGE, MEMBER_NOT_FOUND_MESSAGE, WRITTEN_OFF_REMOVED_REASON } from "@housemate/contract";
import type { Database } from "../../db/client.js";
import { householdRemovals } from "../../db/schema.js";
import { conflict, notFound } from "../../lib/errors.js";
import { announceAccessEnded, announceHouseholdChanged, recordNotification } from "../notifications/record.js";
import { settleProposalsOfDeparture } from "../proposals/deciding.js";
import { settleAppealsOfDeparture } from "../appeals/closing.js";
import { fromMinor } from "../../lib/money.js";
import { personOf, recordActivity } from "../activity/record.js";
import {
  currentMembers,
  detachMember,
  lockedHousehold,
  lockedUser,
  lockMembership,
  othersThan,
  reviewersInOrder,
  settleFines,
  stillMember,
  withSettled,
  type Change,
  type Departed,
} from "./departure.js";

/**
 * An admin removes another member, with a reason: the same consequences for their fines as leaving (the acting admin
 * takes over their disputes, except those of fines the admin owes), their access ends at once (their sessions stay
 * valid), they are told by email and in-app, and they cannot join again by the household's ID, only by an invite link
 * made after this.
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
      // The acting admin first, unless a fine is theirs to pay: then another admin or member (departure.ts).
      reviewers: reviewersInOrder(members, memberId, admin),
      now,
      actor: personOf(admin),
    });
    await detachMember(tx, memberId, now);
    await recordActivity(tx, {
      householdId,
      kind: "member.removed",
      actor: personOf(admin),
      subject: { type: "member", id: memberId },
      details: {
        member: personOf(member),
        fines_written_off: settled.finesWrittenOff,
        amount_written_off: fromMinor(settled.amountWrittenOffMinor),
      },
      at: now,
    });
    await settleProposalsOfDeparture(tx, {
      householdId,
      userId: memberId,
      now,
      publicUrl: params.publicUrl,
      actor: personOf(admin),
    });
    // An appeal of a fine just written off closes void; the leaver's votes are taken back.
    await settleAppealsOfDeparture(tx, {
      householdId,
      userId: memberId,
      now,
      publicUrl: params.publicUrl,
      actor: personOf(admin),
    });
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
          members,
        ),
      },
      params.publicUrl,
    );
    await announceHouseholdChanged(tx, [householdId]);
    await announceAccessEnded(tx, [{ user: memberId, household: householdId, reason: "removed" }]);
    return { userId: memberId, ...settled };
  });
}
