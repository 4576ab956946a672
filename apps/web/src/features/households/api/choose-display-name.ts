import { useMutation } from "@tanstack/react-query";
import { type User, usersApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { useAuthStore } from "@/lib/auth/auth-store";

/** PUT /users/{id} with the name onboarding asked for (issue 18): the server then counts it as chosen. */
export function chooseDisplayName(userId: string, displayName: string): Promise<User> {
  return api.call(usersApi.updateUser, { params: { id: userId }, body: { display_name: displayName } });
}

/** Saves the name and marks it chosen on this device too, so onboarding moves on and greets the person by it. */
export function useChooseDisplayName() {
  const userId = useAuthStore((state) => state.currentUser?.id);
  const updateUser = useAuthStore((state) => state.updateUser);
  return useMutation({
    mutationFn: (displayName: string) => {
      if (!userId) throw new Error("No authenticated user found");
      return chooseDisplayName(userId, displayName);
    },
    onSuccess: (saved) => {
      updateUser({ display_name: saved.display_name, display_name_chosen: true, updated_at: saved.updated_at });
    },
  });
}
