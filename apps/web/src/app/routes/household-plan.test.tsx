import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, useLocation, useNavigationType } from "react-router";
import {
  ALREADY_PRO_MESSAGE,
  householdFullMessage,
  type Household,
  type HouseholdMember,
  type HouseholdPlan,
} from "@housemate/contract";
import {
  heldAnswer,
  planRoutes,
  respondWith,
  serverConfig,
  serverPlan,
  serverUser,
  type FakeAnswer,
} from "@/lib/testing/fake-server";
import { HOUSEHOLD_ID, renderApp, resetApp, signIn } from "@/features/households/testing/render-app";
import { InviteDialog } from "@/features/households/components/invite-dialog";
import { openInviteDialog } from "@/features/households/stores/invite-dialog-store";
import { PRO_POLL_ATTEMPTS, PRO_POLL_MS } from "@/features/plans/hooks/use-billing-return";
import { Component as HouseholdRoute } from "./household";

const ALEX_ID = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const BLAIR_ID = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
const HOUSEHOLD_PATH = `/api/households/${HOUSEHOLD_ID}`;
const CHECKOUT_URL = "https://checkout.stripe.test/c/pay_abc";
const PORTAL_URL = "https://billing.stripe.test/p/session_abc";

const household: Household = {
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
};

const member = (id: string, display_name: string, is_admin: boolean): HouseholdMember => ({
  id,
  display_name,
  photo_url: null,
  is_admin,
  joined_at: "2026-01-02T00:00:00.000Z",
  pending_fines_owed: 0,
  pending_amount_owed: 0,
  fines_issued: 0,
});
const members = [member(ALEX_ID, "Alex", true), member(BLAIR_ID, "Blair", false)];

type Routes = Record<string, FakeAnswer | ((url: URL) => FakeAnswer | Promise<FakeAnswer>)>;

/** Alex's household; `plan` turns plans on with that plan (a function: a fresh answer each time it is asked). */
function server(plan?: HouseholdPlan | (() => HouseholdPlan), routes: Routes = {}) {
  return respondWith({
    [`GET ${HOUSEHOLD_PATH}`]: { body: { data: household } },
    [`GET ${HOUSEHOLD_PATH}/members`]: { body: { data: members } },
    // The shell's lighter member list, which says who is an admin.
    "GET /api/users": { body: { data: members.map((one) => serverUser({ ...one, household_id: HOUSEHOLD_ID })) } },
    [`GET ${HOUSEHOLD_PATH}/invites`]: { body: { data: [] } },
    ...(plan ? planRoutes(HOUSEHOLD_ID, plan, { checkout: CHECKOUT_URL, portal: PORTAL_URL }) : {}),
    ...routes,
  });
}

/** Where the page is, and whether it got there by replacing the entry before (no new history entry). */
function Address() {
  const location = useLocation();
  return (
    <p data-testid="address">
      {location.pathname}
      {location.search} {useNavigationType()}
    </p>
  );
}

function renderPage(path = "/dashboard/household") {
  return renderApp(
    <Route
      path="/dashboard/household"
      element={
        <>
          <HouseholdRoute />
          <InviteDialog />
          <Address />
        </>
      }
    />,
    [path],
  );
}

const signInAs = (isAdmin: boolean) =>
  signIn(
    isAdmin
      ? { id: ALEX_ID, display_name: "Alex", household_id: HOUSEHOLD_ID, is_admin: true }
      : { id: BLAIR_ID, display_name: "Blair", household_id: HOUSEHOLD_ID },
  );

const planSection = () => screen.findByRole("region", { name: "Plan" });
const requested = (fake: ReturnType<typeof respondWith>, method: string, path: string) =>
  fake.requests.filter((request) => request.method === method && new URL(request.url).pathname === path).length;

/** jsdom cannot leave the page: the one thing stubbed is the navigation to the provider. */
function stubAssign() {
  const assign = vi.fn();
  vi.stubGlobal("location", { href: window.location.href, origin: window.location.origin, assign });
  return assign;
}

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await resetApp();
});

