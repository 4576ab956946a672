import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { type Fine, type ReviewBody, type reviewResponse, finesApi } from "@housemate/contract";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import {
  MissingInformation,
  refreshAfterLifecycleChange,
  removeFine,
  replaceFine,
  toastLifecycleError,
} from "./fine-caches";

type ReviewAnswer = z.infer<typeof reviewResponse>;

export const MISSING_REVIEW_INFO = "Missing required information to review the dispute.";

export function reviewDispute(
  householdId: string,
  fineId: string,
  disputeId: string,
  review: ReviewBody,
): Promise<ReviewAnswer> {
  return api.call(finesApi.reviewDispute, { params: { hid: householdId, fid: fineId, did: disputeId }, body: review });
}

export interface ReviewRequest {
  fine: Fine;
  disputeId: string | undefined;
  review: ReviewBody;
}

/**
 * The issuer accepts (the fine is cancelled and leaves every list) or declines (it is pending again and
 * cannot be disputed twice) a dispute (SPEC §4).
 */
export function useReviewDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fine, disputeId, review }: ReviewRequest) => {
      if (!fine.id || !fine.household_id || !disputeId)
        return Promise.reject(new MissingInformation(MISSING_REVIEW_INFO));
      return reviewDispute(fine.household_id, fine.id, disputeId, review);
    },
    onSuccess: async (answer, { fine, review }) => {
      if (review.action === "accept" || !answer.fine) {
        toast.success("Dispute accepted", { description: "The fine has been removed" });
        removeFine(queryClient, fine);
      } else {
        toast.success("Dispute declined", { description: "The fine remains active" });
        replaceFine(queryClient, answer.fine);
      }
      await refreshAfterLifecycleChange(queryClient, fine);
    },
    onError: (error) =>
      toastLifecycleError(error, "Failed to review dispute", "Failed to review dispute. Please try again."),
  });
}
