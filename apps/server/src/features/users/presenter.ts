import type { CurrentUser, User } from "@housemate/contract";
import type { UserRow } from "../../plugins/auth.js";

/** A user as the API shows them (SPEC §3 User); a deleted account keeps only its place in history. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email ?? "",
    display_name: row.displayName,
    photo_url: row.photoUrl,
    bio: row.bio,
    household_id: row.householdId,
    email_verified: row.emailVerified,
    is_admin: row.isAdmin,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    away_until: row.awayUntil,
    away_ends_at: row.awayEndsAt?.toISOString() ?? null,
  };
}

/**
 * The first visit lasts this long from the account's first sign-in (decision 038): a person who opens the app again
 * later, on the same session, has been here before, as has anyone who signed in again.
 */
export const FIRST_VISIT_MS = 12 * 60 * 60 * 1000;

/**
 * The signed-in person as they see themselves (GET /auth/me, the verify answer): their sign-in times stay here, only
 * whether they have been here before goes out, and never to a housemate (presentUser).
 */
export function presentCurrentUser(row: UserRow, now: Date): CurrentUser {
  return {
    ...presentUser(row),
    visited_before: hasVisitedBefore(row, now),
    display_name_chosen: row.displayNameChosen,
  };
}

/** A sign-in before this one, or the first visit (from the only sign-in there has been) is over. */
function hasVisitedBefore(row: UserRow, now: Date): boolean {
  if (row.previousSignedInAt !== null) return true;
  const firstSignIn = row.lastSignedInAt ?? row.createdAt;
  return now.getTime() - firstSignIn.getTime() >= FIRST_VISIT_MS;
}
