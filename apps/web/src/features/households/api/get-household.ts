import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { type Household, householdsApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { useAuthStore } from "@/lib/auth/auth-store";

/** GET /households/{id} (SPEC §7); the server answers 404 'Household not found' for an unknown id. */
export function getHousehold(householdId: string, signal?: AbortSignal): Promise<Household> {
  return api.call(householdsApi.getHousehold, { params: { id: householdId }, signal });
}

/** Everything cached about one household sits under this key, so one invalidation refreshes it all. */
export const householdQueryKey = (householdId: string) => ["households", householdId] as const;

export function getHouseholdQueryOptions(householdId: string | null | undefined) {
  return queryOptions({
    queryKey: householdQueryKey(householdId ?? ""),
    queryFn: householdId ? ({ signal }) => getHousehold(householdId, signal) : skipToken,
  });
}

/** The signed-in user's household (name, currency, …); idle while they have none. */
export function useHousehold() {
  const householdId = useAuthStore((state) => state.currentUser?.household_id);
  return useQuery(getHouseholdQueryOptions(householdId));
}
