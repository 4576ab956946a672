import { useMutation, useQueryClient } from "@tanstack/react-query";
import { fundApi, type CreateProposalBody, type Proposal } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { refreshFund } from "./fund-caches";

export interface CreateProposal {
  householdId: string;
  body: CreateProposalBody;
}

/** POST /balance/household/{id}/proposals: the proposer's yes is cast with it. */
export function createProposal({ householdId, body }: CreateProposal): Promise<Proposal> {
  return api.call(fundApi.createProposal, { params: { id: householdId }, body });
}

/** Proposes spending; the dialog says how it went (its toast, or the server's reason beneath the form). */
export function useCreateProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProposal,
    onSuccess: (proposal) => refreshFund(queryClient, proposal.household_id),
  });
}
