import { queryOptions, useQuery } from "@tanstack/react-query";
import { appealsApi, type Appeal, type Fine } from "@housemate/contract";
import { api } from "@/lib/api-client";

/** Every appeal of the household asked for on its own, so a live change fetches the open one again. */
export const householdAppealKey = (householdId: string) => ["fines", "appeal", householdId] as const;
export const appealQueryKey = (householdId: string, fineId: string) =>
  [...householdAppealKey(householdId), fineId] as const;

export function getAppeal(householdId: string, fineId: string, signal?: AbortSignal): Promise<Appeal> {
  return api.call(appealsApi.getAppeal, { params: { hid: householdId, fid: fineId }, signal });
}

export const getAppealQueryOptions = (householdId: string, fineId: string) =>
  queryOptions({
    queryKey: appealQueryKey(householdId, fineId),
    queryFn: ({ signal }) => getAppeal(householdId, fineId, signal),
  });

/**
 * A fine's appeal as the viewer may read it (issue 21): while open only how many have voted and their own vote. Asked
 * for by Fine Details alone, and only for a fine that was appealed: a list of fines asks for none.
 */
export function useFineAppeal(fine: Pick<Fine, "household_id" | "id" | "appeal">) {
  return useQuery({ ...getAppealQueryOptions(fine.household_id, fine.id), enabled: fine.appeal !== null });
}
