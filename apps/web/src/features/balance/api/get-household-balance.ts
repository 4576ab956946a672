import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { type balanceSchema, balanceApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { householdBalanceQueryKey } from "@/lib/query-keys";

/** SPEC §9: the House Balance is fetched again every minute while it is on screen. */
export const BALANCE_REFETCH_MS = 60_000;

type Balance = z.infer<typeof balanceSchema>;

export function getHouseholdBalance(householdId: string, signal?: AbortSignal): Promise<Balance> {
  return api.call(balanceApi.getBalance, { params: { id: householdId }, signal });
}

export const getHouseholdBalanceQueryOptions = (householdId: string | null | undefined) =>
  queryOptions({
    queryKey: householdBalanceQueryKey(householdId ?? ""),
    queryFn: householdId ? ({ signal }) => getHouseholdBalance(householdId, signal) : skipToken,
    refetchInterval: BALANCE_REFETCH_MS,
  });

/** The household's fine fund (SPEC §7 Balance); idle until the household is known. */
export function useHouseholdBalance(householdId: string | null | undefined) {
  return useQuery(getHouseholdBalanceQueryOptions(householdId));
}
