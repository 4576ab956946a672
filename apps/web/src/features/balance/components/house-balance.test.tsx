import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { toast, Toaster } from "sonner";
import { respondWith, storeSession } from "@/lib/testing/fake-server";
import { layOutAs } from "@/lib/testing/media";
import { BALANCE_REFETCH_MS, getHouseholdBalanceQueryOptions } from "../api/get-household-balance";
import { CompactHouseBalance, HouseBalanceCard } from "./house-balance";

const HOUSEHOLD_ID = "11111111-1111-4111-8111-111111111111";
const BALANCE = `/api/balance/household/${HOUSEHOLD_ID}/balance`;
const STATS = `${BALANCE}/stats`;
const FUND = "/dashboard/fund";
const months = (nets: number[]) =>
  nets.map((net, index) => ({
    month: `2026-${String(index + 1).padStart(2, "0")}`,
    income: Math.max(net, 0),
    spending: Math.max(-net, 0),
  }));
const stats = (netChange: number) => ({
  data: { netChange, totalIncome: 12, totalSpent: 5, monthly: months([2, 3, -5, 0, 4, 1, 0, 0, 2, -1, 0, 3]) },
});

function renderBalance() {
  storeSession();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <HouseBalanceCard householdId={HOUSEHOLD_ID} currency="GBP" fundHref={FUND} />
        <CompactHouseBalance householdId={HOUSEHOLD_ID} currency="GBP" fundHref={FUND} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => layOutAs("desktop"));

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("House Balance", () => {
  it("shows the fine fund in the household's currency, in both looks, from one request", async () => {
    const server = respondWith({ [`GET ${BALANCE}`]: { body: { data: { balance: 2.5 } } } });
    renderBalance();
    expect(await screen.findByTestId("house-balance")).toHaveTextContent("£2.50");
    expect(screen.getByTestId("house-balance-compact")).toHaveTextContent("£2.50");
    expect(server.requests.filter((request) => new URL(request.url).pathname === BALANCE)).toHaveLength(1);
  });

  it("shows the fund's 30-day change with its sign and an arrow, and the monthly trend, and leads to the Fund page", async () => {
    respondWith({
      [`GET ${BALANCE}`]: { body: { data: { balance: 7 } } },
      [`GET ${STATS}`]: { body: stats(-3.5) },
    });
    renderBalance();
    const change = await screen.findByTestId("net-change");
    // Said in words, not only in red: 'down', the minus sign and the period.
    expect(change).toHaveTextContent("down, −£3.50 in 30 days");
    expect(screen.getByTestId("trend-sparkline")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open the fund" })).toHaveAttribute("href", FUND);
    // The phone's compact look is one link to the same page.
    expect(screen.getByRole("link", { name: /House Balance\s*£7\.00/ })).toHaveAttribute("href", FUND);
  });

  it("shows a rise as up, with a plus sign", async () => {
    respondWith({ [`GET ${BALANCE}`]: { body: { data: { balance: 7 } } }, [`GET ${STATS}`]: { body: stats(4) } });
    renderBalance();
    expect(await screen.findByTestId("net-change")).toHaveTextContent("up, +£4.00 in 30 days");
  });

  it("neither fetches nor draws the change and trend on a phone, where the sidebar's card is hidden", async () => {
    layOutAs("phone");
    const server = respondWith({
      [`GET ${BALANCE}`]: { body: { data: { balance: 7 } } },
      [`GET ${STATS}`]: { body: stats(4) },
    });
    renderBalance();
    expect(await screen.findByTestId("house-balance-compact")).toHaveTextContent("£7.00");
    expect(screen.queryByTestId("net-change")).not.toBeInTheDocument();
    expect(server.requests.filter((request) => new URL(request.url).pathname === STATS)).toHaveLength(0);
  });

  it("still shows the balance, without the change and with no statistics toast, when the stats fail", async () => {
    respondWith({
      [`GET ${BALANCE}`]: { body: { data: { balance: 7 } } },
      [`GET ${STATS}`]: { status: 500, body: {} },
    });
    renderBalance();
    expect(await screen.findByTestId("house-balance")).toHaveTextContent("£7.00");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId("net-change")).not.toBeInTheDocument();
    expect(screen.queryByText("Failed to load transaction statistics. Please try again.")).not.toBeInTheDocument();
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
