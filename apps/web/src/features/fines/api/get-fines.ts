import { useState } from "react";
import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import { finesApi, type FinePage, type FineStatus } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { useDeferredQuery } from "@/lib/deferred-query";

/** Whose fines a list shows: the household's (SPEC §7 `/fines/household/{id}`) or one member's (`/fines/user/{id}`). */
export type FineScope = { household: string } | { offender: string };

/** What narrows a list: the server pages, filters and counts (decision 022). */
export interface FineListFilter {
  limit: number;
  status?: FineStatus | undefined;
  createdBy?: string | undefined;
}

/** The key every cached page of a scope starts with: invalidating it refreshes each of its pages. */
export const fineScopeKey = (scope: FineScope) =>
  "household" in scope
    ? (["fines", "household", scope.household] as const)
    : (["fines", "user", scope.offender] as const);

/** One page of a list of fines, newest first, with the totals of the whole list. */
export function getFinePage(
  scope: FineScope,
  filter: FineListFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  const query = { limit: filter.limit, status: filter.status, created_by: filter.createdBy, cursor };
  return "household" in scope
    ? api.callForEnvelope(finesApi.listHouseholdFines, { params: { householdId: scope.household }, query, signal })
    : api.callForEnvelope(finesApi.listFinesOfOffender, { params: { offenderId: scope.offender }, query, signal });
}

export const finePageQueryOptions = (scope: FineScope | null, filter: FineListFilter, cursor?: string) =>
  queryOptions({
    queryKey: [...(scope ? fineScopeKey(scope) : ["fines", "none"]), { ...filter, cursor }] as const,
    queryFn: scope ? ({ signal }) => getFinePage(scope, filter, cursor, signal) : skipToken,
  });

/** A list of fines a page at a time: Previous and Next walk the server's cursors, and 'Page X of Y' is counted. */
export interface FinePages {
  query: ReturnType<typeof useQuery<FinePage>>;
  fines: FinePage["data"];
  pageNumber: number;
  pageCount: number;
  hasPrevious: boolean;
  hasNext: boolean;
  previous: () => void;
  next: () => void;
}

/**
 * A list of fines shown a page at a time. The cursors of the pages already passed are kept, so Previous goes back
 * to the same fines even while new ones arrive; a change of scope or filter starts again at the first page. A page
 * that empties (its last fine paid or its dispute accepted elsewhere) steps back to the one before.
 */
export function useFinePages(scope: FineScope | null, filter: FineListFilter): FinePages {
  const listKey = JSON.stringify([scope, filter]);
  const [walk, setWalk] = useState<{ listKey: string; cursors: string[] }>({ listKey, cursors: [] });
  // Another list (a new tab or scope) starts at its first page, also when coming back to one walked before.
  if (walk.listKey !== listKey) setWalk({ listKey, cursors: [] });
  const cursors = walk.listKey === listKey ? walk.cursors : [];
  const options = finePageQueryOptions(scope, filter, cursors.at(-1));
  const query = useDeferredQuery(
    useQuery({
      ...options,
      // The page on screen stays while the next page of the same list loads, so the list keeps its size; another
      // list's fines (and counts) never stand in for this one's.
      placeholderData: (previous, previousQuery) =>
        previousQuery && listOfKey(previousQuery.queryKey) === listOfKey(finePageQueryOptions(scope, filter).queryKey)
          ? previous
          : undefined,
    }),
    options.queryKey,
  );
  const page = query.data?.page;
  const fines = query.data?.data ?? [];
  const pageNumber = cursors.length + 1;
  const pageCount = Math.max(1, Math.ceil((page?.total ?? 0) / filter.limit), pageNumber);
  const move = (next: string[]) => setWalk({ listKey, cursors: next });

  const emptied = query.isSuccess && !query.isPlaceholderData && fines.length === 0 && cursors.length > 0;
  if (emptied) move(cursors.slice(0, -1));

  return {
    query,
    fines,
    pageNumber,
    pageCount,
    hasPrevious: cursors.length > 0,
    hasNext: Boolean(page?.next_cursor) && !query.isPlaceholderData,
    previous: () => move(cursors.slice(0, -1)),
    next: () => {
      if (page?.next_cursor) move([...cursors, page.next_cursor]);
    },
  };
}

/** A page's key without its cursor: which list it is a page of. */
const listOfKey = (queryKey: readonly unknown[]) => {
  const [filter] = queryKey.slice(-1);
  const { cursor: _cursor, ...rest } = (filter ?? {}) as FineListFilter & { cursor?: string };
  return JSON.stringify([...queryKey.slice(0, -1), rest]);
};
