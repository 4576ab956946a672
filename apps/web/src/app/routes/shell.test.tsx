import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route } from "react-router";
import { useAuthStore } from "@/lib/auth/auth-store";
import { respondWith, serverUser } from "@/lib/testing/fake-server";
import { getHouseholdQueryOptions } from "@/features/households/api/get-household";
import { Here, HOUSEHOLD_ID, renderApp, resetApp, signIn } from "@/features/households/testing/render-app";
import { queryClient } from "@/lib/query-client";
import { Component as Shell } from "./shell";

/** The code housemates type to join: the household's id until an admin rotated it, as here (docs/decisions/020). */
const JOIN_CODE = "6f1c2a9e-5b1d-4c3e-9a57-0d4e8b2f7c11";
const household = {
  id: HOUSEHOLD_ID,
  name: "The Cozy Flat",
  created_by: "u1",
  iso_4217_code: "GBP",
  created_at: "2026-01-01T00:00:00.000Z",
  join_code: JOIN_CODE,
  join_by_id: true,
  first_reminder_days: 3,
  second_reminder_days: 7,
  issuer_notice_days: 14,
};
const sessionData = {
  [`GET /api/households/${HOUSEHOLD_ID}`]: { body: { data: household } },
  "GET /api/users": { body: { data: [serverUser({ household_id: HOUSEHOLD_ID })] } },
};

function renderShell(path = "/dashboard") {
  return renderApp(
    <>
      <Route path="/dashboard" element={<Shell />}>
        <Route index element={<Here name="dashboard page" />} />
        <Route path="rules" element={<Here name="rules page" />} />
        <Route path="fines" element={<Here name="fines page" />} />
        <Route path="fines/new" element={<Here name="new fine page" />} />
        <Route path="profile" element={<Here name="profile page" />} />
        <Route path="household" element={<Here name="household page" />} />
        <Route path="activity" element={<Here name="activity page" />} />
        <Route path="insights" element={<Here name="insights page" />} />
      </Route>
      <Route path="/login" element={<Here name="login" />} />
    </>,
    [path],
  );
}

beforeEach(() => signIn({ display_name: "Ana Lopez", email: "ana@example.com", household_id: HOUSEHOLD_ID }));
afterEach(async () => {
  vi.unstubAllGlobals();
  await resetApp();
});

