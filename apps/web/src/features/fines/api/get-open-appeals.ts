import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { appealsApi, type AppealWithFine } from "@housemate/contract";
import { api } from "@/lib/api-client";

/** Under "fines": every change to the household's fines (a live message, a vote) fetches it again with them. */
export const openAppealsQueryKey = (householdId: string) => ["fines", "appeals", householdId] as const;

export function getOpenAppeals(householdId: string, signal?: AbortSignal): Promise<AppealWithFine[]> {
  return api.call(appealsApi.listOpenAppeals, { params: { id: householdId }, signal });
}

export const getOpenAppealsQueryOptions = (householdId: string | null) =>
  queryOptions({
    queryKey: openAppealsQueryKey(householdId ?? ""),
    queryFn: householdId ? ({ signal }) => getOpenAppeals(householdId, signal) : skipToken,
  });

/**
 * The household's open appeals, soonest closing first (issue 21). Asked for only where an appeal can be (three members
 * or more): `householdId` null asks nothing.
 */
export function useOpenAppeals(householdId: string | null) {
  return useQuery(getOpenAppealsQueryOptions(householdId));
}
