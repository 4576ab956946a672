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
  };
}

/**
 * The signed-in person as they see themselves (GET /auth/me, the verify answer): their sign-in times stay here, only
 * whether there was one before this session's goes out, and never to a housemate (presentUser).
 */
export function presentCurrentUser(row: UserRow): CurrentUser {
  return {
    ...presentUser(row),
    visited_before: row.previousSignedInAt !== null,
    display_name_chosen: row.displayNameChosen,
  };
}
