import { queryOptions, useQuery } from "@tanstack/react-query";
import { mailApi, type Unsubscribe } from "@housemate/contract";
import { api, ApiError } from "@/lib/api-client";

/** GET /mail/unsubscribe?token= (issue 22): what an email's unsubscribe link turns off. No sign-in; it changes nothing. */
export function getUnsubscribe(token: string, signal?: AbortSignal): Promise<Unsubscribe> {
  return api.call(mailApi.getUnsubscribe, { query: { token }, signal });
}

/** A refusal (4xx) means the link is not one of ours and will not change on retry; a network failure or 5xx may. */
export const isUnsubscribeRefusal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

export function getUnsubscribeQueryOptions(token: string) {
  return queryOptions({
    queryKey: ["unsubscribe", token] as const,
    queryFn: ({ signal }) => getUnsubscribe(token, signal),
    retry: (failures, error) => !isUnsubscribeRefusal(error) && failures < 2,
  });
}

export function useUnsubscribeDetails(token: string) {
  return useQuery(getUnsubscribeQueryOptions(token));
}
