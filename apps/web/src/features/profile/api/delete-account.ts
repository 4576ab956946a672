import { usersApi } from "@housemate/contract";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { api } from "@/lib/api-client";
import { useAuthStore } from "@/lib/auth/auth-store";

/** DELETE /users/{id} (SPEC §7 Users): the account goes; the household keeps its history (DESIGN §3). */
export function deleteAccount(userId: string): Promise<unknown> {
  return api.call(usersApi.deleteUser, { params: { id: userId } });
}

/**
 * Deletes the signed-in user's own account, then says goodbye, goes to the landing page and signs out on
 * this device (SPEC §5). The steps live here, not in the caller's `mutate` options, so they run even if
 * the screen has gone by the time the server answers.
 */
export function useDeleteAccount() {
  const navigate = useNavigate();
  const userId = useAuthStore((state) => state.currentUser?.id);
  return useMutation({
    mutationFn: () => {
      if (!userId) throw new Error("No authenticated user found");
      return deleteAccount(userId);
    },
    // The server ends the account's sessions as it deletes it: the 401s that causes are ours.
    onMutate: () => useAuthStore.getState().setLeaving(true),
    async onSuccess() {
      toast.success("Account deleted", { description: "Your account has been permanently deleted." });
      // Off the signed-in screens first (committed at once, not in a transition), so their guard does
      // not see the signed-out state and send the person to /login instead.
      await navigate("/", { replace: true, flushSync: true });
      // The server has already ended every session of the account; this forgets it here.
      useAuthStore.getState().signOutLocally();
    },
    onError() {
      useAuthStore.getState().setLeaving(false);
      toast.error("Error", { description: "Failed to delete account. Please try again." });
    },
  });
}
