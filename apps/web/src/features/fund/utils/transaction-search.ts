import {
  SORT_ORDERS,
  TRANSACTION_PAGE_NUMBER_MAX,
  TRANSACTION_SORTS,
  TRANSACTION_TYPES,
  type SortOrder,
  type TransactionSort,
  type TransactionType,
} from "@housemate/contract";
import { hasAnyFilter, oneOf, readDay, readId, writeFilters } from "@/lib/url-search";

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

/** What the URL asks for; anything it cannot mean (a hand-edited link) is left out, as if it were not there. */
export function readTransactionSearch(params: URLSearchParams): TransactionSearch {
  const page = Number(params.get("page"));
  return {
    type: oneOf(TRANSACTION_TYPES, params.get("type")),
    member: readId(params, "member"),
    rule: readId(params, "rule"),
    from: readDay(params, "from"),
    to: readDay(params, "to"),
    sort: oneOf(TRANSACTION_SORTS, params.get("sort")) ?? DEFAULT_SORT,
    order: oneOf(SORT_ORDERS, params.get("order")) ?? DEFAULT_ORDER,
    page: Number.isInteger(page) && page > 1 ? Math.min(page, TRANSACTION_PAGE_NUMBER_MAX) : 1,
  };
}

/** The query string for a search: only what differs from the defaults, so the plain page's address stays plain. */
export function writeTransactionSearch(search: TransactionSearch): URLSearchParams {
  const params = writeFilters(new URLSearchParams(), search, FILTER_NAMES);
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

export const hasFilters = (search: TransactionSearch) => hasAnyFilter(search, FILTER_NAMES);
