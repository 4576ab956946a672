import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type TransactionPage, type TransactionsQuery, fundApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { fundTransactionsQueryKey } from "@/lib/query-keys";

export function getTransactions(
  householdId: string,
  query: TransactionsQuery,
  signal?: AbortSignal,
): Promise<TransactionPage> {
  return api.callForEnvelope(fundApi.listTransactions, { params: { id: householdId }, query, signal });
}

/** Under the balance's key, so a payment, a correction or a `fund_changed` frame refreshes every cached page. */
export const getTransactionsQueryOptions = (householdId: string, query: TransactionsQuery) =>
  queryOptions({
    queryKey: fundTransactionsQueryKey(householdId, query),
    queryFn: ({ signal }) => getTransactions(householdId, query, signal),
    // The page stays on screen while the next filter's or page's answer is on its way.
    placeholderData: keepPreviousData,
  });

/**
 * One page of the fund's ledger (SPEC §3's transaction history), as the filters, sort and page in the URL say; idle
 * while `enabled` is false (a date range the server would refuse).
 */
export function useTransactions(householdId: string, query: TransactionsQuery, { enabled = true } = {}) {
  return useQuery({ ...getTransactionsQueryOptions(householdId, query), enabled });
}
