import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { BILLING_UNAVAILABLE_MESSAGE, plansApi, type BillingRedirect } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { leaveFor } from "../utils/leave-for";

/** POST /households/{id}/billing/portal: the provider's page where the admin cancels or changes the subscription. */
export function openBillingPortal(householdId: string): Promise<BillingRedirect> {
  return api.call(plansApi.openBillingPortal, { params: { id: householdId } });
}

/** Sends the admin to the provider's customer portal; a refusal is a toast with its words. */
export function useOpenBillingPortal(householdId: string) {
  return useMutation({
    mutationFn: () => openBillingPortal(householdId),
    onSuccess: ({ url }) => leaveFor(url),
    onError: (error) => toast.error("Error", { description: errorMessage(error, BILLING_UNAVAILABLE_MESSAGE) }),
  });
}
