import { useCallback } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { INVITE_NEEDS_HOUSEHOLD_MESSAGE } from "@housemate/contract";
import { useAuthStore } from "@/lib/auth/auth-store";
import { getHouseholdQueryOptions, useHousehold } from "../api/get-household";
import { copyText } from "../utils/copy-text";

/**
 * The mobile Invite action (SPEC §2 Signed-in shell): the household ID goes on the clipboard, for a
 * housemate to type into 'Join Existing Household'. What joins is the household's join code, not its id: the
 * two are equal until an admin rotates the code, and after that only the code works (docs/decisions/020).
 */
export function useCopyHouseholdId() {
  const queryClient = useQueryClient();
  const householdId = useAuthStore((state) => state.currentUser?.household_id);
  // The shell has loaded the household already: the code is copied within the tap, with no request first.
  const loaded = useHousehold().data?.join_code;
  return useCallback(async () => {
    if (!householdId) {
      toast.error("Error", { description: INVITE_NEEDS_HOUSEHOLD_MESSAGE });
      return;
    }
    try {
      const joinCode = loaded ?? (await queryClient.query(getHouseholdQueryOptions(householdId))).join_code;
      await copyText(joinCode);
      toast.success("Household ID copied!");
    } catch {
      toast.error("Error", { description: "Failed to copy household ID to clipboard" });
    }
  }, [householdId, loaded, queryClient]);
}
