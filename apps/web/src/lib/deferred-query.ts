import { useDeferredValue, useMemo } from "react";
import type { UseQueryResult } from "@tanstack/react-query";

/**
 * A query's result as a list renders it, an arriving answer rendered in the background. TanStack Query hands answers
 * to React through useSyncExternalStore, whose updates React renders at once: a page of fines, the members and the
 * notes arriving together were one render of 100 ms and more on a phone, with no tap answered meanwhile. Deferred,
 * React renders them in 5 ms slices and shows the previous state (the skeleton) until they are ready
 * (docs/performance.md, issue 14).
 *
 * useQuery returns a new object on every render, which useDeferredValue would take for a change each time, so the
 * result is kept for as long as what a screen reads of it (its status, answer, error, placeholder) stays the same.
 */
export function useDeferredQuery<Result extends UseQueryResult<unknown, unknown>>(result: Result): Result {
  const { status, fetchStatus, data, error, isPlaceholderData } = result;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `result` is new each render; these are what change it
  const kept = useMemo(() => result, [status, fetchStatus, data, error, isPlaceholderData]);
  return useDeferredValue(kept);
}
