import { useMutation, useQueryClient } from "@tanstack/react-query";
import { householdsApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { getHouseholdQueryOptions } from "./get-household";

/** POST /households/{id}/join-code (admin): a new household ID; the old one no longer joins (decision 020). */
export function useRotateJoinCode(householdId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(householdsApi.rotateJoinCode, { params: { id: householdId } }),
    onSuccess: (household) => queryClient.setQueryData(getHouseholdQueryOptions(household.id).queryKey, household),
  });
}
