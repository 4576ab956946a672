import { and, eq, isNull } from "drizzle-orm";
import {
  DEFAULT_AWAY_TIME_ZONE,
  FORMER_MEMBER_NAME,
  PROFILE_FORBIDDEN_MESSAGE,
  type UserProfileChanges,
} from "@housemate/contract";
import type { Database } from "../../db/client.js";
import { magicLinks, mailOutbox, notificationPreferences, notifications, uploads, users } from "../../db/schema.js";
import { badRequest, forbidden, notFound } from "../../lib/errors.js";
import type { UserRow } from "../../plugins/auth.js";
import { endSessions } from "../auth/service.js";
import { settleDeletedAccount } from "../households/leaving.js";
import { filePathFromPublicUrl, publicUrlFor } from "../storage/file-path.js";
import { ownFinishedUploads } from "../storage/queries.js";
import { checkAwayDate, lockedAwayDate, recordAwayChange } from "./away.js";
import { findUser } from "./queries.js";

/** The profile behind `userId`, if the viewer may see it: their own, or a housemate's (SPEC §5). */
export async function requireVisibleUser(db: Database, viewer: UserRow, userId: string): Promise<UserRow> {
  const user = await findUser(db, userId);
  if (!user) throw notFound();
  const sameHousehold = viewer.householdId !== null && user.householdId === viewer.householdId;
  if (user.id !== viewer.id && !sameHousehold) throw forbidden(PROFILE_FORBIDDEN_MESSAGE);
  return user;
}

/** Only the account's owner may change or delete it; unknown ids stay 404 so the matrix is uniform. */
export async function requireSelf(db: Database, caller: UserRow, userId: string): Promise<UserRow> {
  const user = await findUser(db, userId);
  if (!user) throw notFound();
  if (user.id !== caller.id) throw forbidden();
  return user;
}

/**
 * Updates a profile. household_id and is_admin are echoed by SPEC §7's onboarding call; they are
 * accepted only when they repeat what the server already knows (decision 004): membership changes
 * go through the households routes, so nobody moves or promotes themselves here.
 */
export async function updateProfile(
  db: Database,
  params: { user: UserRow; changes: UserProfileChanges; publicUrl: string; now: Date },
): Promise<UserRow> {
  const { user, changes } = params;
  if (changes.household_id !== undefined && changes.household_id !== user.householdId) throw forbidden();
  if (changes.is_admin !== undefined && changes.is_admin !== user.isAdmin) throw forbidden();
  const photoUrl =
    typeof changes.photo_url === "string"
      ? await resolveProfilePicture(db, { userId: user.id, url: changes.photo_url, publicUrl: params.publicUrl })
      : changes.photo_url;

  const awayUntil = changes.away_until;
  const awayEndsAt = checkAwayDate(awayUntil, changes.away_time_zone ?? DEFAULT_AWAY_TIME_ZONE, params.now);

  return db.transaction(async (tx) => {
    // Only a change of away date reads the date it replaces, for its log entry.
    const awayBefore = awayUntil === undefined ? undefined : await lockedAwayDate(tx, user.id);
    const [updated] = await tx
      .update(users)
      .set({
        // A name given here is chosen: onboarding stops asking for it (issue 18).
        ...(changes.display_name !== undefined ? { displayName: changes.display_name, displayNameChosen: true } : {}),
        ...(photoUrl !== undefined ? { photoUrl } : {}),
        ...(changes.bio !== undefined ? { bio: changes.bio } : {}),
        ...(awayUntil !== undefined ? { awayUntil, awayEndsAt } : {}),
        updatedAt: params.now,
      })
      .where(and(eq(users.id, user.id), isNull(users.deletedAt)))
      .returning();
    if (!updated) throw notFound();
    // The same date again is no change: nothing logged, nobody told.
    if (awayUntil !== undefined && awayBefore !== undefined && awayBefore !== awayUntil) {
      await recordAwayChange(tx, { member: updated, from: awayBefore, to: awayUntil, now: params.now });
    }
    return updated;
  });
}

export const PROFILE_PICTURE_MESSAGE = "Your photo must be an image you uploaded as your profile picture.";

/**
 * A photo must be the caller's own finished profile-picture upload (SPEC §2 avatar flow), never an
 * outside address or someone else's file. Stored in the absolute form the upload answered with.
 */
async function resolveProfilePicture(
  db: Database,
  params: { userId: string; url: string; publicUrl: string },
): Promise<string> {
  const filePath = filePathFromPublicUrl(params.publicUrl, params.url);
  const [owned] = filePath
    ? await ownFinishedUploads(db, { userId: params.userId, category: "profile-pictures", filePaths: [filePath] })
    : [];
  if (!owned) {
    throw badRequest(PROFILE_PICTURE_MESSAGE, [{ path: "body.photo_url", message: PROFILE_PICTURE_MESSAGE }]);
  }
  return publicUrlFor(params.publicUrl, owned);
}

/**
 * Deletes an account (DESIGN §3): every session is revoked (its live sockets close on every instance) and the
 * personal data goes, but the row stays as a former member so the household's fines, rules and notes keep their people.
 * Its fines follow leaving's rules first (decision 032): those owed written off, disputes to review handed to an admin,
 * and the household deleted when they were its last member.
 */
export async function deleteAccount(
  db: Database,
  params: { user: UserRow; now: Date; publicUrl: string },
): Promise<{ filesToRemove: string[] }> {
  const { user, now } = params;
  return db.transaction(async (tx) => {
    // The last member's deletion deletes the household: its evidence files are deleted once this commits.
    const filesToRemove = await settleDeletedAccount(tx, { user, now, publicUrl: params.publicUrl });
    await endSessions(tx, { userId: user.id }, now);
    await tx.delete(notifications).where(eq(notifications.userId, user.id));
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, user.id));
    // Profile pictures stop being served (files are served only for a known upload); fine evidence
    // stays, as it belongs to the household's history.
    await tx.delete(uploads).where(and(eq(uploads.userId, user.id), eq(uploads.category, "profile-pictures")));
    if (user.email) {
      // Unused sign-in links and unsent mail carry the address; they must not outlive the account.
      await tx.delete(magicLinks).where(eq(magicLinks.email, user.email));
      await tx.delete(mailOutbox).where(and(eq(mailOutbox.to, user.email), isNull(mailOutbox.sentAt)));
    }
    await tx
      .update(users)
      .set({
        email: null,
        displayName: FORMER_MEMBER_NAME,
        photoUrl: null,
        bio: null,
        // When they signed in is theirs too.
        lastSignedInAt: null,
        previousSignedInAt: null,
        isAdmin: false,
        emailVerified: false,
        // Away is a plan of the person's; a former member has none.
        awayUntil: null,
        awayEndsAt: null,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    return { filesToRemove };
  });
}
