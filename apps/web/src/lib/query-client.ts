import { MutationCache, QueryClient } from "@tanstack/react-query";
import "./network";
import { LAST_SEEN_MAX_AGE_MS, LAST_SEEN_ROOTS } from "./offline/last-seen-keys";
import { activityRootKey, insightsRootKey, planRootKey } from "./query-keys";

/** SPEC §9: cached server data dropped after 5 minutes; retries back off from 1 s, doubling, up to 30 s. */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { gcTime: 5 * 60_000, retry: 2, retryDelay, refetchOnWindowFocus: false },
      // A change made offline fails at once with the API client's NETWORK_ERROR (its buttons are disabled meanwhile,
      // decision 053): TanStack's default would hold it, unseen, until the network came back.
      mutations: { retry: false, networkMode: "always" },
    },
    mutationCache: new MutationCache({
      // Every change made here writes an entry in the household's log (issue 20), and may move Insights' figures: in
      // one place rather than in each feature's mutation, so no new one forgets. Not awaited: the change's own
      // onSuccess (its toast, its lists) need not wait for them. Only what a screen shows is fetched again at once.
      // The plan's usage too (issue 21): a join, a leave, a removal, a rule added or deleted each move its counts.
      onSuccess: () => {
        void client.invalidateQueries({ queryKey: activityRootKey });
        void client.invalidateQueries({ queryKey: insightsRootKey });
        void client.invalidateQueries({ queryKey: planRootKey });
      },
    }),
  });
  // What the last-seen pages read stays in memory as long as its copy on the device may be restored (a week): the copy
  // is written from the cache, so with SPEC §9's five minutes it would lose every such page not opened in the last
  // five (decision 053). Everything else keeps the five minutes.
  for (const root of LAST_SEEN_ROOTS) client.setQueryDefaults([root], { gcTime: LAST_SEEN_MAX_AGE_MS });
  return client;
}

export const queryClient = createQueryClient();
