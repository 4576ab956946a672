import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { type BalanceStats, balanceApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { fundStatsQueryKey } from "@/lib/query-keys";
import { BALANCE_REFETCH_MS } from "./get-household-balance";

export function getBalanceStats(householdId: string, signal?: AbortSignal): Promise<BalanceStats> {
  return api.call(balanceApi.getBalanceStats, { params: { id: householdId }, signal });
}

/** Under the balance's key, so whatever refreshes the balance refreshes its stats too (lib/query-keys.ts). */
export const getBalanceStatsQueryOptions = (householdId: string | null | undefined) =>
  queryOptions({
    queryKey: fundStatsQueryKey(householdId ?? ""),
    queryFn: householdId ? ({ signal }) => getBalanceStats(householdId, signal) : skipToken,
    refetchInterval: BALANCE_REFETCH_MS,
  });

/** SPEC §7 Balance stats: the 30-day change, all-time income and spending, and the last 12 months (issue 17). */
export function useBalanceStats(householdId: string | null | undefined) {
  return useQuery(getBalanceStatsQueryOptions(householdId));
}
