import { useMutation } from "@tanstack/react-query";
import { type UpdateUserBody, type User, usersApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { useAuthStore } from "./auth-store";

export type ProfileChanges = Pick<UpdateUserBody, "display_name" | "photo_url">;

/** PUT /users/{id} with profile fields (SPEC §7 Users); the server answers with the saved user. */
export function updateProfile(userId: string, changes: ProfileChanges): Promise<User> {
  return api.call(usersApi.updateUser, { params: { id: userId }, body: changes });
}

/**
 * Saves the signed-in user's profile and puts the saved fields into the auth store, so the header's avatar and name
 * change at once, and onboarding knows a saved name is chosen. `onSaved` lets the screen refresh what else shows the
 * person. Here rather than in a feature: the profile screen and onboarding's name step both save through it.
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
        display_name: saved.display_name,
        photo_url: saved.photo_url,
        updated_at: saved.updated_at,
        // The server counts any saved name as chosen (issue 18): onboarding stops asking for it.
        ...(changes.display_name === undefined ? {} : { display_name_chosen: true }),
      });
      onSaved?.();
    },
  });
}