describe("signed-in shell", () => {
  it("puts the page in the middle, under a header whose logo leads to the dashboard", () => {
    respondWith(sessionData);
    renderShell("/dashboard/rules");
    expect(screen.getByRole("heading", { name: "rules page" })).toBeInTheDocument();
    expect(within(screen.getByRole("banner")).getByRole("link", { name: "Housemate" })).toHaveAttribute(
      "href",
      "/dashboard",
    );
  });

  it("loads the household and its members as soon as it appears", async () => {
    const server = respondWith(sessionData);
    renderShell();
    await waitFor(() =>
      expect(server.requests.map((request) => new URL(request.url).pathname + new URL(request.url).search)).toEqual(
        expect.arrayContaining([`/api/households/${HOUSEHOLD_ID}`, `/api/users?householdId=${HOUSEHOLD_ID}`]),
      ),
    );
  });

  it("marks where the person is in the sidebar and the bottom bar", () => {
    respondWith(sessionData);
    renderShell("/dashboard/fines");
    const sidebar = screen.getByRole("navigation", { name: "Main" });
    expect(within(sidebar).getByRole("link", { name: "Fines" })).toHaveAttribute("aria-current", "page");
    expect(within(sidebar).getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current");
    expect(within(sidebar).getByRole("link", { name: "Rules" })).toHaveAttribute("href", "/dashboard/rules");
    expect(within(sidebar).getByRole("link", { name: "Household" })).toHaveAttribute("href", "/dashboard/household");
    expect(within(sidebar).getByRole("link", { name: "Fund" })).toHaveAttribute("href", "/dashboard/fund");
    // Issue 20's pages come after the Fund, before the Household.
    expect(
      within(sidebar)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Dashboard", "Rules", "Fines", "Fund", "Activity", "Insights", "Household"]);
    expect(within(sidebar).getByRole("link", { name: "Activity" })).toHaveAttribute("href", "/dashboard/activity");
    expect(within(sidebar).getByRole("link", { name: "Insights" })).toHaveAttribute("href", "/dashboard/insights");
    expect(screen.getByRole("link", { name: "Issue New Fine" })).toHaveAttribute("href", "/dashboard/fines/new");

    const bottomBar = screen.getByRole("navigation", { name: "Mobile" });
    expect(
      within(bottomBar)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Dashboard", "Rules", "Fines", "New Fine"]);
    expect(within(bottomBar).getByRole("link", { name: "Fines" })).toHaveAttribute("aria-current", "page");
    expect(within(bottomBar).getByRole("button", { name: "Invite" })).toBeInTheDocument();
  });

  it("opens the invite dialog from 'Invite Housemates'", async () => {
    respondWith({
      ...sessionData,
      [`POST /api/households/${HOUSEHOLD_ID}/invites`]: {
        status: 201,
        body: { data: { inviteUrl: "http://x/invite/c0de", expires: "2026-01-08T00:00:00.000Z" } },
      },
    });
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole("button", { name: "Invite Housemates" }));
    expect(screen.getByRole("dialog", { name: "Invite Housemates" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Invite Link")).toHaveValue("http://x/invite/c0de"));
  });

  it("copies the household's join code, the ID that joins it, from the bottom bar's Invite", async () => {
    respondWith(sessionData);
    const user = userEvent.setup();
    renderShell();
    await user.click(
      within(screen.getByRole("navigation", { name: "Mobile" })).getByRole("button", { name: "Invite" }),
    );
    await expect(navigator.clipboard.readText()).resolves.toBe(JOIN_CODE);
    expect(await screen.findByText("Household ID copied!")).toBeInTheDocument();
  });

  it("says so when the household ID cannot be copied", async () => {
    respondWith(sessionData);
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new DOMException("denied", "NotAllowedError"));
    renderShell();
    await user.click(
      within(screen.getByRole("navigation", { name: "Mobile" })).getByRole("button", { name: "Invite" }),
    );
    expect(await screen.findByText("Failed to copy household ID to clipboard")).toBeInTheDocument();
  });

  it("leads to the household's page from the avatar menu", async () => {
    respondWith(sessionData);
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole("button", { name: "Account menu" }));
    await user.click(within(await screen.findByRole("menu")).getByRole("menuitem", { name: "Household" }));
    expect(screen.getByRole("heading", { name: "household page" })).toBeInTheDocument();
  });

  it("leads to Activity and Insights from the avatar menu, beside the Household (the phone has no sidebar)", async () => {
    respondWith(sessionData);
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole("button", { name: "Account menu" }));
    const menu = await screen.findByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Profile", "Household", "Activity", "Insights", "Log out"]);
    await user.click(within(menu).getByRole("menuitem", { name: "Insights" }));
    expect(screen.getByRole("heading", { name: "insights page" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Account menu" }));
    await user.click(within(await screen.findByRole("menu")).getByRole("menuitem", { name: "Activity" }));
    expect(screen.getByRole("heading", { name: "activity page" })).toBeInTheDocument();
  });

  it("shows name and email in the avatar menu, with Profile", async () => {
    respondWith(sessionData);
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole("button", { name: "Account menu" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText("Ana Lopez")).toBeInTheDocument();
    expect(within(menu).getByText("ana@example.com")).toBeInTheDocument();
    await user.click(within(menu).getByRole("menuitem", { name: "Profile" }));
    expect(screen.getByRole("heading", { name: "profile page" })).toBeInTheDocument();
  });

  it("logs out from the avatar menu: session and cached household gone, then /login", async () => {
    const server = respondWith({ ...sessionData, "POST /api/auth/logout": { body: { data: { success: true } } } });
    const user = userEvent.setup();
    renderShell();
    await waitFor(() =>
      expect(queryClient.getQueryData(getHouseholdQueryOptions(HOUSEHOLD_ID).queryKey)).toEqual(household),
    );

    await user.click(screen.getByRole("button", { name: "Account menu" }));
    await user.click(await screen.findByRole("menuitem", { name: "Log out" }));

    expect(await screen.findByRole("heading", { name: "login" })).toBeInTheDocument();
    expect(
      server.requests.some((request) => request.method === "POST" && request.url.endsWith("/api/auth/logout")),
    ).toBe(true);
    expect(useAuthStore.getState().currentUser).toBeNull();
    expect(queryClient.getQueryData(getHouseholdQueryOptions(HOUSEHOLD_ID).queryKey)).toBeUndefined();
    expect(await screen.findByText("Logged out")).toBeInTheDocument();
  });
});
