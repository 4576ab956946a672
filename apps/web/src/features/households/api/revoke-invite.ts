import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invitesApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { getInvitesQueryOptions } from "./get-invites";

/** DELETE /households/{id}/invites/{inviteId} (admin): the link stops working; the list is read again. */
export function useRevokeInvite(householdId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => api.call(invitesApi.revokeInvite, { params: { id: householdId, inviteId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getInvitesQueryOptions(householdId).queryKey }),
  });
}
