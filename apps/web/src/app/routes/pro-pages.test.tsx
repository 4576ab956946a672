import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route } from "react-router";
import { featureNeedsProMessage, householdFullMessage, type HouseholdPlan } from "@housemate/contract";
import { planRoutes, respondWith, serverConfig, serverPlan, serverUser } from "@/lib/testing/fake-server";
import { Here, HOUSEHOLD_ID, renderApp, resetApp, signIn } from "@/features/households/testing/render-app";
import { useAuthStore } from "@/lib/auth/auth-store";
import { Component as ActivityPage } from "./activity";
import { Component as InsightsPage } from "./insights";
import { Component as Shell } from "./shell";

const HOUSEHOLD_PATH = `/api/households/${HOUSEHOLD_ID}`;
const household = {
  id: HOUSEHOLD_ID,
  name: "The Cozy Flat",
  created_by: "u1",
  iso_4217_code: "GBP",
  created_at: "2026-01-01T00:00:00.000Z",
  join_code: HOUSEHOLD_ID,
  join_by_id: true,
  first_reminder_days: 3,
  second_reminder_days: 7,
  issuer_notice_days: 14,
};
const emptyInsights = {
  from: "2026-01-01",
  to: "2026-02-28",
  timeZone: "UTC",
  months: [],
  members: [],
  rules: [],
  medianHoursToPay: null,
  disputes: { issued: 0, disputed: 0, rate: null, outcomes: { accepted: 0, declined: 0, pending: 0 } },
  daysSinceLastFine: [],
  weekdayHours: Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0)),
};

/**
 * The household's pages' answers, on `plan` (plans on) or with plans off; the member list says whether the signed-in
 * person is an admin (`isAdmin`, as their session does unless a test says otherwise).
 */
function server(plan?: HouseholdPlan, isAdmin = useAuthStore.getState().currentUser?.is_admin ?? false) {
  return respondWith({
    [`GET ${HOUSEHOLD_PATH}`]: { body: { data: household } },
    "GET /api/users": { body: { data: [serverUser({ household_id: HOUSEHOLD_ID, is_admin: isAdmin })] } },
    [`GET /api/rules/household/${HOUSEHOLD_ID}`]: { body: { data: [] } },
    [`GET ${HOUSEHOLD_PATH}/notes`]: { body: { data: [] } },
    [`GET ${HOUSEHOLD_PATH}/insights`]: { body: { data: emptyInsights } },
    [`GET ${HOUSEHOLD_PATH}/activity`]: { body: { data: [], page: { nextCursor: null } } },
    ...(plan ? planRoutes(HOUSEHOLD_ID, plan) : { "GET /api/config": { body: { data: serverConfig() } } }),
  });
}

function renderAt(path: string) {
  return renderApp(
    <>
      <Route path="/dashboard" element={<Shell />}>
        <Route index element={<Here name="dashboard page" />} />
        <Route path="activity" element={<ActivityPage />} />
        <Route path="insights" element={<InsightsPage />} />
        <Route path="household" element={<Here name="household page" />} />
      </Route>
    </>,
    [path],
  );
}

const asked = (fake: ReturnType<typeof respondWith>, path: string) =>
  fake.requests.some((request) => new URL(request.url).pathname === path);

afterEach(async () => {
  vi.unstubAllGlobals();
  await resetApp();
});

