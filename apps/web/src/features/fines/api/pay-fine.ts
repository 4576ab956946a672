import { useRef } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { type Fine, type payResponse, finesApi } from "@housemate/contract";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { fineScopeKey } from "./get-fines";
import { MissingInformation, refreshAfterLifecycleChange, replaceFine, toastLifecycleError } from "./fine-caches";

/** SPEC §9: the household's fines are reloaded this long after a payment. */
export const RELOAD_AFTER_PAY_MS = 500;
export const MISSING_PAY_INFO = "Missing required information to pay the fine.";

type PayAnswer = z.infer<typeof payResponse>;

export function payFine(householdId: string, fineId: string): Promise<PayAnswer> {
  return api.call(finesApi.payFine, { params: { hid: householdId, fid: fineId } });
}

/**
 * The offender pays a pending fine. DESIGN §6: the pay is sent once; a second click while it is on its
 * way is ignored, and the cached fine turns paid as soon as the server says so.
 */
export function usePayFine() {
  const queryClient = useQueryClient();
  const inFlight = useRef(new Set<string>());
  const mutation = useMutation({
    mutationFn: (fine: Fine) => {
      if (!fine.id || !fine.household_id) return Promise.reject(new MissingInformation(MISSING_PAY_INFO));
      return payFine(fine.household_id, fine.id);
    },
    onSuccess: async ({ fine }) => {
      toast.success("Fine has been marked as paid", { description: "Fine paid successfully." });
      replaceFine(queryClient, fine);
      await refreshAfterLifecycleChange(queryClient, fine);
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: fineScopeKey({ household: fine.household_id }) });
      }, RELOAD_AFTER_PAY_MS);
    },
    onError: (error) => toastLifecycleError(error, "Failed to pay fine", "Failed to pay fine. Please try again."),
  });

  /** `onSettled` is told once the server has answered, either way (the confirmation closes then). */
  function pay(fine: Fine, onSettled?: () => void) {
    if (inFlight.current.has(fine.id)) return;
    inFlight.current.add(fine.id);
    mutation.mutate(fine, {
      onSettled: () => {
        inFlight.current.delete(fine.id);
        onSettled?.();
      },
    });
  }

  return { pay, isPaying: (fineId: string) => mutation.isPending && mutation.variables.id === fineId };
}
