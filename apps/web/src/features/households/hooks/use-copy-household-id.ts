import { useCallback } from "react";
import { toast } from "sonner";
import { INVITE_NEEDS_HOUSEHOLD_MESSAGE } from "@housemate/contract";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { copyText } from "../utils/copy-text";

/**
 * The mobile Invite action (SPEC §2 Signed-in shell): the household ID goes on the clipboard, for a
 * housemate to type into 'Join Existing Household'.
 */
export function useCopyHouseholdId() {
  const householdId = useAuthStore((state) => state.currentUser?.household_id);
  return useCallback(async () => {
    if (!householdId) {
      toast.error("Error", { description: INVITE_NEEDS_HOUSEHOLD_MESSAGE });
      return;
    }
    try {
      await copyText(householdId);
      toast.success("Household ID copied!");
    } catch {
      toast.error("Error", { description: "Failed to copy household ID to clipboard" });
    }
  }, [householdId]);
}
