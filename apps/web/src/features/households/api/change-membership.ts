import { useMutation, useQueryClient } from "@tanstack/react-query";
import { householdsApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { useAuthStore } from "@/lib/auth/auth-store";
import { householdQueryKey } from "./get-household";

export interface RoleChange {
  userId: string;
  isAdmin: boolean;
}

/**
 * PUT /households/{id}/members/{userId}/role (admin): make a member admin, or step down oneself. Afterwards the
 * household's members are read again, and a signed-in admin who stepped down stops seeing admin actions at once.
 */
export function useSetMemberRole(householdId: string) {
  const queryClient = useQueryClient();
  const currentUserId = useAuthStore((state) => state.currentUser?.id);
  const updateUser = useAuthStore((state) => state.updateUser);
  return useMutation({
    mutationFn: ({ userId, isAdmin }: RoleChange) =>
      api.call(householdsApi.setMemberRole, {
        params: { id: householdId, userId },
        body: { is_admin: isAdmin },
      }),
    onSuccess: (member) => {
      if (member.id === currentUserId) updateUser({ is_admin: member.is_admin });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: householdQueryKey(householdId) }),
  });
}

export interface Removal {
  userId: string;
  reason: string;
}

/** POST /households/{id}/members/{userId}/remove (admin): the member goes, with the reason they are told. */
export function useRemoveMember(householdId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: Removal) =>
      api.call(householdsApi.removeMember, { params: { id: householdId, userId }, body: { reason } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: householdQueryKey(householdId) }),
  });
}
