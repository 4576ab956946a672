import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Household, householdsApi, type UpdateHouseholdBody } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { getHouseholdQueryOptions, householdQueryKey } from "./get-household";

/** PATCH /households/{id} (admin): name, currency or joining by ID. */
export function updateHousehold(householdId: string, changes: UpdateHouseholdBody): Promise<Household> {
  return api.call(householdsApi.updateHousehold, { params: { id: householdId }, body: changes });
}

/**
 * Saves household settings. The answer is the household as it now is; everything under it is read again, since a new
 * currency changes how every amount is shown.
 */
export function useUpdateHousehold(householdId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateHouseholdBody) => updateHousehold(householdId, changes),
    onSuccess: async (household) => {
      queryClient.setQueryData(getHouseholdQueryOptions(household.id).queryKey, household);
      await queryClient.invalidateQueries({
        queryKey: householdQueryKey(householdId),
        predicate: (query) => query.queryKey.length > 2,
      });
    },
  });
}
