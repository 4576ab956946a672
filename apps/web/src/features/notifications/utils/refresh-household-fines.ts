import type { QueryClient } from "@tanstack/react-query";
import { householdBalanceKey } from "@/features/balance/api/get-household-balance";
import { getHouseholdFinesQueryOptions } from "@/features/fines/api/get-household-fines";
import { getUserFinesQueryOptions } from "@/features/fines/api/get-user-fines";

export interface SessionRef {
  householdId: string;
  userId: string;
}

/**
 * SPEC §7: a fine-related notification means a fine changed elsewhere, so the household's fines, the
 * person's own fines and the fine fund are fetched again (the keys are the fines feature's own).
 */
export function refreshHouseholdFines(queryClient: QueryClient, { householdId, userId }: SessionRef) {
  return Promise.all(
    [getHouseholdFinesQueryOptions(householdId).queryKey, getUserFinesQueryOptions(userId).queryKey, householdBalanceKey(householdId)].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
