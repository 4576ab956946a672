import { useEffect, useState } from "react";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { activityApi, type ActivityPage } from "@housemate/contract";
import { api } from "@/lib/api-client";
import type { ActivitySearch } from "../utils/activity-search";
import { activityQueryKey } from "@/lib/query-keys";

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
  return useInfiniteQuery({ ...getActivityQueryOptions(householdId, useSettledDates(search)), enabled });
}

/**
 * How long a change of the dates alone waits for the next one: typing a date into its field changes it at each digit
 * (0002, 0020, 0202, 2026), and each would otherwise be a request whose answer is at once out of date.
 */
export const DATE_TYPING_MS = 400;

/**
 * `search`, its dates as they were until they have stopped changing for DATE_TYPING_MS. A change of the member or the
 * kind (Clear filters, a link) is asked for at once, with whatever dates it comes with.
 */
function useSettledDates(search: ActivitySearch): ActivitySearch {
  const [settled, setSettled] = useState(search);
  const { member, kind, from, to } = search;
  const datesAlone = settled.member === member && settled.kind === kind;
  // Adjusted while rendering (React's pattern for state that follows a prop), so the new member or kind is asked for
  // in this render, not the next.
  if (!datesAlone) setSettled(search);
  useEffect(() => {
    if (settled.from === from && settled.to === to) return;
    const timer = setTimeout(() => setSettled((before) => ({ ...before, from, to })), DATE_TYPING_MS);
    return () => clearTimeout(timer);
  }, [settled.from, settled.to, from, to]);
  return datesAlone ? settled : search;
}
