import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route } from "react-router";
import type { Insights } from "@housemate/contract";
import { respondWith, serverUser, type FakeAnswer } from "@/lib/testing/fake-server";
import { Here, HOUSEHOLD_ID, renderApp, resetApp, signIn } from "@/features/households/testing/render-app";
import { Component as InsightsPage } from "./insights";

const ALEX_ID = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const BLAIR_ID = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
const GONE_ID = "cccccccc-cccc-4ccc-8ccc-cccccccccccc";
const RULE_ID = "dddddddd-dddd-4ddd-8ddd-dddddddddddd";
const INSIGHTS = `/api/households/${HOUSEHOLD_ID}/insights`;

const zero = { count: 0, amount: 0 };
const grid = Array.from({ length: 7 }, (_, day) =>
  Array.from({ length: 24 }, (_, hour) => (day === 5 && hour === 18 ? 3 : 0)),
);

const insights: Insights = {
  from: "2026-01-01",
  to: "2026-02-28",
  timeZone: "UTC",
  months: [
    { month: "2026-01", issued: { count: 4, amount: 20 }, paid: { count: 2, amount: 7.5 }, cancelled: zero },
    { month: "2026-02", issued: { count: 1, amount: 5 }, paid: zero, cancelled: { count: 1, amount: 2.5 } },
  ],
  members: [
    { userId: ALEX_ID, name: "Alex", current: true, owed: 12.5, paid: 7.5, issued: 5 },
    { userId: BLAIR_ID, name: "Blair", current: true, owed: 0, paid: 0, issued: 17.5 },
    { userId: GONE_ID, name: "Former member", current: false, owed: 0, paid: 0, issued: 2.5 },
  ],
  rules: [{ ruleId: RULE_ID, title: "Dishes", count: 4, amount: 20 }],
  medianHoursToPay: 36,
  disputes: { issued: 5, disputed: 2, rate: 0.4, outcomes: { accepted: 1, declined: 0, pending: 1 } },
  daysSinceLastFine: [
    { userId: ALEX_ID, name: "Alex", days: 3 },
    { userId: BLAIR_ID, name: "Blair", days: null },
  ],
  weekdayHours: grid,
};

function renderInsights(answer: FakeAnswer = { body: { data: insights } }) {
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
    [`GET ${INSIGHTS}`]: answer,
    "GET /api/users": {
      body: {
        data: [
          serverUser({ id: ALEX_ID, display_name: "Alex", household_id: HOUSEHOLD_ID }),
          serverUser({ id: BLAIR_ID, display_name: "Blair", household_id: HOUSEHOLD_ID }),
        ],
      },
    },
  });
  renderApp(
    <>
      <Route path="/dashboard/insights" element={<InsightsPage />} />
      <Route path="/dashboard/fines/new" element={<Here name="new fine page" />} />
    </>,
    ["/dashboard/insights"],
  );
  return server;
}

const card = (name: string) => screen.findByRole("region", { name });
const rowOf = (table: HTMLElement, header: string) => {
  const row = within(table).getByRole("rowheader", { name: header }).closest("tr");
  if (!row) throw new Error(`no row ${header}`);
  return within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);
};

beforeEach(() => signIn({ id: ALEX_ID, display_name: "Alex", household_id: HOUSEHOLD_ID }));
afterEach(async () => {
  vi.unstubAllGlobals();
  await resetApp();
});

