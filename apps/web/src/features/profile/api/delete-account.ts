import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useAuthStore } from "@/features/auth/stores/auth-store";

/** DELETE /users/{id} (SPEC §7 Users): the account goes; the household keeps its history (DESIGN §3). */
export function deleteAccount(userId: string): Promise<unknown> {
  return api.delete(`/users/${encodeURIComponent(userId)}`);
}

/** Deletes the signed-in user's own account. Signing out afterwards is the caller's step. */
export function useDeleteAccount() {
  const userId = useAuthStore((state) => state.currentUser?.id);
  return useMutation({
    mutationFn: () => {
      if (!userId) throw new Error("No authenticated user found");
      return deleteAccount(userId);
    },
  });
}
