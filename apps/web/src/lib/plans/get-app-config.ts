import { queryOptions, useQuery } from "@tanstack/react-query";
import { plansApi, type AppConfig } from "@housemate/contract";
import { api } from "@/lib/api-client";
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
  });

/** Whether plans are on and the support form is offered (issue 21). */
export function useAppConfig() {
  return useQuery(getAppConfigQueryOptions());
}
