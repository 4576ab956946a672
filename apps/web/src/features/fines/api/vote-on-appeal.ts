import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { appealsApi, type AppealVote, type AppealWithFine, type Fine } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { appealQueryKey } from "./get-appeal";
import { openAppealsQueryKey } from "./get-open-appeals";
import { MissingInformation, refreshAfterLifecycleChange, replaceFine, toastLifecycleError } from "./fine-caches";

export const MISSING_VOTE_INFO = "Missing required information to vote on the appeal.";

export function voteOnAppeal(householdId: string, fineId: string, vote: AppealVote): Promise<AppealWithFine> {
  return api.call(appealsApi.voteOnAppeal, { params: { hid: householdId, fid: fineId }, body: { vote } });
}

/**
 * A member other than the issuer and the person fined votes, once (issue 21). The last vote closes the appeal: the
 * answer's fine then carries its outcome, and the lists (the dashboard's appeals among them) are fetched again.
 */
export function useVoteOnAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fine, vote }: { fine: Pick<Fine, "id" | "household_id">; vote: AppealVote }) => {
      if (!fine.id || !fine.household_id) return Promise.reject(new MissingInformation(MISSING_VOTE_INFO));
      return voteOnAppeal(fine.household_id, fine.id, vote);
    },
    onSuccess: async ({ fine, appeal }) => {
      toast.success("Vote recorded");
      replaceFine(queryClient, fine);
      queryClient.setQueryData(appealQueryKey(fine.household_id, fine.id), appeal);
      // The answer says the viewer may vote no more: the dashboard's appeal leaves at once, not after the refetch, so
      // focus moves on to the next one rather than to the page's <body> (appeal-vote-buttons.tsx).
      queryClient.setQueryData<AppealWithFine[]>(openAppealsQueryKey(fine.household_id), (list) =>
        list?.map((each) => (each.appeal.id === appeal.id ? { appeal, fine } : each)),
      );
      await refreshAfterLifecycleChange(queryClient, fine);
    },
    onError: (error) => toastLifecycleError(error, "Failed to record vote", "Failed to record vote. Please try again."),
  });
}