describe("Insights page", () => {
  it("is titled Insights and shows each figure", async () => {
    renderInsights();
    expect(screen.getByRole("heading", { level: 1, name: "Insights" })).toBeInTheDocument();
    expect(document.title).toContain("Insights");

    const rules = await card("Most broken rules");
    expect(within(rules).getByText("Dishes")).toBeInTheDocument();
    expect(within(rules).getByText("4 fines · £20.00")).toBeInTheDocument();
    expect(within(await card("Time to pay")).getByText("36 hours")).toBeInTheDocument();
    const disputes = await card("Disputes");
    expect(within(disputes).getByText("40%")).toBeInTheDocument();
    expect(within(disputes).getByText("2 of 5 fines disputed")).toBeInTheDocument();
    const quiet = await card("Days since last fine");
    expect(within(quiet).getByText("3 days")).toBeInTheDocument();
    expect(within(quiet).getByText("Never")).toBeInTheDocument();
  });

  it("gives each chart a table with its numbers", async () => {
    renderInsights();
    const months = await screen.findByRole("table", { name: "Fines per month" });
    expect(rowOf(months, "January 2026")).toEqual(["4 (£20.00)", "2 (£7.50)", "0 (£0.00)"]);
    expect(rowOf(months, "February 2026")).toEqual(["1 (£5.00)", "0 (£0.00)", "1 (£2.50)"]);

    const members = screen.getByRole("table", { name: "Amount per member" });
    expect(rowOf(members, "Alex")).toEqual(["£12.50", "£7.50", "£5.00"]);
    expect(rowOf(members, "Former member")).toEqual(["£0.00", "£0.00", "£2.50"]);

    const hours = screen.getByRole("table", { name: "Fines by weekday and hour" });
    const saturday = rowOf(hours, "Saturday");
    expect(saturday[18]).toBe("3");
    expect(saturday.filter((count) => count !== "0")).toEqual(["3"]);
  });

  it("shows the numbers to sighted people too: each chart's scale, a key beyond colour, and its table on request", async () => {
    const user = userEvent.setup();
    renderInsights();
    const months = await card("Fines per month");
    expect(
      within(months).getByText("Fines a month, up to 4. Bars left to right: issued, paid, cancelled."),
    ).toBeInTheDocument();
    const hours = await card("When fines happen");
    expect(within(hours).getByText("fines an hour (darker is more)")).toBeInTheDocument();

    for (const [region, table] of [
      [months, "Fines per month"],
      [await card("Amount per member"), "Amount per member"],
      [hours, "Fines by weekday and hour"],
    ] as const) {
      const show = within(region).getByRole("button", { name: "Show as table" });
      expect(show).toHaveAttribute("aria-expanded", "false");
      const holder = document.getElementById(show.getAttribute("aria-controls") ?? "");
      expect(holder).toHaveClass("sr-only");
      await user.click(show);
      expect(within(region).getByRole("button", { name: "Hide table" })).toHaveAttribute("aria-expanded", "true");
      expect(holder).not.toHaveClass("sr-only");
      expect(within(region).getByRole("group", { name: table })).toContainElement(
        within(region).getByRole("table", { name: table }),
      );
    }
  });

  it("lets one export the fines of a current member or of a former one with fines in the 12 months", async () => {
    const user = userEvent.setup();
    renderInsights();
    await card("Most broken rules");
    await user.click(screen.getByRole("button", { name: "Export" }));
    const dialog = await screen.findByRole("dialog", { name: "Export fine history" });
    const choices = within(within(dialog).getByLabelText("Member")).getAllByRole("option");
    expect(choices.map((choice) => [choice.textContent, (choice as HTMLOptionElement).value])).toEqual([
      ["All members", ""],
      ["Alex", ALEX_ID],
      ["Blair", BLAIR_ID],
      ["Former member", GONE_ID],
    ]);
  });

  it("says there are no fines yet, with a way to issue one", async () => {
    const user = userEvent.setup();
    renderInsights({
      body: {
        data: {
          ...insights,
          months: insights.months.map((month) => ({ ...month, issued: zero, paid: zero, cancelled: zero })),
          rules: [],
          medianHoursToPay: null,
          disputes: { issued: 0, disputed: 0, rate: 0, outcomes: { accepted: 0, declined: 0, pending: 0 } },
          daysSinceLastFine: insights.daysSinceLastFine.map((member) => ({ ...member, days: null })),
        },
      },
    });
    expect(await screen.findByText("No fines in the last 12 months")).toBeInTheDocument();
    expect(screen.getByText("Insights appear once the household issues a fine.")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Fines per month" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Days since last fine" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Issue a fine" }));
    expect(screen.getByRole("heading", { name: "new fine page" })).toBeInTheDocument();
  });

  it("does not call a household with older fines fineless, and keeps how long each has gone without one", async () => {
    renderInsights({
      body: {
        data: {
          ...insights,
          months: insights.months.map((month) => ({ ...month, issued: zero, paid: zero, cancelled: zero })),
          rules: [],
          medianHoursToPay: null,
          disputes: { issued: 0, disputed: 0, rate: 0, outcomes: { accepted: 0, declined: 0, pending: 0 } },
          daysSinceLastFine: [
            { userId: ALEX_ID, name: "Alex", days: 400 },
            { userId: BLAIR_ID, name: "Blair", days: null },
          ],
        },
      },
    });
    expect(await screen.findByText("No fines in the last 12 months")).toBeInTheDocument();
    expect(screen.queryByText("No fines yet")).not.toBeInTheDocument();
    const quiet = await card("Days since last fine");
    expect(within(quiet).getByText("400 days")).toBeInTheDocument();
    expect(within(quiet).getByText("Never")).toBeInTheDocument();
  });

  it("explains the median only when there is one", async () => {
    renderInsights({ body: { data: { ...insights, medianHoursToPay: null } } });
    const timeToPay = await card("Time to pay");
    expect(within(timeToPay).getByText("No payments yet")).toBeInTheDocument();
    expect(within(timeToPay).queryByText("Half of the fines paid were paid faster than this.")).not.toBeInTheDocument();
  });

  // The query retries twice (1 s, then 2 s) before it gives up, as every query does (SPEC §9).
  it("says when the figures cannot be loaded, and tries again", { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderInsights({ status: 500 });
    expect(await screen.findByText("Insights could not be loaded.", {}, { timeout: 8000 })).toBeInTheDocument();
    respondWith({
      [`GET ${INSIGHTS}`]: () => {
        calls += 1;
        return { body: { data: insights } };
      },
    });
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await card("Most broken rules")).toBeInTheDocument();
    expect(calls).toBe(1);
  });
});