describe("household page with plans off", () => {
  it("shows no plan, no seats and asks for no plan", async () => {
    await signInAs(true);
    const fake = server(undefined, { "GET /api/config": { body: { data: serverConfig() } } });
    renderPage();
    expect(await screen.findByRole("list", { name: "Members" })).toBeInTheDocument();
    await waitFor(() => expect(requested(fake, "GET", "/api/config")).toBe(1));
    expect(screen.queryByRole("region", { name: "Plan" })).not.toBeInTheDocument();
    expect(screen.queryByText(/flatmates on/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Upgrade to Pro" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create invite link" })).not.toHaveAttribute("aria-disabled");
    expect(requested(fake, "GET", `${HOUSEHOLD_PATH}/plan`)).toBe(0);
  });

  it("shows nothing of plans from a server that does not know them (no /config)", async () => {
    await signInAs(true);
    server();
    renderPage();
    expect(await screen.findByRole("list", { name: "Members" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Plan" })).not.toBeInTheDocument();
  });
});

describe("the Plan section while its answer is on its way or failed", () => {
  it("shows a placeholder while the plan loads", async () => {
    await signInAs(true);
    const held = heldAnswer();
    server(undefined, {
      ...planRoutes(HOUSEHOLD_ID, serverPlan("basic")),
      [`GET ${HOUSEHOLD_PATH}/plan`]: held.route,
    });
    renderPage();
    expect(await screen.findByRole("status", { name: "Loading the plan" })).toBeInTheDocument();
    held.give({ body: { data: serverPlan("basic") } });
    expect(await planSection()).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading the plan" })).not.toBeInTheDocument();
  });

  it("says the plan failed to load, with a Retry that asks again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    await signInAs(true);
    let failing = true;
    server(undefined, {
      ...planRoutes(HOUSEHOLD_ID, serverPlan("basic")),
      [`GET ${HOUSEHOLD_PATH}/plan`]: () =>
        failing
          ? { status: 500, body: { error: { message: "Boom", code: "INTERNAL_ERROR", requestId: "r1" } } }
          : { body: { data: serverPlan("basic") } },
    });
    renderPage();
    // The query's own retries first (SPEC §9's backoff), then the error.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByText("Failed to load the plan.")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Plan" })).not.toBeInTheDocument();
    failing = false;
    await userEvent
      .setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
      .click(screen.getByRole("button", { name: "Retry" }));
    expect(await planSection()).toBeInTheDocument();
    expect(screen.queryByText("Failed to load the plan.")).not.toBeInTheDocument();
  });
});

describe("household page on Basic", () => {
  it("shows the plan, its seats and rules, and what Pro adds for £5 a month", async () => {
    await signInAs(true);
    server(serverPlan("basic", { members: 2, rules: 7 }));
    renderPage();
    const plan = await planSection();
    expect(within(plan).getByText("Housemate Basic")).toBeInTheDocument();
    expect(within(plan).getByText("2 of 5 flatmates on Basic")).toBeInTheDocument();
    expect(within(plan).getByText("7 of 10 rules on Basic")).toBeInTheDocument();
    expect(within(plan).getByText("Housemate Pro, £5 a month")).toBeInTheDocument();
    const adds = within(plan).getByRole("list", { name: "What Housemate Pro adds" });
    expect(
      within(adds)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Up to 10 flatmates",
      "Unlimited custom house rules",
      "Advanced fine analytics",
      "Granular activity logging",
      "Export of fine history as CSV or PDF",
      "Enhanced dispute system",
      "Priority support",
    ]);
    // The members card counts the seats too.
    expect(await screen.findByText("2 of 5 flatmates on Basic", { selector: "p.font-medium" })).toBeInTheDocument();
  });

  it("sends the admin to checkout: the button is busy, then the provider's page is opened", async () => {
    await signInAs(true);
    const assign = stubAssign();
    const fake = server(serverPlan("basic"));
    renderPage();
    const user = userEvent.setup();
    await user.click(await within(await planSection()).findByRole("button", { name: "Upgrade to Pro" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(requested(fake, "POST", `${HOUSEHOLD_PATH}/billing/checkout`)).toBe(1);
    // Busy until the provider's page replaces this one.
    expect(screen.getByRole("button", { name: "Opening checkout..." })).toBeDisabled();
  });

  it("can be upgraded from the keyboard alone", async () => {
    await signInAs(true);
    const assign = stubAssign();
    server(serverPlan("basic"));
    renderPage();
    const upgrade = await within(await planSection()).findByRole("button", { name: "Upgrade to Pro" });
    act(() => upgrade.focus());
    await userEvent.setup().keyboard("{Enter}");
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
  });

  it("shows the server's message when checkout is refused, and lets the admin try again", async () => {
    await signInAs(true);
    const assign = stubAssign();
    server(serverPlan("basic"), {
      [`POST ${HOUSEHOLD_PATH}/billing/checkout`]: {
        status: 409,
        body: { error: { message: ALREADY_PRO_MESSAGE, code: "CONFLICT", requestId: "r1" } },
      },
    });
    renderPage();
    await userEvent.setup().click(await screen.findByRole("button", { name: "Upgrade to Pro" }));
    expect(await screen.findByText(ALREADY_PRO_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upgrade to Pro" })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it("tells a member to ask the admin, with no way to pay", async () => {
    await signInAs(false);
    server(serverPlan("basic"));
    renderPage();
    const plan = await planSection();
    expect(await within(plan).findByText("Ask your household's admin to upgrade.")).toBeInTheDocument();
    expect(within(plan).queryByRole("button")).not.toBeInTheDocument();
  });

  it("turns invite links off once every seat is taken, saying why, with the admin's way to upgrade", async () => {
    await signInAs(true);
    server(serverPlan("basic", { members: 5 }));
    renderPage();
    const create = await screen.findByRole("button", { name: "Create invite link" });
    await waitFor(() => expect(create).toHaveAttribute("aria-disabled", "true"));
    expect(create).toHaveAccessibleDescription(`${householdFullMessage("basic")} Upgrade`);
    expect(screen.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "#plan");
    // The header's invite button opens the dialog, which says so rather than making a link.
    act(() => openInviteDialog());
    const dialog = await screen.findByRole("dialog", { name: "Invite Housemates" });
    expect(dialog).toHaveAccessibleDescription(householdFullMessage("basic"));
    expect(within(dialog).queryByLabelText("Invite Link")).not.toBeInTheDocument();
  });

  it("lets the keyboard reach the full household's 'Create invite link' and hear why, and makes no link", async () => {
    await signInAs(false);
    const fake = server(serverPlan("basic", { members: 5 }));
    renderPage();
    const create = await screen.findByRole("button", { name: "Create invite link" });
    await waitFor(() => expect(create).toHaveAttribute("aria-disabled", "true"));
    const user = userEvent.setup();
    // Tab until it has focus: a native `disabled` button is skipped, so this fails without aria-disabled.
    for (let presses = 0; presses < 30 && document.activeElement !== create; presses += 1) await user.tab();
    expect(create).toHaveFocus();
    expect(create).toHaveAccessibleDescription(householdFullMessage("basic"));
    await user.keyboard("{Enter}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(requested(fake, "POST", `${HOUSEHOLD_PATH}/invites`)).toBe(0);
  });

  it("says why without the upgrade link to a member of a full household", async () => {
    await signInAs(false);
    const fake = server(serverPlan("basic", { members: 5 }));
    renderPage();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Create invite link" })).toHaveAttribute("aria-disabled", "true"),
    );
    expect(screen.getByText(householdFullMessage("basic"))).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Upgrade" })).not.toBeInTheDocument();
    act(() => openInviteDialog());
    expect(await screen.findByRole("dialog", { name: "Invite Housemates" })).toHaveAccessibleDescription(
      householdFullMessage("basic"),
    );
    expect(requested(fake, "POST", `${HOUSEHOLD_PATH}/invites`)).toBe(0);
  });

  it("keeps inviting open with a seat left, the dialog counting the seats", async () => {
    await signInAs(true);
    server(serverPlan("basic", { members: 4 }), {
      [`POST ${HOUSEHOLD_PATH}/invites`]: {
        status: 201,
        body: { data: { inviteUrl: "http://localhost/invite/c0de", expires: "2026-01-08T00:00:00.000Z" } },
      },
    });
    renderPage();
    expect(await within(await planSection()).findByText("4 of 5 flatmates on Basic")).toBeInTheDocument();
    const create = screen.getByRole("button", { name: "Create invite link" });
    expect(create).toBeEnabled();
    await userEvent.setup().click(create);
    const dialog = await screen.findByRole("dialog", { name: "Invite Housemates" });
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Invite Link")).toHaveValue("http://localhost/invite/c0de"),
    );
    expect(within(dialog).getByText("4 of 5 flatmates on Basic")).toBeInTheDocument();
  });
});

describe("the plan's usage after a change", () => {
  it("is asked for again when a member is removed, freeing a seat", async () => {
    await signInAs(true);
    let seats = 5;
    const fake = server(() => serverPlan("basic", { members: seats }), {
      [`POST ${HOUSEHOLD_PATH}/members/${BLAIR_ID}/remove`]: () => {
        seats = 4;
        return {
          body: {
            data: {
              user_id: BLAIR_ID,
              fines_written_off: 0,
              amount_written_off: 0,
              disputes_handed_over: 0,
              disputes_handed_to: null,
            },
          },
        };
      },
    });
    renderPage();
    const plan = await planSection();
    expect(await within(plan).findByText("5 of 5 flatmates on Basic")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create invite link" })).toHaveAttribute("aria-disabled", "true");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Remove Blair" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove Blair" });
    await user.type(within(dialog).getByLabelText("Reason"), "Moved out");
    await user.click(within(dialog).getByRole("button", { name: "Remove Member" }));
    expect(await within(plan).findByText("4 of 5 flatmates on Basic")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create invite link" })).not.toHaveAttribute("aria-disabled");
    expect(requested(fake, "GET", `${HOUSEHOLD_PATH}/plan`)).toBeGreaterThanOrEqual(2);
  });
});

describe("household page on Pro", () => {
  const subscription = (cancel: boolean) => ({
    status: "active",
    current_period_end: "2027-01-15T12:00:00.000Z",
    cancel_at_period_end: cancel,
  });

  it("shows Pro's seats, rules without a limit and when it renews, and opens the portal for the admin", async () => {
    await signInAs(true);
    const assign = stubAssign();
    const fake = server(serverPlan("pro", { members: 6, rules: 12 }, subscription(false)));
    renderPage();
    const plan = await planSection();
    expect(within(plan).getByText("Housemate Pro")).toBeInTheDocument();
    expect(within(plan).getByText("6 of 10 flatmates on Pro")).toBeInTheDocument();
    expect(within(plan).getByText("12 rules, unlimited on Pro")).toBeInTheDocument();
    expect(within(plan).getByText(/^Renews on .*2027/)).toBeInTheDocument();
    expect(within(plan).queryByText(/£5 a month/)).not.toBeInTheDocument();
    expect(within(plan).queryByRole("button", { name: "Upgrade to Pro" })).not.toBeInTheDocument();
    await userEvent.setup().click(within(plan).getByRole("button", { name: "Manage subscription" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PORTAL_URL));
    expect(requested(fake, "POST", `${HOUSEHOLD_PATH}/billing/portal`)).toBe(1);
  });

  it("says when a cancelled subscription ends", async () => {
    await signInAs(true);
    server(serverPlan("pro", {}, subscription(true)));
    renderPage();
    expect(await within(await planSection()).findByText(/^Ends on .*2027/)).toBeInTheDocument();
  });

  it("gives a member no subscription to manage", async () => {
    await signInAs(false);
    server(serverPlan("pro", {}, subscription(false)));
    renderPage();
    const plan = await planSection();
    expect(within(plan).queryByRole("button")).not.toBeInTheDocument();
    expect(within(plan).queryByText("Ask your household's admin to upgrade.")).not.toBeInTheDocument();
  });
});

describe("coming back from checkout", () => {
  it("confirms the payment with Upgrade off, asking again until Pro, and only then welcomes the admin", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    await signInAs(true);
    const assign = stubAssign();
    // The webhook lands after the redirect: the plan says Basic twice before it says Pro.
    let asked = 0;
    const fake = server(() => serverPlan(++asked > 2 ? "pro" : "basic"));
    renderPage("/dashboard/household?billing=success&tab=x");
    const plan = await planSection();
    await waitFor(() => expect(screen.getByTestId("address")).toHaveTextContent("/dashboard/household?tab=x REPLACE"));
    expect(within(plan).getByText("Housemate Basic")).toBeInTheDocument();
    // Still Basic: no welcome, the section says what is going on, and Upgrade is off (reachable, saying why).
    expect(within(plan).getByRole("status")).toHaveTextContent("Confirming your payment...");
    expect(screen.queryByText("Welcome to Housemate Pro")).not.toBeInTheDocument();
    const upgrade = await within(plan).findByRole("button", { name: "Upgrade to Pro" });
    expect(upgrade).toHaveAttribute("aria-disabled", "true");
    expect(upgrade).toHaveAccessibleDescription("Confirming your payment...");
    await userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }).click(upgrade);
    expect(requested(fake, "POST", `${HOUSEHOLD_PATH}/billing/checkout`)).toBe(0);
    expect(assign).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(PRO_POLL_MS * 3));
    expect(await within(plan).findByText("Housemate Pro")).toBeInTheDocument();
    expect(await screen.findByText("Welcome to Housemate Pro")).toBeInTheDocument();
    expect(within(plan).getByRole("status")).toBeEmptyDOMElement();
    const asks = requested(fake, "GET", `${HOUSEHOLD_PATH}/plan`);
    // Once Pro, it stops asking.
    await act(() => vi.advanceTimersByTimeAsync(PRO_POLL_MS * 3));
    expect(requested(fake, "GET", `${HOUSEHOLD_PATH}/plan`)).toBe(asks);
  });

  it("welcomes at once when the plan already says Pro on the way back", async () => {
    await signInAs(true);
    server(serverPlan("pro"));
    renderPage("/dashboard/household?billing=success");
    expect(await screen.findByText("Welcome to Housemate Pro")).toBeInTheDocument();
    expect(within(await planSection()).getByRole("status")).toBeEmptyDOMElement();
  });

  it("stops asking after a few tries when the plan stays Basic, saying it will update, with no welcome", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    await signInAs(true);
    const fake = server(serverPlan("basic"));
    renderPage("/dashboard/household?billing=success");
    const plan = await planSection();
    expect(within(plan).getByRole("status")).toHaveTextContent("Confirming your payment...");
    await act(() => vi.advanceTimersByTimeAsync(PRO_POLL_MS * (PRO_POLL_ATTEMPTS + 3)));
    const asks = requested(fake, "GET", `${HOUSEHOLD_PATH}/plan`);
    // The page's own fetch, then one per try.
    expect(asks).toBeLessThanOrEqual(PRO_POLL_ATTEMPTS + 1);
    await act(() => vi.advanceTimersByTimeAsync(PRO_POLL_MS * 3));
    expect(requested(fake, "GET", `${HOUSEHOLD_PATH}/plan`)).toBe(asks);
    expect(within(plan).getByRole("status")).toHaveTextContent("Your plan will update once the payment is confirmed.");
    expect(within(plan).getByRole("button", { name: "Upgrade to Pro" })).toHaveAttribute("aria-disabled", "true");
    expect(screen.queryByText("Welcome to Housemate Pro")).not.toBeInTheDocument();
  });

  it("says 'Checkout cancelled' and drops the parameter", async () => {
    await signInAs(true);
    server(serverPlan("basic"));
    renderPage("/dashboard/household?billing=cancelled");
    expect(await screen.findByText("Checkout cancelled")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("address")).toHaveTextContent("/dashboard/household REPLACE"));
    expect(screen.queryByText("Welcome to Housemate Pro")).not.toBeInTheDocument();
  });
});
