import { queryOptions, useQuery } from "@tanstack/react-query";
import { plansApi, type AppConfig } from "@housemate/contract";
import { api, ApiError } from "@/lib/api-client";
import { appConfigQueryKey } from "@/lib/query-keys";

export function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return api.call(plansApi.getAppConfig, { signal });
}

/** The server's configuration does not change while it runs: fetched once, kept for the session. */
export const getAppConfigQueryOptions = () =>
  queryOptions({
    queryKey: appConfigQueryKey,
    queryFn: ({ signal }) => getAppConfig(signal),
    staleTime: Infinity,
    // A server without the endpoint (404) will not grow one on retry: it has no plans, and nothing waits for it.
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
  });

/** Whether plans are on and the support form is offered (issue 21). */
export function useAppConfig() {
  return useQuery(getAppConfigQueryOptions());
}
