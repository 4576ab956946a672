import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { type Insights, insightsApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { insightsQueryKey } from "@/lib/query-keys";

export function getInsights(householdId: string, signal?: AbortSignal): Promise<Insights> {
  return api.call(insightsApi.getInsights, { params: { id: householdId }, query: {}, signal });
}

/** The household's Insights over the server's default period, the last 12 months. */
export const getInsightsQueryOptions = (householdId: string | null | undefined) =>
  queryOptions({
    queryKey: insightsQueryKey(householdId ?? ""),
    queryFn: householdId ? ({ signal }) => getInsights(householdId, signal) : skipToken,
  });

/** Issue 20's fine analytics for the Insights page. */
export function useInsights(householdId: string | null | undefined) {
  return useQuery(getInsightsQueryOptions(householdId));
}
