import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { type Fine, type disputeResponse, finesApi } from "@housemate/contract";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { getFineDisputeQueryOptions } from "./get-fine-dispute";
import { MissingInformation, refreshAfterLifecycleChange, replaceFine, toastLifecycleError } from "./fine-caches";

type DisputeAnswer = z.infer<typeof disputeResponse>;

export const MISSING_DISPUTE_INFO = "Missing required information to dispute the fine.";

export function submitDispute(householdId: string, fineId: string, reason: string): Promise<DisputeAnswer> {
  return api.call(finesApi.disputeFine, { params: { hid: householdId, fid: fineId }, body: { reason } });
}

/** The offender disputes a pending fine (SPEC §4); the dialog validates the reason first. */
export function useSubmitDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fine, reason }: { fine: Fine; reason: string }) => {
      if (!fine.id || !fine.household_id || !reason)
        return Promise.reject(new MissingInformation(MISSING_DISPUTE_INFO));
      return submitDispute(fine.household_id, fine.id, reason);
    },
    onSuccess: async ({ fine, dispute }) => {
      toast.success("Dispute submitted", { description: "Your dispute has been submitted for review" });
      replaceFine(queryClient, fine);
      queryClient.setQueryData(getFineDisputeQueryOptions(fine.household_id, fine.id).queryKey, dispute);
      await refreshAfterLifecycleChange(queryClient, fine);
    },
    onError: (error) =>
      toastLifecycleError(error, "Failed to submit dispute", "Failed to dispute fine. Please try again."),
  });
}
