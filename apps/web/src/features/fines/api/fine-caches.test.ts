import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { fundStatsQueryKey, fundTransactionsQueryKey, householdBalanceQueryKey } from "@/lib/query-keys";
import { refreshAfterLifecycleChange, refreshHouseholdFines } from "./fine-caches";

const HOUSEHOLD_ID = "11111111-1111-4111-8111-111111111111";
const fine = { id: "f1", household_id: HOUSEHOLD_ID, offender_id: "u2" };

/** A cache holding the fund's balance, its stats and a filtered page of its transactions. */
function fundCache() {
  const queryClient = new QueryClient();
  const keys = [
    householdBalanceQueryKey(HOUSEHOLD_ID),
    fundStatsQueryKey(HOUSEHOLD_ID),
    fundTransactionsQueryKey(HOUSEHOLD_ID, { type: "income", page: 2 }),
  ];
  for (const queryKey of keys) queryClient.setQueryData(queryKey, {});
  const stale = () => keys.map((queryKey) => queryClient.getQueryState(queryKey)?.isInvalidated);
  return { queryClient, stale };
}

describe("the fund's caches after a fine changes", () => {
  it("refreshes the balance, transaction stats and transactions after a pay, dispute or review (SPEC §4)", async () => {
    const { queryClient, stale } = fundCache();
    await refreshAfterLifecycleChange(queryClient, fine);
    expect(stale()).toEqual([true, true, true]);
  });

  it("refreshes them after a fine notification too (SPEC §7)", async () => {
    const { queryClient, stale } = fundCache();
    await refreshHouseholdFines(queryClient, { householdId: HOUSEHOLD_ID, userId: "u1" });
    expect(stale()).toEqual([true, true, true]);
  });
});
