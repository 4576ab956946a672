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

/**
 * The household's activity log (every filtered list under it) and its Insights (issue 20). Every change in a household
 * writes an entry, and a fine's changes move Insights' figures, so both are refreshed after every successful change
 * made here (lib/query-client.ts) and on every live message that tells of one (app/live-refresh.ts). Their roots are
 * for the mutations, which do not say whose household they changed: a person is in one household at a time.
 */
export const activityRootKey = ["activity"] as const;
export const activityQueryKey = (householdId: string) => [...activityRootKey, householdId] as const;
export const insightsRootKey = ["insights"] as const;
export const insightsQueryKey = (householdId: string) => [...insightsRootKey, householdId] as const;

/**
 * The household's plan, limits and usage (issue 21). A member joining or leaving and a rule added or deleted move its
 * usage, so the households and rules features refresh it too.
 */
export const planRootKey = ["plan"] as const;
export const householdPlanQueryKey = (householdId: string) => [...planRootKey, householdId] as const;
/** What the server offers (plans on or off, the support form): one per server, fetched once. */
export const appConfigQueryKey = ["app-config"] as const;
