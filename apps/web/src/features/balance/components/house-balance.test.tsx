import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { toast, Toaster } from "sonner";
import { respondWith, storeSession } from "@/lib/testing/fake-server";
import { BALANCE_REFETCH_MS, getHouseholdBalanceQueryOptions } from "../api/get-household-balance";
import { CompactHouseBalance, HouseBalanceCard } from "./house-balance";

const HOUSEHOLD_ID = "11111111-1111-4111-8111-111111111111";
const BALANCE = `/api/balance/household/${HOUSEHOLD_ID}/balance`;

function renderBalance() {
  storeSession();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <HouseBalanceCard householdId={HOUSEHOLD_ID} currency="GBP" />
      <CompactHouseBalance householdId={HOUSEHOLD_ID} currency="GBP" />
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

describe("House Balance", () => {
  it("shows the fine fund in the household's currency, in both looks, from one request", async () => {
    const server = respondWith({ [`GET ${BALANCE}`]: { body: { data: { balance: 2.5 } } } });
    renderBalance();
    expect(await screen.findByTestId("house-balance")).toHaveTextContent("£2.50");
    expect(screen.getByTestId("house-balance-compact")).toHaveTextContent("£2.50");
    expect(server.requests).toHaveLength(1);
  });

  it("is fetched again every 60 seconds", () => {
    expect(BALANCE_REFETCH_MS).toBe(60_000);
    expect(getHouseholdBalanceQueryOptions(HOUSEHOLD_ID).refetchInterval).toBe(60_000);
  });

  it("says once when it could not be loaded", async () => {
    respondWith({ [`GET ${BALANCE}`]: { status: 500, body: {} } });
    renderBalance();
    await waitFor(() =>
      expect(screen.getAllByText("Failed to load household balance. Please try again.")).toHaveLength(2),
    );
    // One in the card, one toast: the compact look shares the toast.
    expect(screen.getByText("Unavailable")).toBeInTheDocument();
  });
});
