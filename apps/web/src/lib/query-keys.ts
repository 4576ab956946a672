import type { TransactionsQuery } from "@housemate/contract";

/**
 * Query keys more than one feature uses. The balance is the balance feature's query, but a fine paid, cancelled or
 * issued changes it, so the fines feature's caches invalidate it too (decision 010).
 *
 * Everything of the fine fund nests under the balance's key (issue 17): its stats, transactions and proposals. So
 * every invalidation of the balance (after a pay, dispute or review, a fine notification, a `household_changed` or
 * `fund_changed` frame) refreshes them all by prefix, as SPEC §4 asks for 'transaction stats' and 'transactions'.
 */
export const householdBalanceQueryKey = (householdId: string) => ["balance", householdId] as const;
export const fundStatsQueryKey = (householdId: string) => [...householdBalanceQueryKey(householdId), "stats"] as const;
export const fundTransactionsQueryKey = (householdId: string, query?: TransactionsQuery) =>
  query
    ? ([...householdBalanceQueryKey(householdId), "transactions", query] as const)
    : ([...householdBalanceQueryKey(householdId), "transactions"] as const);
export const fundProposalsQueryKey = (householdId: string, status?: "open" | "decided") =>
  status
    ? ([...householdBalanceQueryKey(householdId), "proposals", status] as const)
    : ([...householdBalanceQueryKey(householdId), "proposals"] as const);
