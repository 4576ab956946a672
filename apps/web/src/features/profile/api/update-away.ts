import { useMutation } from "@tanstack/react-query";
import { type User, usersApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { useAuthStore } from "@/lib/auth/auth-store";

/** The zone this device keeps: the person's own, whose midnight ends their last day away (docs/decisions/054). */
export const ownTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * PUT /users/{id} with `away_until` (issue 22): the last day away, or null when back, and the zone it is read in, so
 * it ends at midnight where the person is.
 */
export function updateAway(userId: string, awayUntil: string | null, timeZone: string): Promise<User> {
  return api.call(usersApi.updateUser, {
    params: { id: userId },
    body: awayUntil === null ? { away_until: null } : { away_until: awayUntil, away_time_zone: timeZone },
  });
}

/**
 * Sets or clears the signed-in person's away date and keeps the saved one in the auth store, so the profile shows it
 * at once; `onSaved` refreshes the lists that show housemates as away.
 */
export function useUpdateAway(timeZone: string, onSaved?: () => void) {
  const userId = useAuthStore((state) => state.currentUser?.id);
  const updateUser = useAuthStore((state) => state.updateUser);
  return useMutation({
    mutationFn: (awayUntil: string | null) => {
      if (!userId) throw new Error("No authenticated user found");
      return updateAway(userId, awayUntil, timeZone);
    },
    onSuccess: (saved) => {
      updateUser({ away_until: saved.away_until, away_ends_at: saved.away_ends_at, updated_at: saved.updated_at });
      onSaved?.();
    },
  });
}
