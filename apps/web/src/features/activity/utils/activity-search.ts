import { ACTIVITY_GROUPS, ACTIVITY_KINDS, type ActivityGroup, type ActivityKind } from "@housemate/contract";
import { hasAnyFilter, oneOf, readDay, readId, writeFilters } from "@/lib/url-search";

/**
 * The Activity page's filters as the URL's query string holds them, so a reload, a shared link or the back button
 * shows the same log. Read by hand against the contract's values, as the fund's history is: no schema library.
 */
export interface ActivitySearch {
  member: string | undefined;
  /** A group (all its kinds) or one kind: the contract's `kind` filter takes either. */
  kind: ActivityGroup | ActivityKind | undefined;
  from: string | undefined;
  to: string | undefined;
}

export type ActivityFilterName = keyof ActivitySearch;
export const ACTIVITY_FILTER_NAMES: readonly ActivityFilterName[] = ["member", "kind", "from", "to"];

const KIND_FILTERS: readonly (ActivityGroup | ActivityKind)[] = [...ACTIVITY_GROUPS, ...ACTIVITY_KINDS];

/** What the URL asks for; anything it cannot mean (a hand-edited link) is left out, as if it were not there. */
export function readActivitySearch(params: URLSearchParams): ActivitySearch {
  return {
    member: readId(params, "member"),
    kind: oneOf(KIND_FILTERS, params.get("kind")),
    from: readDay(params, "from"),
    to: readDay(params, "to"),
  };
}

/** The query string for a search: only the filters set, so the plain page's address stays plain. */
export function writeActivitySearch(search: ActivitySearch): URLSearchParams {
  return writeFilters(new URLSearchParams(), search, ACTIVITY_FILTER_NAMES);
}

export const withActivityFilter = (
  search: ActivitySearch,
  name: ActivityFilterName,
  value: string | undefined,
): ActivitySearch => readActivitySearch(writeActivitySearch({ ...search, [name]: value || undefined }));

export const NO_ACTIVITY_FILTERS: ActivitySearch = {
  member: undefined,
  kind: undefined,
  from: undefined,
  to: undefined,
};

export const hasActivityFilters = (search: ActivitySearch) => hasAnyFilter(search, ACTIVITY_FILTER_NAMES);

/** A date range the server would refuse (400): the page says so instead of asking (one check for every range). */
export { isRangeBackwards } from "@/lib/date-range";
