import type { User } from "@housemate/contract";
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
