import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type JoinByInviteBody, type JoinByInviteResponse, invitesApi } from "@housemate/contract";
import { api, checkedAnswer } from "@/lib/api-client";
import { forgetPendingInvite } from "@/lib/pending-invite";
import { useAuthStore } from "@/lib/auth/auth-store";
import { getHouseholdQueryOptions } from "./get-household";

export interface JoinByInviteInput {
  code: string;
  /** The name to join under; left out, the person keeps theirs. */
  displayName?: string | undefined;
}

/** POST /invites/{code}/join (decision 021): the signed-in person joins the invite's household. */
export async function joinByInvite({ code, displayName }: JoinByInviteInput): Promise<JoinByInviteResponse> {
  const body: JoinByInviteBody = displayName === undefined ? {} : { display_name: displayName };
  const answer = await api.call(invitesApi.joinByInvite, { params: { code }, body });
  return checkedAnswer(answer, "Invalid response from server", "success", "household", "user");
}

/** Joins by invite; on success the user is a member (not admin) under the name the server kept, and the invite is spent. */
export function useJoinByInviteCode() {
  const queryClient = useQueryClient();
  const updateUser = useAuthStore((state) => state.updateUser);
  return useMutation({
    mutationFn: joinByInvite,
    onSuccess: ({ household, user }, { displayName }) => {
      forgetPendingInvite();
      queryClient.setQueryData(getHouseholdQueryOptions(household.id).queryKey, household);
      // A name given to join under is chosen, as the server now counts it (issue 18).
      const chosen = displayName === undefined ? {} : { display_name_chosen: true };
      updateUser({ household_id: household.id, is_admin: false, display_name: user.display_name, ...chosen });
    },
  });
}
