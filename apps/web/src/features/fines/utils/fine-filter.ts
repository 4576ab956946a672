import { FINE_STATUSES } from "@housemate/contract";

/** SPEC §2 My Fines: the status filter kept in `?filter=`. */
export const FINE_FILTERS = ["all", ...FINE_STATUSES] as const;
export type FineFilter = (typeof FINE_FILTERS)[number];

/** Reads `?filter=`; anything SPEC does not name shows all fines. */
export function fineFilterFrom(value: string | null): FineFilter {
  return FINE_FILTERS.find((filter) => filter === value) ?? "all";
}
