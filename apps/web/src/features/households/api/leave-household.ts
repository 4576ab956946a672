import { useMutation, useQueryClient } from "@tanstack/react-query";
import { householdsApi, type LeaveHouseholdBody, type User } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { useAuthStore } from "@/lib/auth/auth-store";
import { householdQueryKey } from "./get-household";

/**
 * After leaving or deleting: the account has no household now. Its cached data goes, and the signed-in user is told
 * so, which sends them to onboarding (the protected route's rule).
 */
function useForgetHousehold(householdId: string) {
  const queryClient = useQueryClient();
  const updateUser = useAuthStore((state) => state.updateUser);
  return (user: User) => {
    updateUser({ household_id: user.household_id, is_admin: user.is_admin });
    queryClient.removeQueries({ queryKey: householdQueryKey(householdId) });
  };
}

/** POST /households/{id}/leave, with the confirmations the leaver was shown (write-off, deleting the household). */
export function useLeaveHousehold(householdId: string) {
  const forget = useForgetHousehold(householdId);
  return useMutation({
    mutationFn: (confirmations: LeaveHouseholdBody) =>
      api.call(householdsApi.leaveHousehold, { params: { id: householdId }, body: confirmations }),
    onSuccess: (answer) => forget(answer.user),
  });
}

/** DELETE /households/{id} (admin, last member): the household and all its data go. */
export function useDeleteHousehold(householdId: string) {
  const forget = useForgetHousehold(householdId);
  return useMutation({
    mutationFn: () => api.call(householdsApi.deleteHousehold, { params: { id: householdId } }),
    onSuccess: (answer) => forget(answer.user),
  });
}
