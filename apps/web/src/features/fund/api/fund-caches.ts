import type { QueryClient } from "@tanstack/react-query";
import { householdBalanceQueryKey } from "@/lib/query-keys";

/**
 * The fund changed: a fine paid, a proposal made, voted on, withdrawn or decided (one that passes is paid from the fund
 * at once), or a correction; here, or elsewhere (a `fund_changed` frame). The balance's key covers its stats, the
 * transactions and both lists of proposals (lib/query-keys.ts), so one invalidation fetches the whole fund again.
 */
export function refreshFund(queryClient: QueryClient, householdId: string) {
  return queryClient.invalidateQueries({ queryKey: householdBalanceQueryKey(householdId) });
}
