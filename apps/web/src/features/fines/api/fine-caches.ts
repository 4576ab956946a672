import type { QueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { Fine } from "@housemate/contract";
import { householdBalanceQueryKey } from "@/features/balance/api/get-household-balance";
import { errorMessage } from "@/lib/error-message";
import { getFineDisputeQueryOptions } from "./get-fine-dispute";
import { getHouseholdFinesQueryOptions } from "./get-household-fines";
import { getUserFinesQueryOptions } from "./get-user-fines";

type FineRef = Pick<Fine, "id" | "household_id" | "offender_id">;

function listKeys(fine: FineRef) {
  const keys = [getHouseholdFinesQueryOptions(fine.household_id).queryKey];
  return fine.offender_id ? [...keys, getUserFinesQueryOptions(fine.offender_id).queryKey] : keys;
}

/** Puts the server's answer in every cached list at once, so a paid fine cannot be paid again meanwhile. */
export function replaceFine(queryClient: QueryClient, fine: Fine) {
  for (const queryKey of listKeys(fine)) {
    queryClient.setQueryData<Fine[]>(queryKey, (fines) => fines?.map((each) => (each.id === fine.id ? fine : each)));
  }
}

/** An accepted dispute cancels the fine: it leaves every list straight away (SPEC §4). */
export function removeFine(queryClient: QueryClient, fine: FineRef) {
  for (const queryKey of listKeys(fine)) {
    queryClient.setQueryData<Fine[]>(queryKey, (fines) => fines?.filter((each) => each.id !== fine.id));
  }
}

/**
 * SPEC §4: after a dispute, review or pay, the pending and recent fines, the household balance and its
 * statistics are fetched again.
 */
export function refreshAfterLifecycleChange(queryClient: QueryClient, fine: FineRef) {
  return Promise.all([
    ...listKeys(fine).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    queryClient.invalidateQueries({ queryKey: getFineDisputeQueryOptions(fine.household_id, fine.id).queryKey }),
    queryClient.invalidateQueries({ queryKey: householdBalanceQueryKey(fine.household_id) }),
  ]);
}

/**
 * SPEC §7: a fine-related notification means a fine changed elsewhere, so the household's fines, the
 * member's own fines and the fine fund are fetched again.
 */
export function refreshHouseholdFines(queryClient: QueryClient, { householdId, userId }: { householdId: string; userId: string }) {
  return Promise.all(
    [getHouseholdFinesQueryOptions(householdId).queryKey, getUserFinesQueryOptions(userId).queryKey, householdBalanceQueryKey(householdId)].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** SPEC §5: a lifecycle call without every id (and a reason) is not sent; SPEC §8 names the toast. */
export class MissingInformation extends Error {}

/** The failure toast of a lifecycle call: SPEC §8's title, the server's message or the fallback. */
export function toastLifecycleError(error: unknown, title: string, fallback: string) {
  if (error instanceof MissingInformation) toast.error("Error", { description: error.message });
  else toast.error(title, { description: errorMessage(error, fallback) });
}
