import { useMutation, useQueryClient } from "@tanstack/react-query";
import { cleanText, type Currency, type Household, householdsApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { useAuthStore } from "@/lib/auth/auth-store";
import { getHouseholdQueryOptions } from "./get-household";

export interface CreateHouseholdInput {
  name: string;
  currency: Currency;
}

/**
 * POST /households (SPEC §7) in the signed-in user's name. SPEC §5: a non-empty name and a
 * signed-in user are required before anything is sent.
 */
export function createHousehold(
  { name, currency }: CreateHouseholdInput,
  userId: string | undefined,
): Promise<Household> {
  const trimmed = cleanText(name, { multiLine: false });
  if (!trimmed) return Promise.reject(new Error("Household name is required."));
  if (!userId) return Promise.reject(new Error("No authenticated user found"));
  return api.call(householdsApi.createHousehold, {
    body: { name: trimmed, created_by: userId, iso_4217_code: currency },
  });
}

/** Creates the household; on success the user is its member and admin (SPEC §4 Onboarding), here as on the server. */
export function useCreateHousehold() {
  const queryClient = useQueryClient();
  const userId = useAuthStore((state) => state.currentUser?.id);
  const updateUser = useAuthStore((state) => state.updateUser);
  return useMutation({
    mutationFn: (input: CreateHouseholdInput) => createHousehold(input, userId),
    onSuccess: (household) => {
      queryClient.setQueryData(getHouseholdQueryOptions(household.id).queryKey, household);
      updateUser({ household_id: household.id, is_admin: true });
    },
  });
}
