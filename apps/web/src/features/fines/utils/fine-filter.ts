import type { FineStatus } from "@housemate/contract";

/**
 * SPEC §2 My Fines: the status filter kept in `?filter=`. SPEC's tabs only: a written-off fine (decision 032) is
 * under All, as it is neither owed, paid nor disputed.
 */
export const FINE_FILTERS = ["all", "pending", "paid", "disputed"] as const satisfies readonly ("all" | FineStatus)[];
export type FineFilter = (typeof FINE_FILTERS)[number];

/** Reads `?filter=`; anything SPEC does not name shows all fines. */
export function fineFilterFrom(value: string | null): FineFilter {
  return FINE_FILTERS.find((filter) => filter === value) ?? "all";
}

/**
 * Issue 18: My Fines lists the fines the viewer received (SPEC's list) or those they issued, kept in `?side=` beside
 * `filter`, so issuing a fine can land on the fine just issued.
 */
export const FINE_SIDES = ["received", "issued"] as const;
export type FineSide = (typeof FINE_SIDES)[number];

/** Reads `?side=`; without it (or with anything else) My Fines is SPEC's list of received fines. */
export function fineSideFrom(value: string | null): FineSide {
  return FINE_SIDES.find((side) => side === value) ?? "received";
}
