import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { appealsApi, type AppealWithFine, type Fine } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { appealQueryKey } from "./get-appeal";
import { MissingInformation, refreshAfterLifecycleChange, replaceFine, toastLifecycleError } from "./fine-caches";

export const MISSING_APPEAL_INFO = "Missing required information to appeal the fine.";

export function openAppeal(householdId: string, fineId: string, reason: string): Promise<AppealWithFine> {
  return api.call(appealsApi.openAppeal, { params: { hid: householdId, fid: fineId }, body: { reason } });
}

/** The person fined asks the house to decide a declined dispute (issue 21); the dialog validates the reason first. */
export function useOpenAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fine, reason }: { fine: Fine; reason: string }) => {
      if (!fine.id || !fine.household_id || !reason) return Promise.reject(new MissingInformation(MISSING_APPEAL_INFO));
      return openAppeal(fine.household_id, fine.id, reason);
    },
    onSuccess: async ({ fine, appeal }) => {
      toast.success("Appeal submitted", { description: "The house will decide within 3 days." });
      replaceFine(queryClient, fine);
      queryClient.setQueryData(appealQueryKey(fine.household_id, fine.id), appeal);
      await refreshAfterLifecycleChange(queryClient, fine);
    },
    // The server's reason when it refuses (the window passed, already appealed, a Basic plan), else the fallback.
    onError: (error) =>
      toastLifecycleError(error, "Failed to submit appeal", "Failed to appeal fine. Please try again."),
  });
}
