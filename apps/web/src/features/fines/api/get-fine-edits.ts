import { queryOptions, useQuery } from "@tanstack/react-query";
import { type FineEdit, finesApi } from "@housemate/contract";
import { api } from "@/lib/api-client";

export function getFineEdits(householdId: string, fineId: string, signal?: AbortSignal): Promise<FineEdit[]> {
  return api.call(finesApi.listFineEdits, { params: { hid: householdId, fid: fineId }, signal });
}

/** Under ["fines", …], so whatever refreshes the fines (a live `fine_updated`) refreshes the history too. */
export const getFineEditsQueryOptions = (householdId: string, fineId: string) =>
  queryOptions({
    queryKey: ["fines", "edits", householdId, fineId] as const,
    queryFn: ({ signal }) => getFineEdits(householdId, fineId, signal),
  });

/** The issuer's changes to a fine, oldest first: asked for only when the Fine Details dialog is open. */
export function useFineEdits(householdId: string, fineId: string) {
  return useQuery(getFineEditsQueryOptions(householdId, fineId));
}
