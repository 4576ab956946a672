import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Household, type joinHouseholdResponse, householdsApi } from "@housemate/contract";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { useAuthStore } from "@/lib/auth/auth-store";
import { getHouseholdQueryOptions } from "./get-household";

// Read defensively: SPEC §7 says the success flag is what counts.
type JoinAnswer = Partial<z.infer<typeof joinHouseholdResponse>>;

/** POST /households/{id}/join {user_id} (SPEC §7): only an answer whose success flag is set counts. */
export async function joinHousehold(householdId: string, userId: string | undefined): Promise<Household> {
  const id = householdId.trim();
  if (!id) throw new Error("Household ID is required");
  if (!userId) throw new Error("No authenticated user found");
  const answer = (await api.call(householdsApi.joinHousehold, {
    params: { id },
    body: { user_id: userId },
  })) as JoinAnswer;
  if (!answer.success || !answer.household) throw new Error("Invalid response from server");
  return answer.household;
}

/** Joins by household ID; on success the user is a member, not an admin (SPEC §4 Onboarding). */
export function useJoinHousehold() {
  const queryClient = useQueryClient();
  const userId = useAuthStore((state) => state.currentUser?.id);
  const updateUser = useAuthStore((state) => state.updateUser);
  return useMutation({
    mutationFn: (householdId: string) => joinHousehold(householdId, userId),
    onSuccess: (household) => {
      queryClient.setQueryData(getHouseholdQueryOptions(household.id).queryKey, household);
      updateUser({ household_id: household.id, is_admin: false });
    },
  });
}
