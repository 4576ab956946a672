import { useDeferredValue, useMemo } from "react";
import { hashKey, type QueryKey, type UseQueryResult } from "@tanstack/react-query";

/**
 * A query's result as a list renders it, a new answer to the same query rendered in the background. TanStack Query
 * hands answers to React through useSyncExternalStore, whose updates React renders at once: a page of fines, the
 * members and the notes arriving together were one render of 100 ms and more on a phone, with no tap answered
 * meanwhile. Deferred, React renders them in 5 ms slices and shows what it showed before (the skeleton, the previous
 * answer) until they are ready (docs/performance.md, issue 14).
 *
 * Only an answer is deferred, never a change of query: another page, tab or list is shown at once as it is (its
 * skeleton, or the placeholder the query keeps), so one list's rows never stand in for another's and a pager never
 * acts on a page it has left. `queryKey` is the key the result is for.
 *
 * useQuery returns a new object on every render, which useDeferredValue would take for a change each time, so the
 * result is kept for as long as what a screen reads of it (its status, answer, error, placeholder) stays the same.
 */
export function useDeferredQuery<Result extends UseQueryResult<unknown, unknown>>(
  result: Result,
  queryKey: QueryKey,
): Result {
  const key = hashKey(queryKey);
  const { status, fetchStatus, data, error, isPlaceholderData } = result;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `result` is new each render; these are what change it
  const kept = useMemo(() => ({ key, result }), [key, status, fetchStatus, data, error, isPlaceholderData]);
  const deferred = useDeferredValue(kept);
  return deferred.key === key && !result.isPending ? deferred.result : result;
}
