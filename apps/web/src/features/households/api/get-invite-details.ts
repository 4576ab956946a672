import { queryOptions, useQuery } from "@tanstack/react-query";
import { type InviteDetails, invitesApi } from "@housemate/contract";
import { api, ApiError } from "@/lib/api-client";

/** GET /invites/{code} (SPEC §7): no sign-in needed; unknown or expired codes are a 404. */
export function getInviteDetails(code: string, signal?: AbortSignal): Promise<InviteDetails> {
  return api.call(invitesApi.getInvite, { params: { code }, signal });
}

/** A refusal (4xx) means the code is no good and will not change on retry; a network failure or 5xx may. */
export const isInviteRefusal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

export function getInviteDetailsQueryOptions(code: string) {
  return queryOptions({
    queryKey: ["invites", code] as const,
    queryFn: ({ signal }) => getInviteDetails(code, signal),
    retry: (failures, error) => !isInviteRefusal(error) && failures < 2,
  });
}

export function useInviteDetails(code: string) {
  return useQuery(getInviteDetailsQueryOptions(code));
}
