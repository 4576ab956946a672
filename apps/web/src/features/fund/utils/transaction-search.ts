import {
  SORT_ORDERS,
  TRANSACTION_PAGE_NUMBER_MAX,
  TRANSACTION_SORTS,
  TRANSACTION_TYPES,
  type SortOrder,
  type TransactionSort,
  type TransactionType,
} from "@housemate/contract";

/**
 * SPEC §3's transaction filters and sort, and the page, as the URL's query string holds them, so a reload or a shared
 * link shows the same history. Read by hand against the contract's values: the page loads no schema library for it.
 */
export interface TransactionSearch {
  type: TransactionType | undefined;
  member: string | undefined;
  rule: string | undefined;
  from: string | undefined;
  to: string | undefined;
  sort: TransactionSort;
  order: SortOrder;
  page: number;
}

export type TransactionFilterName = "type" | "member" | "rule" | "from" | "to";
export const FILTER_NAMES: readonly TransactionFilterName[] = ["type", "member", "rule", "from", "to"];

export const DEFAULT_SORT: TransactionSort = "date";
export const DEFAULT_ORDER: SortOrder = "desc";

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((each) => each === value);
const matching = (pattern: RegExp, value: string | null) => (value && pattern.test(value) ? value : undefined);

/** What the URL asks for; anything it cannot mean (a hand-edited link) is left out, as if it were not there. */
export function readTransactionSearch(params: URLSearchParams): TransactionSearch {
  const page = Number(params.get("page"));
  return {
    type: oneOf(TRANSACTION_TYPES, params.get("type")),
    member: matching(ID, params.get("member")),
    rule: matching(ID, params.get("rule")),
    from: matching(DAY, params.get("from")),
    to: matching(DAY, params.get("to")),
    sort: oneOf(TRANSACTION_SORTS, params.get("sort")) ?? DEFAULT_SORT,
    order: oneOf(SORT_ORDERS, params.get("order")) ?? DEFAULT_ORDER,
    page: Number.isInteger(page) && page > 1 ? Math.min(page, TRANSACTION_PAGE_NUMBER_MAX) : 1,
  };
}

/** The query string for a search: only what differs from the defaults, so the plain page's address stays plain. */
export function writeTransactionSearch(search: TransactionSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = search[name];
    if (value) params.set(name, value);
  }
  if (search.sort !== DEFAULT_SORT) params.set("sort", search.sort);
  if (search.order !== DEFAULT_ORDER) params.set("order", search.order);
  if (search.page > 1) params.set("page", String(search.page));
  return params;
}

/** A changed filter or sort shows its first page (a later page may not exist any more). */
export const withFilter = (
  search: TransactionSearch,
  name: TransactionFilterName,
  value: string | undefined,
): TransactionSearch => ({ ...search, [name]: value || undefined, page: 1 });

/** SPEC §4: resetting the filters also clears the sort and returns to page 1. */
export const resetSearch = (): TransactionSearch => readTransactionSearch(new URLSearchParams());

export const hasFilters = (search: TransactionSearch) => FILTER_NAMES.some((name) => search[name] !== undefined);
