import type { QueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { Fine, FinePage } from "@housemate/contract";
import { householdBalanceQueryKey } from "@/lib/query-keys";
import { errorMessage } from "@/lib/error-message";
import { appealQueryKey, householdAppealKey } from "./get-appeal";
import { fineQueryKey, householdFineKey } from "./get-fine";
import { getFineDisputeQueryOptions } from "./get-fine-dispute";
import { fineScopeKey } from "./get-fines";
import { openAppealsQueryKey } from "./get-open-appeals";

type FineRef = Pick<Fine, "id" | "household_id" | "offender_id">;

/** The scopes a fine is listed in: its household's lists and its offender's. */
function listKeys(fine: FineRef) {
  const keys = [fineScopeKey({ household: fine.household_id })];
  return fine.offender_id ? [...keys, fineScopeKey({ offender: fine.offender_id })] : keys;
}

/** Rewrites every cached page the fine may be on. */
function updatePages(queryClient: QueryClient, fine: FineRef, change: (page: FinePage) => FinePage) {
  for (const scopeKey of listKeys(fine)) {
    for (const [queryKey, page] of queryClient.getQueriesData<FinePage>({ queryKey: scopeKey })) {
      if (page) queryClient.setQueryData<FinePage>(queryKey, change(page));
    }
  }
}

/**
 * Puts the server's answer in every cached page at once, so a paid fine cannot be paid again meanwhile. Where it
 * belongs after the change, and the pages' counts, are the server's to say: the lists are fetched again right after.
 */
export function replaceFine(queryClient: QueryClient, fine: Fine) {
  updatePages(queryClient, fine, (page) => ({
    ...page,
    data: page.data.map((each) => (each.id === fine.id ? fine : each)),
  }));
  // The fine asked for on its own (the Activity page's Fine Details), if it is.
  if (queryClient.getQueryData(fineQueryKey(fine.household_id, fine.id)))
    queryClient.setQueryData(fineQueryKey(fine.household_id, fine.id), fine);
}

/** An accepted dispute cancels the fine: it leaves every list straight away (SPEC §4), and its counts with it. */
export function removeFine(queryClient: QueryClient, fine: FineRef) {
  updatePages(queryClient, fine, (page) => {
    const gone = page.data.find((each) => each.id === fine.id);
    if (!gone) return page;
    const cents = (amount: number) => Math.round(amount * 100);
    return {
      data: page.data.filter((each) => each.id !== fine.id),
      page: {
        ...page.page,
        total: page.page.total - 1,
        amount: (cents(page.page.amount) - cents(gone.amount)) / 100,
        by_status: { ...page.page.by_status, [gone.status]: page.page.by_status[gone.status] - 1 },
      },
    };
  });
}

/**
 * SPEC §4: after a dispute, review or pay (or an appeal or a vote), the pending and recent fines, the household balance
 * and its statistics are fetched again.
 */
export function refreshAfterLifecycleChange(queryClient: QueryClient, fine: FineRef) {
  return Promise.all([
    ...listKeys(fine).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    queryClient.invalidateQueries({ queryKey: fineQueryKey(fine.household_id, fine.id) }),
    queryClient.invalidateQueries({ queryKey: getFineDisputeQueryOptions(fine.household_id, fine.id).queryKey }),
    // Its appeal, and the dashboard's appeals to vote on (issue 21).
    queryClient.invalidateQueries({ queryKey: appealQueryKey(fine.household_id, fine.id) }),
    queryClient.invalidateQueries({ queryKey: openAppealsQueryKey(fine.household_id) }),
    queryClient.invalidateQueries({ queryKey: householdBalanceQueryKey(fine.household_id) }),
  ]);
}

/**
 * SPEC §7: a fine-related notification means a fine changed elsewhere, so the household's fines, the
 * member's own fines and the fine fund are fetched again.
 */
export function refreshHouseholdFines(
  queryClient: QueryClient,
  { householdId, userId }: { householdId: string; userId: string },
) {
  return Promise.all(
    [
      fineScopeKey({ household: householdId }),
      fineScopeKey({ offender: userId }),
      // An open Fine Details dialog's history (a live `fine_updated`).
      ["fines", "edits", householdId],
      // ...and the fine itself, when it was opened from the Activity page.
      householdFineKey(householdId),
      // An appeal opened, voted on or decided elsewhere (issue 21): the open one shown and the appeals to vote on.
      householdAppealKey(householdId),
      openAppealsQueryKey(householdId),
      householdBalanceQueryKey(householdId),
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** SPEC §5: a lifecycle call without every id (and a reason) is not sent; SPEC §8 names the toast. */
export class MissingInformation extends Error {}

/** The failure toast of a lifecycle call: SPEC §8's title, the server's message or the fallback. */
export function toastLifecycleError(error: unknown, title: string, fallback: string) {
  if (error instanceof MissingInformation) toast.error("Error", { description: error.message });
  else toast.error(title, { description: errorMessage(error, fallback) });
}
