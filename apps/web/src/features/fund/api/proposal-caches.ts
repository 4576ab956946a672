import type { QueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { Proposal } from "@housemate/contract";
import { ApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { fundProposalsQueryKey, householdBalanceQueryKey } from "@/lib/query-keys";

/**
 * Puts the server's answer for one proposal in the open list at once (a vote's new tally, say). A proposal that the
 * answer shows decided leaves the list: the refresh that follows files it under 'Recently decided'.
 */
export function replaceOpenProposal(queryClient: QueryClient, proposal: Proposal) {
  queryClient.setQueryData<Proposal[]>(fundProposalsQueryKey(proposal.household_id, "open"), (open) =>
    open?.flatMap((each) => {
      if (each.id !== proposal.id) return [each];
      return proposal.status === "open" ? [proposal] : [];
    }),
  );
}

/**
 * A vote, a withdrawal or a new proposal can move money (a proposal that passes is paid from the fund at once), so
 * the whole fund is fetched again: balance, stats, transactions and both lists of proposals, all under one key.
 */
export function refreshFund(queryClient: QueryClient, householdId: string) {
  return queryClient.invalidateQueries({ queryKey: householdBalanceQueryKey(householdId) });
}

/**
 * The failure toast of a vote or withdrawal, in the server's words. A 409 means the proposal was decided meanwhile
 * (elsewhere, or by its deadline): the lists are fetched again so it moves to 'Recently decided'.
 */
export function toastProposalError(queryClient: QueryClient, householdId: string, error: unknown, title: string) {
  toast.error(title, { description: errorMessage(error, "Please try again.") });
  if (error instanceof ApiError && error.status === 409) void refreshFund(queryClient, householdId);
}
