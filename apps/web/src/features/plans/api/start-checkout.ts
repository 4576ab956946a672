import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { BILLING_UNAVAILABLE_MESSAGE, plansApi, type BillingRedirect } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { leaveFor } from "../utils/leave-for";

/** POST /households/{id}/billing/checkout: the payment provider's checkout page for Housemate Pro. Admins only. */
export function startCheckout(householdId: string): Promise<BillingRedirect> {
  return api.call(plansApi.startCheckout, { params: { id: householdId } });
}

/** Sends the admin to the provider's checkout; a refusal (already Pro, payments down) is a toast with its words. */
export function useStartCheckout(householdId: string) {
  return useMutation({
    mutationFn: () => startCheckout(householdId),
    onSuccess: ({ url }) => leaveFor(url),
    onError: (error) => toast.error("Error", { description: errorMessage(error, BILLING_UNAVAILABLE_MESSAGE) }),
  });
}
