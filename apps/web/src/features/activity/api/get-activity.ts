import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { activityApi, type ActivityPage } from "@housemate/contract";
import { api } from "@/lib/api-client";
import type { ActivitySearch } from "../utils/activity-search";
import { activityQueryKey } from "./activity-query-key";

/** One page of the log, newest first: `before` is the previous page's `next_cursor`. */
export function getActivityPage(
  householdId: string,
  search: ActivitySearch,
  before: string | undefined,
  signal?: AbortSignal,
): Promise<ActivityPage> {
  const { member, kind, from, to } = search;
  return api.callForEnvelope(activityApi.listActivity, {
    params: { id: householdId },
    query: { member, kind, from, to, before },
    signal,
  });
}

export const getActivityQueryOptions = (householdId: string, search: ActivitySearch) =>
  infiniteQueryOptions({
    queryKey: [...activityQueryKey(householdId), search] as const,
    queryFn: ({ pageParam, signal }) => getActivityPage(householdId, search, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.page.next_cursor ?? undefined,
  });

/**
 * The log as far as the person has read it: the first page, then each older page 'Load older' appended. A live change
 * refetches the pages already shown, so the list neither jumps back to one page nor misses what just happened.
 */
export function useActivity(householdId: string, search: ActivitySearch, { enabled = true } = {}) {
  return useInfiniteQuery({ ...getActivityQueryOptions(householdId, search), enabled });
}
