import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, useLocation } from "react-router";
import {
  ALREADY_REVERSED_MESSAGE,
  type BalanceStats,
  type Rule,
  type Transaction,
  type TransactionPage,
} from "@housemate/contract";
import { queryClient } from "@/lib/query-client";
import { householdBalanceQueryKey } from "@/lib/query-keys";
import { respondWith, serverUser, type FakeAnswer } from "@/lib/testing/fake-server";
import { HOUSEHOLD_ID, renderApp, resetApp, signIn } from "@/features/households/testing/render-app";
import { Component as Fund } from "./fund";

const ALEX_ID = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const BLAIR_ID = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
const GONE_ID = "cccccccc-cccc-4ccc-8ccc-cccccccccccc";
const RULE_ID = "dddddddd-dddd-4ddd-8ddd-dddddddddddd";
const BALANCE = `/api/balance/household/${HOUSEHOLD_ID}/balance`;
const STATS = `${BALANCE}/stats`;
const TRANSACTIONS = `/api/balance/household/${HOUSEHOLD_ID}/transactions`;
const STATS_FAILED = "Failed to load transaction statistics. Please try again.";

let sequence = 0;
function entry(changes: Partial<Transaction>): Transaction {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, "0")}`,
    household_id: HOUSEHOLD_ID,
    type: "income",
    amount: 2.5,
    description: "Dishes left overnight",
    created_at: "2026-03-04T10:00:00.000Z",
    member_id: BLAIR_ID,
    fine_id: null,
    rule_id: RULE_ID,
    proposal_id: null,
    reverses_id: null,
    reversed_by_id: null,
    ...changes,
  };
}

const dishes = entry({});
const pizza = entry({ type: "spending", amount: -5, description: "Pizza night", member_id: ALEX_ID, rule_id: null });
const mistake = entry({ amount: 3, description: "Bins not out", member_id: GONE_ID, reversed_by_id: "x" });

const stats: BalanceStats = {
  netChange: -2.5,
  totalIncome: 12.5,
  totalSpent: 5,
  monthly: Array.from({ length: 12 }, (_, index) => ({
    month: `2025-${String(index + 1).padStart(2, "0")}`,
    income: index === 0 ? 6 : 0,
    spending: index === 11 ? 4 : 0,
  })),
};

const rule: Rule = {
  id: RULE_ID,
  household_id: HOUSEHOLD_ID,
  title: "Dishes",
  description: "",
  fine_amount: 2.5,
  created_by: ALEX_ID,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
};

/** The query string the page is at, to check what a reload or a shared link would show. */
function Search() {
  return <p data-testid="search">{useLocation().search}</p>;
}

interface Server {
  transactions?: (url: URL) => FakeAnswer;
  stats?: FakeAnswer;
  reverse?: FakeAnswer;
}

function page(data: Transaction[], { page = 1, total = data.length } = {}): TransactionPage {
  return { data, page: { page, limit: 20, total } };
}

function renderFund({ transactions, stats: statsAnswer, reverse }: Server = {}, path = "/dashboard/fund") {
  const server = respondWith({
    [`GET /api/households/${HOUSEHOLD_ID}`]: {
      body: {
        data: {
          id: HOUSEHOLD_ID,
          name: "The Cozy Flat",
          created_by: ALEX_ID,
          iso_4217_code: "GBP",
          created_at: "2026-01-01T00:00:00.000Z",
          join_code: HOUSEHOLD_ID,
          join_by_id: true,
          first_reminder_days: 3,
          second_reminder_days: 7,
          issuer_notice_days: 14,
        },
      },
    },
    "GET /api/users": {
      body: {
        data: [
          serverUser({ id: ALEX_ID, display_name: "Alex", household_id: HOUSEHOLD_ID }),
          serverUser({ id: BLAIR_ID, display_name: "Blair", household_id: HOUSEHOLD_ID }),
        ],
      },
    },
    [`GET /api/rules/household/${HOUSEHOLD_ID}`]: { body: { data: [rule] } },
    [`GET ${BALANCE}`]: { body: { data: { balance: 7.5 } } },
    [`GET ${STATS}`]: statsAnswer ?? { body: { data: stats } },
    [`GET ${TRANSACTIONS}`]: transactions ?? (() => ({ body: page([pizza, dishes, mistake]) })),
    [`POST ${TRANSACTIONS}/${dishes.id}/reverse`]: reverse ?? {
      status: 201,
      body: { data: entry({ type: "correction", amount: -2.5, reverses_id: dishes.id }) },
    },
  });
  renderApp(
    <Route
      path="/dashboard/fund"
      element={
        <>
          <Fund />
          <Search />
        </>
      }
    />,
    [path],
  );
  return server;
}

const transactionRequests = (requests: Request[]) =>
  requests.map((request) => new URL(request.url)).filter((url) => url.pathname === TRANSACTIONS);
const lastTransactionQuery = (requests: Request[]) => transactionRequests(requests).at(-1)?.searchParams;
const historyTable = () => screen.findByRole("table", { name: "Transactions" });

beforeEach(async () => {
  // jsdom draws no canvas: the chart stays blank, and its table says what it would show.
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
  // A failure shows at once rather than after SPEC §9's retries.
  queryClient.setQueryDefaults(householdBalanceQueryKey(HOUSEHOLD_ID), { retry: false });
  await signIn({ id: ALEX_ID, household_id: HOUSEHOLD_ID, is_admin: true });
});
afterEach(async () => {
  queryClient.setQueryDefaults(householdBalanceQueryKey(HOUSEHOLD_ID), {});
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  await resetApp();
});

describe("the Fund page", () => {
  it("shows the balance, the 30-day change in words, and all-time income and spending", async () => {
    renderFund();
    expect(await screen.findByRole("heading", { level: 1, name: "Fund" })).toBeInTheDocument();
    const figures = screen.getByRole("region", { name: "Fund figures" });
    await within(figures).findByText("£12.50");
    expect(within(figures).getByText("£7.50")).toBeInTheDocument();
    expect(within(figures).getByText("£5.00")).toBeInTheDocument();
    // In words beside its label, not in red alone.
    expect(within(figures).getByText("Last 30 days").nextElementSibling).toHaveTextContent(/^down, −£2\.50$/);
  });

  it("says the last 12 months' income and spending in a table as well as the chart", async () => {
    renderFund();
    const table = await screen.findByRole("table", { name: "Income and spending by month" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(13);
    expect(rows[1]).toHaveTextContent("January 2025£6.00£0.00");
    expect(rows[12]).toHaveTextContent("December 2025£0.00£4.00");
  });

  it("shows SPEC's toast when the statistics cannot be loaded, and loads them again on request", async () => {
    const server = renderFund({ stats: { status: 500, body: {} } });
    // The toast, and the line beside the figures.
    await waitFor(() => expect(screen.getAllByText(STATS_FAILED)).toHaveLength(2));
    const before = server.requests.filter((request) => new URL(request.url).pathname === STATS).length;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() =>
      expect(server.requests.filter((request) => new URL(request.url).pathname === STATS).length).toBe(before + 1),
    );
  });

  it("lists the history with dates, members (a former one too), types, reversals and signed amounts", async () => {
    renderFund();
    const table = await historyTable();
    await within(table).findByText("Blair");
    const rows = within(table).getAllByRole("row").slice(1);
    // Each row's text, piece by piece (a pattern spanning them would not run in linear time).
    const expectRow = (row: HTMLElement | undefined, pieces: string[]) => {
      for (const piece of pieces) expect(row).toHaveTextContent(piece);
    };
    expectRow(rows[0], ["Mar 4, 2026", "Pizza night", "Alex", "Spending", "−£5.00"]);
    expectRow(rows[1], ["Dishes left overnight", "Blair", "Income", "+£2.50"]);
    expectRow(rows[2], ["Bins not out", "Former member", "Income", "Reversed", "+£3.00"]);
    expect(screen.getByText("Page 1 of 1")).toBeInTheDocument();
  });

  it("lists each entry on its UTC day, the day the date filters and the chart count it on, and says so", async () => {
    // 00:30 on 1 June in UK summer time: the server files it under 31 May (decision 034).
    vi.stubEnv("TZ", "Europe/London");
    const lateNight = entry({ description: "Late night dishes", created_at: "2026-05-31T23:30:00.000Z" });
    renderFund({ transactions: () => ({ body: page([lateNight]) }) });
    const table = await historyTable();
    expect(within(table).getByText("Late night dishes").closest("tr")).toHaveTextContent("May 31, 2026");
    const card = within(screen.getByRole("list", { name: "Transactions" })).getByRole("listitem");
    expect(card).toHaveTextContent("May 31, 2026");
    expect(screen.getByLabelText("From")).toHaveAccessibleDescription("Dates are in UTC.");
    expect(screen.getByLabelText("To")).toHaveAccessibleDescription("Dates are in UTC.");
  });

  it("keeps the filters, sort and page in the URL, returns to page 1 on a change, and resets them all", async () => {
    const server = renderFund({ transactions: () => ({ body: page([dishes], { total: 45 }) }) });
    // The member and rule filters offer the household's members and rules once they are in.
    await within(await historyTable()).findByText("Blair");
    await screen.findByRole("option", { name: "Dishes" });
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
    const search = () => new URLSearchParams(screen.getByTestId("search").textContent);

    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(search().get("page")).toBe("2"));
    expect(lastTransactionQuery(server.requests)?.get("page")).toBe("2");

    await userEvent.selectOptions(screen.getByLabelText("Type"), "Spending");
    await waitFor(() => expect(search().get("type")).toBe("spending"));
    expect(search().get("page")).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText("Member"), "Blair");
    await userEvent.selectOptions(screen.getByLabelText("Rule"), "Dishes");
    await userEvent.type(screen.getByLabelText("From"), "2026-03-01");
    await userEvent.selectOptions(screen.getByLabelText("Sort"), "Smallest amount first");
    await waitFor(() =>
      expect(Object.fromEntries(lastTransactionQuery(server.requests) ?? [])).toEqual({
        type: "spending",
        member: BLAIR_ID,
        rule: RULE_ID,
        from: "2026-03-01",
        sort: "amount",
        order: "asc",
        page: "1",
        limit: undefined,
      }),
    );

    await userEvent.click(screen.getByRole("button", { name: "Reset filters" }));
    await waitFor(() => expect(screen.getByTestId("search")).toHaveTextContent(/^$/));
    expect(screen.getByLabelText("Type")).toHaveValue("");
    expect(screen.getByLabelText("Sort")).toHaveValue("date-desc");
    expect(Object.fromEntries(lastTransactionQuery(server.requests) ?? [])).toEqual({
      sort: "date",
      order: "desc",
      page: "1",
    });
  });

  it("shows what a shared link asks for", async () => {
    const server = renderFund({}, `/dashboard/fund?type=income&member=${BLAIR_ID}&sort=amount&order=asc&page=2`);
    // The member's name shows once the members are in, and with them the member filter's choice.
    await within(await historyTable()).findByText("Blair");
    expect(screen.getByLabelText("Type")).toHaveValue("income");
    expect(screen.getByLabelText("Member")).toHaveValue(BLAIR_ID);
    expect(screen.getByLabelText("Sort")).toHaveValue("amount-asc");
    expect(lastTransactionQuery(server.requests)?.toString()).toBe(
      `type=income&member=${BLAIR_ID}&sort=amount&order=asc&page=2`,
    );
  });

  it("shows a link's filter by someone who has left as a former member, once the members are in", async () => {
    const server = renderFund({}, `/dashboard/fund?member=${GONE_ID}`);
    await within(await historyTable()).findByText("Blair");
    const memberFilter = screen.getByLabelText("Member");
    expect(memberFilter).toHaveValue(GONE_ID);
    expect(within(memberFilter).getByRole("option", { selected: true })).toHaveTextContent("Former member");
    expect(lastTransactionQuery(server.requests)?.get("member")).toBe(GONE_ID);
    // Choosing someone else leaves the former member's choice behind.
    await userEvent.selectOptions(memberFilter, "Blair");
    await waitFor(() => expect(within(memberFilter).queryByRole("option", { name: "Former member" })).toBeNull());
  });

  it("says when there is nothing yet, and when nothing matches, with a way back", async () => {
    renderFund({ transactions: () => ({ body: page([]) }) }, "/dashboard/fund?type=spending");
    expect(await screen.findByText("No transactions match these filters")).toBeInTheDocument();
    const resets = screen.getAllByRole("button", { name: "Reset filters" });
    await userEvent.click(resets[resets.length - 1] as HTMLElement);
    expect(await screen.findByText("No transactions yet")).toBeInTheDocument();
  });

  it("says when a shared link's page is past the end, and goes to the last page keeping the filters", async () => {
    // The list shrank to 45 entries (3 pages) since the link to page 4 was shared.
    const server = renderFund(
      {
        transactions: (url) => {
          const asked = Number(url.searchParams.get("page"));
          return { body: page(asked > 3 ? [] : [dishes], { page: asked, total: 45 }) };
        },
      },
      "/dashboard/fund?type=income&page=4",
    );
    expect(await screen.findByText("This page is past the end of the list.")).toBeInTheDocument();
    expect(screen.queryByText("No transactions yet")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Go to the last page" }));
    expect(await screen.findByText("Page 3 of 3")).toBeInTheDocument();
    expect(await historyTable()).toHaveTextContent("Dishes left overnight");
    expect(screen.getByTestId("search")).toHaveTextContent("?type=income&page=3");
    expect(lastTransactionQuery(server.requests)?.toString()).toBe("type=income&sort=date&order=desc&page=3");
  });

  it("asks for no page beyond the contract's highest, which the server would refuse", async () => {
    const server = renderFund({}, "/dashboard/fund?page=999999");
    await historyTable();
    expect(transactionRequests(server.requests).map((url) => url.searchParams.get("page"))).toEqual(["100000"]);
  });

  it("offers a way to try again when the history cannot be loaded", async () => {
    let fail = true;
    renderFund({ transactions: () => (fail ? { status: 500, body: {} } : { body: page([dishes]) }) });
    expect(await screen.findByText("Failed to load transactions. Please try again.")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await historyTable()).toHaveTextContent("Dishes left overnight");
  });

  it("lets an admin reverse income or spending with a reason, and refreshes the fund", async () => {
    const server = renderFund();
    const table = await historyTable();
    // A correction, or an entry already reversed, cannot be reversed again.
    expect(within(table).queryByRole("button", { name: "Reverse Bins not out" })).not.toBeInTheDocument();
    await userEvent.click(within(table).getByRole("button", { name: "Reverse Dishes left overnight" }));
    const dialog = await screen.findByRole("dialog", { name: "Reverse transaction" });

    await userEvent.click(within(dialog).getByRole("button", { name: "Reverse" }));
    expect(await within(dialog).findByText("Give a reason for the correction")).toBeInTheDocument();

    const before = transactionRequests(server.requests).length;
    await userEvent.type(within(dialog).getByLabelText("Reason"), "Paid by mistake");
    await userEvent.click(within(dialog).getByRole("button", { name: "Reverse" }));
    expect(await screen.findByText("Transaction reversed")).toBeInTheDocument();
    const posted = server.requests.findIndex((request) => request.method === "POST");
    expect(server.bodies[posted]).toEqual({ reason: "Paid by mistake" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(transactionRequests(server.requests).length).toBeGreaterThan(before));
  });

  it("says why the server refused a reversal", async () => {
    renderFund({
      reverse: {
        status: 409,
        body: { error: { message: ALREADY_REVERSED_MESSAGE, code: "CONFLICT", requestId: "t" } },
      },
    });
    await userEvent.click(within(await historyTable()).getByRole("button", { name: "Reverse Dishes left overnight" }));
    const dialog = await screen.findByRole("dialog", { name: "Reverse transaction" });
    await userEvent.type(within(dialog).getByLabelText("Reason"), "Twice");
    await userEvent.click(within(dialog).getByRole("button", { name: "Reverse" }));
    expect(await screen.findByText(ALREADY_REVERSED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Reverse transaction" })).toBeInTheDocument();
  });

  it("offers no reversal to a member who is not an admin", async () => {
    await signIn({ id: BLAIR_ID, household_id: HOUSEHOLD_ID, is_admin: false });
    renderFund();
    const table = await historyTable();
    await within(table).findByText("Alex");
    expect(screen.queryByRole("button", { name: /^Reverse/ })).not.toBeInTheDocument();
  });
});
