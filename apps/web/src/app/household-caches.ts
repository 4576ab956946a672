import type { QueryClient } from "@tanstack/react-query";
import { fineScopeKey } from "@/features/fines/api/get-fines";
import { householdQueryKey } from "@/features/households/api/get-household";
import { dropWaitingDeletes } from "@/features/notes/api/delete-note";
import { notesQueryKey } from "@/features/notes/api/get-notes";
import { getRulesQueryOptions } from "@/features/rules/api/get-rules";
import { householdBalanceQueryKey } from "@/lib/query-keys";

/**
 * The person's access to a household ended: what was cached about it goes, so nothing of it shows again (and
 * nothing asks the server for it again, to be refused) if they join another household on this device.
 */
export function forgetHousehold(
  queryClient: QueryClient,
  { householdId, userId }: { householdId: string; userId: string },
) {
  // A note deleted just before, its Undo still offered, stays with the household: the server would refuse it now.
  void dropWaitingDeletes();
  for (const queryKey of [
    householdQueryKey(householdId),
    fineScopeKey({ household: householdId }),
    // Their own fines were all this household's: a person is in one household at a time.
    fineScopeKey({ offender: userId }),
    ["fines", "edits", householdId],
    householdBalanceQueryKey(householdId),
    notesQueryKey(householdId),
    getRulesQueryOptions(householdId).queryKey,
  ]) {
    queryClient.removeQueries({ queryKey });
  }
}
