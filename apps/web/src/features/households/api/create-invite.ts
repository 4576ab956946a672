import { type createInviteResponse, invitesApi } from "@housemate/contract";
import type { z } from "zod";
import { api } from "@/lib/api-client";

// Read defensively: SPEC §5 names the answer without a link as a failure of its own.
type InviteAnswer = Partial<z.infer<typeof createInviteResponse>>;

/** POST /households/{id}/invites (SPEC §7): a fresh link, valid 7 days, for any number of people. */
export async function createInvite(householdId: string | null | undefined): Promise<string> {
  if (!householdId) throw new Error("Household ID is required");
  const answer = (await api.call(invitesApi.createInvite, { params: { id: householdId } })) as InviteAnswer | undefined;
  if (!answer?.inviteUrl) throw new Error("Invalid response from server");
  return answer.inviteUrl;
}
