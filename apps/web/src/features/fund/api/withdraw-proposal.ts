import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { fundApi, type Proposal } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { refreshFund } from "./fund-caches";
import { replaceOpenProposal, toastProposalError } from "./proposal-caches";

/** POST …/proposals/{proposalId}/withdraw: the proposer takes back a proposal that is still open. */
export function withdrawProposal(proposal: Proposal): Promise<Proposal> {
  return api.call(fundApi.withdrawProposal, { params: { id: proposal.household_id, proposalId: proposal.id } });
}

export function useWithdrawProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawProposal,
    onSuccess: (proposal) => {
      toast.success("Proposal withdrawn", { description: `${proposal.title} will not be paid from the fund.` });
      replaceOpenProposal(queryClient, proposal);
    },
    onError: (error) => toastProposalError(error, "Failed to withdraw"),
    // Once, whatever the answer: a refused withdrawal (409) may mean the proposal was decided meanwhile.
    onSettled: (_answer, _error, proposal) => refreshFund(queryClient, proposal.household_id),
  });
}
