import type { QueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { Proposal } from "@housemate/contract";
import { errorMessage } from "@/lib/error-message";
import { fundProposalsQueryKey } from "@/lib/query-keys";

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
 * The failure toast of a vote or withdrawal, in the server's words. The caller fetches the fund again once it has
 * settled, whatever the answer: a 409 means the proposal was decided meanwhile (elsewhere, or by its deadline), and the
 * refresh moves it to 'Recently decided'.
 */
export function toastProposalError(error: unknown, title: string) {
  toast.error(title, { description: errorMessage(error, "Please try again.") });
}

/**
 * Says where a proposal went when the answer shows it decided (the card leaves the open list): paid from the fund, or
 * not passed and why. False while it is still open, for the caller to say what it did. A vote can decide it, and so
 * can proposing it, in a household of one (decision 034).
 */
export function toastProposalDecided(proposal: Proposal): boolean {
  if (proposal.status === "passed") {
    toast.success(`${proposal.title} passed`, { description: "It has been paid from the fund." });
    return true;
  }
  if (proposal.status === "failed") {
    toast.info(`${proposal.title} did not pass`, { description: proposal.outcome_reason ?? undefined });
    return true;
  }
  return false;
}
