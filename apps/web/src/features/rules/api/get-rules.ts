import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { type Rule, rulesApi } from "@housemate/contract";
import { api } from "@/lib/api-client";

export function getRules(householdId: string, signal?: AbortSignal): Promise<Rule[]> {
  return api.call(rulesApi.listRules, { params: { id: householdId }, signal });
}

export const getRulesQueryOptions = (householdId: string | null | undefined) =>
  queryOptions({
    queryKey: ["rules", householdId ?? ""] as const,
    queryFn: householdId ? ({ signal }) => getRules(householdId, signal) : skipToken,
  });

/** The household's rules (SPEC §7 Rules); idle until the household is known. */
export function useRules(householdId: string | null | undefined) {
  return useQuery(getRulesQueryOptions(householdId));
}
