import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { type HouseholdMember, householdsApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { householdQueryKey } from "./get-household";

/**
 * GET /households/{id}/members (issue 16): each member with their role, when they joined, what they owe and what they
 * issued. The settings page's list; the shell's plain member list (get-household-members.ts) stays the lighter one.
 */
export function getHouseholdRoster(householdId: string, signal?: AbortSignal): Promise<HouseholdMember[]> {
  return api.call(householdsApi.listHouseholdMembers, { params: { id: householdId }, signal });
}

export function getHouseholdRosterQueryOptions(householdId: string | null | undefined) {
  return queryOptions({
    queryKey: [...householdQueryKey(householdId ?? ""), "roster"] as const,
    queryFn: householdId ? ({ signal }) => getHouseholdRoster(householdId, signal) : skipToken,
  });
}

export function useHouseholdRoster(householdId: string | null | undefined) {
  return useQuery(getHouseholdRosterQueryOptions(householdId));
}
