import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

interface InviteAnswer {
  inviteUrl?: string;
  expires?: string;
}

/** POST /households/{id}/invites (SPEC §7): a fresh link, valid 7 days, for any number of people. */
export async function createInvite(householdId: string | null | undefined): Promise<string> {
  if (!householdId) throw new Error("Household ID is required");
  const answer = await api.post<InviteAnswer | undefined>(`/households/${encodeURIComponent(householdId)}/invites`);
  if (!answer?.inviteUrl) throw new Error("Invalid response from server");
  return answer.inviteUrl;
}

export function useCreateInvite() {
  return useMutation({ mutationFn: createInvite });
}