describe("Pro pages on Basic", () => {
  it("offers Insights to the admin instead of asking for it, with no export, and leads to the Plan section", async () => {
    await signIn({ household_id: HOUSEHOLD_ID, is_admin: true });
    const fake = server(serverPlan("basic"));
    renderAt("/dashboard/insights");
    const panel = await screen.findByRole("region", { name: "Insights is part of Housemate Pro." });
    expect(within(panel).getByText(/Charts of the last 12 months/)).toBeInTheDocument();
    expect(within(panel).getByText("Housemate Pro is £5 a month.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Export/ })).not.toBeInTheDocument();
    expect(asked(fake, `${HOUSEHOLD_PATH}/insights`)).toBe(false);
    await userEvent.setup().click(within(panel).getByRole("link", { name: "Upgrade" }));
    expect(await screen.findByRole("heading", { name: "household page" })).toBeInTheDocument();
  });

  it("tells a member to ask the admin, with the contract's words", async () => {
    await signIn({ household_id: HOUSEHOLD_ID });
    server(serverPlan("basic"));
    renderAt("/dashboard/insights");
    const panel = await screen.findByRole("region", { name: "Insights is part of Housemate Pro." });
    // The contract's message: its first sentence the heading, its second the ask.
    expect(featureNeedsProMessage("analytics")).toBe(
      "Insights is part of Housemate Pro. Ask your household's admin to upgrade.",
    );
    expect(within(panel).getByText("Ask your household's admin to upgrade.")).toBeInTheDocument();
    expect(within(panel).queryByRole("link")).not.toBeInTheDocument();
  });

  it("decides who is an admin from the member list, as the settings page does, not the session alone", async () => {
    // Made admin elsewhere a moment ago: the list knows, this device's session not yet.
    await signIn({ household_id: HOUSEHOLD_ID, is_admin: false });
    server(serverPlan("basic"), true);
    renderAt("/dashboard/insights");
    const panel = await screen.findByRole("region", { name: "Insights is part of Housemate Pro." });
    expect(await within(panel).findByRole("link", { name: "Upgrade" })).toBeInTheDocument();
  });

  it("offers the activity log instead of asking for it", async () => {
    await signIn({ household_id: HOUSEHOLD_ID, is_admin: true });
    const fake = server(serverPlan("basic"));
    renderAt("/dashboard/activity");
    const panel = await screen.findByRole("region", { name: "The activity log is part of Housemate Pro." });
    expect(within(panel).getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/dashboard/household");
    expect(asked(fake, `${HOUSEHOLD_PATH}/activity`)).toBe(false);
  });

  it("marks Activity and Insights 'Pro' in the sidebar", async () => {
    await signIn({ household_id: HOUSEHOLD_ID });
    server(serverPlan("basic"));
    renderAt("/dashboard");
    const nav = screen.getByRole("navigation", { name: "Main" });
    await waitFor(() => expect(within(nav).getByRole("link", { name: "Insights Pro" })).toBeInTheDocument());
    expect(within(nav).getByRole("link", { name: "Activity Pro" })).toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "Rules" })).toBeInTheDocument();
  });

  it("marks them in the phone's account menu too", async () => {
    await signIn({ household_id: HOUSEHOLD_ID });
    server(serverPlan("basic"));
    renderAt("/dashboard");
    await waitFor(() =>
      expect(
        within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Insights Pro" }),
      ).toBeInTheDocument(),
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Account menu" }));
    expect(await screen.findByRole("menuitem", { name: "Insights Pro" })).toBeInTheDocument();
    expect(screen.getByRole("menuitem", { name: "Activity Pro" })).toBeInTheDocument();
  });
});

describe("the phone's Invite in a full household", () => {
  it("says why instead of copying the household ID", async () => {
    await signIn({ household_id: HOUSEHOLD_ID });
    server(serverPlan("basic", { members: 5 }));
    renderAt("/dashboard");
    await waitFor(() =>
      expect(
        within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Insights Pro" }),
      ).toBeInTheDocument(),
    );
    const user = userEvent.setup();
    await user.click(
      within(screen.getByRole("navigation", { name: "Mobile" })).getByRole("button", { name: "Invite" }),
    );
    expect(await screen.findByText(householdFullMessage("basic"))).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe("");
  });
});

describe("Pro pages with everything", () => {
  it.each([
    ["on Pro", serverPlan("pro")],
    ["with plans off", undefined],
  ])("shows Insights and its export %s, marking nothing", async (_name, plan) => {
    await signIn({ household_id: HOUSEHOLD_ID, is_admin: true });
    const fake = server(plan);
    renderAt("/dashboard/insights");
    await waitFor(() => expect(asked(fake, `${HOUSEHOLD_PATH}/insights`)).toBe(true));
    expect(await screen.findByRole("button", { name: /Export/ })).toBeInTheDocument();
    expect(screen.queryByText(/is part of Housemate Pro/)).not.toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Insights" })).toBeInTheDocument();
    expect(within(nav).queryByText("Pro")).not.toBeInTheDocument();
  });

  it("shows the activity log on Pro", async () => {
    await signIn({ household_id: HOUSEHOLD_ID });
    const fake = server(serverPlan("pro"));
    renderAt("/dashboard/activity");
    await waitFor(() => expect(asked(fake, `${HOUSEHOLD_PATH}/activity`)).toBe(true));
    expect(screen.queryByText(/is part of Housemate Pro/)).not.toBeInTheDocument();
  });
});
