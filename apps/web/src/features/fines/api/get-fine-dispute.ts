import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Dispute, finesApi } from "@housemate/contract";
import { api } from "@/lib/api-client";

export function getFineDispute(householdId: string, fineId: string, signal?: AbortSignal): Promise<Dispute> {
  return api.call(finesApi.getFineDispute, { params: { hid: householdId, fid: fineId }, signal });
}

export const getFineDisputeQueryOptions = (householdId: string, fineId: string) =>
  queryOptions({
    queryKey: ["fines", "dispute", householdId, fineId] as const,
    queryFn: ({ signal }) => getFineDispute(householdId, fineId, signal),
    // No record is an answer too: the card falls back to the description's 'Dispute reason:'.
    retry: false,
  });

/**
 * A fine's dispute record. SPEC §6: asked for only by the party who needs it (the issuer reviewing it,
 * the offender following it), so the caller passes `enabled`.
 */
export function useFineDispute(householdId: string, fineId: string, enabled: boolean) {
  return useQuery({
    ...getFineDisputeQueryOptions(householdId, fineId),
    enabled: enabled && Boolean(householdId && fineId),
  });
}
