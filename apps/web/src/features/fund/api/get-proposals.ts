import { queryOptions, useQuery } from "@tanstack/react-query";
import { fundApi, type Proposal } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { fundProposalsQueryKey } from "@/lib/query-keys";

/** Which proposals a list shows: the open ones (oldest closing first) or the most recently decided. */
export type ProposalList = "open" | "decided";

/** GET /balance/household/{id}/proposals?status= (issue 17). */
export function getProposals(householdId: string, status: ProposalList, signal?: AbortSignal): Promise<Proposal[]> {
  return api.call(fundApi.listProposals, { params: { id: householdId }, query: { status }, signal });
}

/**
 * Under the balance's key (lib/query-keys.ts), so a `fund_changed` frame or any refresh of the fund refreshes the
 * proposals too: a vote elsewhere, a proposal passing or the fund paying for it.
 */
export const getProposalsQueryOptions = (householdId: string, status: ProposalList) =>
  queryOptions({
    queryKey: fundProposalsQueryKey(householdId, status),
    queryFn: ({ signal }) => getProposals(householdId, status, signal),
  });

export function useProposals(householdId: string, status: ProposalList) {
  return useQuery(getProposalsQueryOptions(householdId, status));
}
