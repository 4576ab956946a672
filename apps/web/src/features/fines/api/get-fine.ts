import { queryOptions } from "@tanstack/react-query";
import { type Fine, finesApi } from "@housemate/contract";
import { ApiError, api } from "@/lib/api-client";

/**
 * The key of one fine asked for on its own, whatever its status (the Activity page's 'Fine Details'). Under "fines" but
 * not under a list's scope (fineScopeKey), whose pages are FinePage-shaped: fine-caches.ts keeps it up to date itself.
 */
export const householdFineKey = (householdId: string) => ["fines", "one", householdId] as const;
export const fineQueryKey = (householdId: string, fineId: string) =>
  [...householdFineKey(householdId), fineId] as const;

export function getFine(householdId: string, fineId: string, signal?: AbortSignal): Promise<Fine> {
  return api.call(finesApi.getFine, { params: { hid: householdId, fid: fineId }, signal });
}

/** A fine that no longer exists (or never did) is not asked for again: another try would say the same. */
const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export const getFineQueryOptions = (householdId: string, fineId: string) =>
  queryOptions({
    queryKey: fineQueryKey(householdId, fineId),
    queryFn: ({ signal }) => getFine(householdId, fineId, signal),
    retry: (failures, error) => !isNotFound(error) && failures < 2,
  });

export { isNotFound as isFineNotFound };
