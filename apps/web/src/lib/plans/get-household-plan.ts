/**
 * What the server offers and a household's plan (issue 21): shared, as the households, rules, fines, activity and
 * Insights features each read them, and a feature does not import another (decision 029).
 */
import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { plansApi, type HouseholdPlan } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { householdPlanQueryKey } from "@/lib/query-keys";

export function getHouseholdPlan(householdId: string, signal?: AbortSignal): Promise<HouseholdPlan> {
  return api.call(plansApi.getHouseholdPlan, { params: { id: householdId }, signal });
}

export const getHouseholdPlanQueryOptions = (householdId: string | null | undefined) =>
  queryOptions({
    queryKey: householdPlanQueryKey(householdId ?? ""),
    queryFn: householdId ? ({ signal }) => getHouseholdPlan(householdId, signal) : skipToken,
  });

/** The household's plan, what it allows and uses (issue 21): with plans off, no plan and every feature. */
export function useHouseholdPlan(householdId: string | null | undefined) {
  return useQuery(getHouseholdPlanQueryOptions(householdId));
}
