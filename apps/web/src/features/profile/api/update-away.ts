import { useMutation } from "@tanstack/react-query";
import { type User, usersApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { useAuthStore } from "@/lib/auth/auth-store";

/** PUT /users/{id} with `away_until` (issue 22): the last day away, or null when back. */
export function updateAway(userId: string, awayUntil: string | null): Promise<User> {
  return api.call(usersApi.updateUser, { params: { id: userId }, body: { away_until: awayUntil } });
}

/**
 * Sets or clears the signed-in person's away date and keeps the saved one in the auth store, so the profile shows it
 * at once; `onSaved` refreshes the lists that show housemates as away.
 */
export function useUpdateAway(onSaved?: () => void) {
  const userId = useAuthStore((state) => state.currentUser?.id);
  const updateUser = useAuthStore((state) => state.updateUser);
  return useMutation({
    mutationFn: (awayUntil: string | null) => {
      if (!userId) throw new Error("No authenticated user found");
      return updateAway(userId, awayUntil);
    },
    onSuccess: (saved) => {
      updateUser({ away_until: saved.away_until, updated_at: saved.updated_at });
      onSaved?.();
    },
  });
}
