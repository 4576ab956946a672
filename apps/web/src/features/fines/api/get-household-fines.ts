import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import type { Fine } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { newestFirst } from "../utils/fine-order";

/** Every listed fine of the household. SPEC §7: the default limit 10 and offset 0 are not sent. */
export async function getHouseholdFines(householdId: string, signal?: AbortSignal): Promise<Fine[]> {
  return newestFirst(await api.get<Fine[]>(`/fines/household/${householdId}`, { signal }));
}

export const getHouseholdFinesQueryOptions = (householdId: string | null | undefined) =>
  queryOptions({
    queryKey: ["fines", "household", householdId ?? ""] as const,
    queryFn: householdId ? ({ signal }) => getHouseholdFines(householdId, signal) : skipToken,
  });

/** The household's fines, newest first; idle until the household is known. */
export function useHouseholdFines(householdId: string | null | undefined) {
  return useQuery(getHouseholdFinesQueryOptions(householdId));
}
