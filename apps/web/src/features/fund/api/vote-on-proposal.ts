import { useMutation, useQueryClient } from "@tanstack/react-query";
import { fundApi, type Proposal, type Vote } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { fundProposalsQueryKey } from "@/lib/query-keys";
import { refreshFund } from "./fund-caches";
import { replaceOpenProposal, toastProposalDecided, toastProposalError } from "./proposal-caches";

export interface VoteOnProposal {
  proposal: Proposal;
  vote: Vote;
}

/** PUT …/proposals/{proposalId}/vote: casts, or changes, the signed-in member's vote while the proposal is open. */
export function voteOnProposal({ proposal, vote }: VoteOnProposal): Promise<Proposal> {
  return api.call(fundApi.voteOnProposal, {
    params: { id: proposal.household_id, proposalId: proposal.id },
    body: { vote },
  });
}

/**
 * A vote shows at once (the button pressed, the tally moved) and is put right if the server refuses it. The member's
 * own vote is all that changes here: whether it passes is the server's to say, in its answer.
 */
export function useVoteOnProposal(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voteOnProposal,
    onMutate: async ({ proposal, vote }) => {
      const key = fundProposalsQueryKey(proposal.household_id, "open");
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Proposal[]>(key);
      const votes = [...proposal.votes.filter((each) => each.user_id !== userId), { user_id: userId, vote }];
      replaceOpenProposal(queryClient, { ...proposal, votes });
      return { before };
    },
    onSuccess: (proposal) => {
      replaceOpenProposal(queryClient, proposal);
      // The vote that decides it: the card leaves the open list, so say where it went.
      toastProposalDecided(proposal);
    },
    onError: (error, { proposal }, context) => {
      if (context?.before)
        queryClient.setQueryData(fundProposalsQueryKey(proposal.household_id, "open"), context.before);
      toastProposalError(error, "Failed to vote");
    },
    // Once, whatever the answer: a refused vote (409) may mean the proposal was decided meanwhile.
    onSettled: (_answer, _error, { proposal }) => refreshFund(queryClient, proposal.household_id),
  });
}
