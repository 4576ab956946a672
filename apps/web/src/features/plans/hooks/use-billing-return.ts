import { useEffect, useRef } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { BILLING_RETURN_PARAM } from "@housemate/contract";
import { getHouseholdPlanQueryOptions } from "@/lib/plans/get-household-plan";

/** How often, and how many times, the plan is asked for again after a paid checkout until it says Pro. */
export const PRO_POLL_MS = 2000;
export const PRO_POLL_ATTEMPTS = 5;

/** Asks for the plan now and then every PRO_POLL_MS until it says Pro or the tries run out; answers how to stop. */
function pollUntilPro(queryClient: QueryClient, householdId: string): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const poll = async (attempt: number) => {
    const plan = await queryClient
      .query({ ...getHouseholdPlanQueryOptions(householdId), staleTime: 0 })
      .catch(() => undefined);
    if (stopped || plan?.plan === "pro" || attempt >= PRO_POLL_ATTEMPTS) return;
    timer = setTimeout(() => void poll(attempt + 1), PRO_POLL_MS);
  };
  void poll(1);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * The admin's return from the provider's checkout (`?billing=success|cancelled`): a toast, and the parameter taken out
 * of the address without a history entry, so Back or a reload does not say it again. The provider's webhook, which
 * makes the household Pro, may land a moment after the redirect: the plan is asked for again until it says Pro, a few
 * times, then left to the live refresh.
 */
export function useBillingReturn(householdId: string | null | undefined) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const outcome = params.get(BILLING_RETURN_PARAM);
  const stopPolling = useRef<(() => void) | null>(null);

  // Polling outlives the parameter's removal (which runs the effect below again), not the page.
  useEffect(
    () => () => {
      stopPolling.current?.();
      stopPolling.current = null;
    },
    [],
  );

  useEffect(() => {
    if (outcome === null) return;
    // One id for both: React's development double effect shows one toast, not two.
    if (outcome === "success") {
      toast.success("Welcome to Housemate Pro", { id: "billing-return" });
      if (householdId && !stopPolling.current) stopPolling.current = pollUntilPro(queryClient, householdId);
    } else if (outcome === "cancelled") {
      toast("Checkout cancelled", { id: "billing-return" });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(BILLING_RETURN_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [outcome, householdId, queryClient, setParams]);
}
