import { useEffect, useRef, useState } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { BILLING_RETURN_PARAM, type HouseholdPlan } from "@housemate/contract";
import { getHouseholdPlanQueryOptions } from "@/lib/plans/get-household-plan";

/** How often, and how many times, the plan is asked for again after a paid checkout until it says Pro. */
export const PRO_POLL_MS = 2000;
export const PRO_POLL_ATTEMPTS = 5;

/**
 * Where a paid checkout stands on this page: `confirming` while the plan is asked for again, `unconfirmed` once the
 * tries ran out with the plan still on Basic (the live refresh or a reload will show Pro when the payment is confirmed),
 * null when there is nothing to confirm (no checkout, or the plan says Pro).
 */
export type PaymentConfirmation = "confirming" | "unconfirmed" | null;

/**
 * Asks for the plan now and then every PRO_POLL_MS until it says Pro or the tries run out (then `onGiveUp`); answers
 * how to stop.
 */
function pollUntilPro(queryClient: QueryClient, householdId: string, onGiveUp: () => void): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const poll = async (attempt: number) => {
    const plan = await queryClient
      .query({ ...getHouseholdPlanQueryOptions(householdId), staleTime: 0 })
      .catch(() => undefined);
    if (stopped || plan?.plan === "pro") return;
    if (attempt >= PRO_POLL_ATTEMPTS) {
      onGiveUp();
      return;
    }
    timer = setTimeout(() => void poll(attempt + 1), PRO_POLL_MS);
  };
  void poll(1);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * The admin's return from the provider's checkout (`?billing=success|cancelled`): the parameter taken out of the
 * address without a history entry, so Back or a reload does not act on it again. The provider's webhook, which makes
 * the household Pro, may land a moment after the redirect: until the plan says Pro the page says the payment is being
 * confirmed (and the plan is asked for again, a few times, then left to the live refresh), and only then welcomes the
 * household to Pro, so the toast and the Plan section never disagree.
 */
export function useBillingReturn(
  householdId: string | null | undefined,
  plan: HouseholdPlan | undefined,
): PaymentConfirmation {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const outcome = params.get(BILLING_RETURN_PARAM);
  // The provider returns with a full page load: the parameter is there when the page first renders.
  const [confirmation, setConfirmation] = useState<Exclude<PaymentConfirmation, null> | null>(() =>
    outcome === "success" ? "confirming" : null,
  );
  const stopPolling = useRef<(() => void) | null>(null);
  const isPro = plan?.plan === "pro";

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
    if (outcome === "success") {
      if (householdId && !stopPolling.current)
        stopPolling.current = pollUntilPro(queryClient, householdId, () => setConfirmation("unconfirmed"));
    } else if (outcome === "cancelled") {
      // One id: React's development double effect shows one toast, not two.
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

  // The welcome, once the plan (polled, or refreshed live after the tries ran out) says Pro.
  const waiting = confirmation !== null;
  useEffect(() => {
    if (!waiting || !isPro) return;
    toast.success("Welcome to Housemate Pro", { id: "billing-return" });
    stopPolling.current?.();
  }, [waiting, isPro]);

  return waiting && !isPro ? confirmation : null;
}
