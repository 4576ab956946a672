import { ACTIVITY_GROUPS, ACTIVITY_KINDS, type ActivityGroup, type ActivityKind } from "@housemate/contract";

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

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const KIND_FILTERS: readonly (ActivityGroup | ActivityKind)[] = [...ACTIVITY_GROUPS, ...ACTIVITY_KINDS];

const matching = (pattern: RegExp, value: string | null) => (value && pattern.test(value) ? value : undefined);

/** What the URL asks for; anything it cannot mean (a hand-edited link) is left out, as if it were not there. */
export function readActivitySearch(params: URLSearchParams): ActivitySearch {
  const kind = params.get("kind");
  return {
    member: matching(ID, params.get("member")),
    kind: KIND_FILTERS.find((each) => each === kind),
    from: matching(DAY, params.get("from")),
    to: matching(DAY, params.get("to")),
  };
}

/** The query string for a search: only the filters set, so the plain page's address stays plain. */
export function writeActivitySearch(search: ActivitySearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of ACTIVITY_FILTER_NAMES) {
    const value = search[name];
    if (value) params.set(name, value);
  }
  return params;
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

export const hasActivityFilters = (search: ActivitySearch) =>
  ACTIVITY_FILTER_NAMES.some((name) => search[name] !== undefined);

/** A date range the server would refuse (400): the page says so instead of asking (one check for every range). */
export { isRangeBackwards } from "@/lib/date-range";
