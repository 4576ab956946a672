import { useMutation } from "@tanstack/react-query";
import { type UpdateUserBody, type User, usersApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { useAuthStore } from "./auth-store";
import type { UserChanges } from "./session-user";

/**
 * What a person changes on their own account: anything PUT /users/{id} takes but their household and role (name,
 * photo, bio, the away date of issue 22, …), so a field added to the body is saved here with no other change.
 */
export type ProfileChanges = Omit<UpdateUserBody, "household_id" | "is_admin">;

/**
 * The saved value of each user field that was sent: the server's (trimmed, say), not what was typed. An away date
 * brings the instant it ends, which the server works out from it and the zone sent with it (not itself a user field).
 */
function savedFields(saved: User, changes: ProfileChanges): UserChanges {
  const fields: UserChanges = {};
  for (const field of Object.keys(changes)) {
    if (field in saved) Object.assign(fields, { [field]: saved[field as keyof User] });
  }
  if ("away_until" in changes) fields.away_ends_at = saved.away_ends_at;
  return fields;
}

/** PUT /users/{id} with profile fields (SPEC §7 Users); the server answers with the saved user. */
export function updateProfile(userId: string, changes: ProfileChanges): Promise<User> {
  return api.call(usersApi.updateUser, { params: { id: userId }, body: changes });
}

/**
 * Saves the signed-in user's profile and puts the saved fields into the auth store, so the header's avatar and name
 * change at once, and onboarding knows a saved name is chosen. `onSaved` lets the screen refresh what else shows the
 * person. Here rather than in a feature: the profile screen (its away date too) and onboarding's name step both save
 * through it.
 */
export function useUpdateProfile(onSaved?: () => void) {
  const userId = useAuthStore((state) => state.currentUser?.id);
  const updateUser = useAuthStore((state) => state.updateUser);
  return useMutation({
    mutationFn: (changes: ProfileChanges) => {
      if (!userId) throw new Error("No authenticated user found");
      return updateProfile(userId, changes);
    },
    onSuccess: (saved, changes) => {
      updateUser({
        ...savedFields(saved, changes),
        updated_at: saved.updated_at,
        // The server counts any saved name as chosen (issue 18): onboarding stops asking for it.
        ...(changes.display_name === undefined ? {} : { display_name_chosen: true }),
      });
      onSaved?.();
    },
  });
}
