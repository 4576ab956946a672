import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { type HouseholdInvite, invitesApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { householdQueryKey } from "./get-household";

/** GET /households/{id}/invites (issue 16): the household's live invite links, newest first as the server sends them. */
export function getInvites(householdId: string, signal?: AbortSignal): Promise<HouseholdInvite[]> {
  return api.call(invitesApi.listInvites, { params: { id: householdId }, signal });
}

export function getInvitesQueryOptions(householdId: string | null | undefined) {
  return queryOptions({
    queryKey: [...householdQueryKey(householdId ?? ""), "invites"] as const,
    queryFn: householdId ? ({ signal }) => getInvites(householdId, signal) : skipToken,
  });
}

export function useInvites(householdId: string | null | undefined) {
  return useQuery(getInvitesQueryOptions(householdId));
}
