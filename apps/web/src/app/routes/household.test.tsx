import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, Route, Routes } from "react-router";
import { toast, Toaster } from "sonner";
import {
  SUPPORT_SENT_TITLE,
  CURRENCY_CHANGE_NEEDS_CONFIRMATION_MESSAGE,
  HOUSEHOLD_ADMIN_ONLY_MESSAGE,
  ONLY_ADMIN_CANNOT_STEP_DOWN_MESSAGE,
  REMINDER_DAYS_MESSAGE,
  REMINDER_DEFAULTS,
  REMINDER_ORDER_MESSAGE,
  awayLabel,
  utcDate,
  awayEndsAt,
  type Household,
  type HouseholdInvite,
  type HouseholdMember,
} from "@housemate/contract";
import { useAuthStore } from "@/lib/auth/auth-store";
import { createQueryClient } from "@/lib/query-client";
import { readStoredSession, respondWith, serverUser, storeSession, type FakeAnswer } from "@/lib/testing/fake-server";
import { Here, HOUSEHOLD_ID } from "@/features/households/testing/render-app";
import { InviteDialog } from "@/features/households/components/invite-dialog";
import { useInviteDialogStore } from "@/features/households/stores/invite-dialog-store";
import { Component as HouseholdRoute } from "./household";

const ALEX_ID = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const BLAIR_ID = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
const JOIN_CODE = "6f1c2a9e-5b1d-4c3e-9a57-0d4e8b2f7c11";
const HOUSEHOLD_PATH = `/api/households/${HOUSEHOLD_ID}`;

const household: Household = {
  id: HOUSEHOLD_ID,
  name: "The Cozy Flat",
  created_by: ALEX_ID,
  iso_4217_code: "GBP",
  created_at: "2026-01-01T00:00:00.000Z",
  join_code: JOIN_CODE,
  join_by_id: true,
  first_reminder_days: 3,
  second_reminder_days: 7,
  issuer_notice_days: 14,
};

function member(id: string, display_name: string, changes: Partial<HouseholdMember> = {}): HouseholdMember {
  return {
    id,
    display_name,
    photo_url: null,
    is_admin: false,
    joined_at: "2026-01-02T00:00:00.000Z",
    pending_fines_owed: 0,
    pending_amount_owed: 0,
    fines_issued: 0,
    ...changes,
  };
}

const alex = member(ALEX_ID, "Alex", { is_admin: true, fines_issued: 2 });
const blair = member(BLAIR_ID, "Blair", { pending_fines_owed: 2, pending_amount_owed: 7.5 });

const invite: HouseholdInvite = {
  id: "99999999-9999-4999-8999-999999999999",
  invite_url: "http://localhost/invite/c0de",
  created_by: ALEX_ID,
  created_by_name: "Alex",
  created_at: "2026-03-01T00:00:00.000Z",
  expires: "2026-03-08T00:00:00.000Z",
  times_used: 1,
};

/** A member away through `until` in UTC, as the server answers it; not away when undefined. */
const awayThrough = (until: string | undefined) => ({
  away_until: until ?? null,
  away_ends_at: until ? awayEndsAt(until, "UTC").toISOString() : null,
});

/** Alex and Blair as GET /users lists them; `awayUntil` sets each one's away date. */
const users = (awayUntil: { alex?: string; blair?: string } = {}) => [
  serverUser({
    id: ALEX_ID,
    display_name: "Alex",
    household_id: HOUSEHOLD_ID,
    is_admin: true,
    ...awayThrough(awayUntil.alex),
  }),
  serverUser({ id: BLAIR_ID, display_name: "Blair", household_id: HOUSEHOLD_ID, ...awayThrough(awayUntil.blair) }),
];

type Routes = Record<string, FakeAnswer | ((url: URL) => FakeAnswer | Promise<FakeAnswer>)>;

/** Alex's household as the server answers; `routes` adds or replaces answers. */
function server(routes: Routes = {}) {
  return respondWith({
    [`GET ${HOUSEHOLD_PATH}`]: { body: { data: household } },
    [`GET ${HOUSEHOLD_PATH}/members`]: { body: { data: [alex, blair] } },
    [`GET ${HOUSEHOLD_PATH}/invites`]: { body: { data: [invite] } },
    // The plain member list, with who is admin and who is away (issue 22).
    "GET /api/users": { body: { data: users() } },
    ...routes,
  });
}

const requestsTo = (fake: ReturnType<typeof respondWith>, method: string, path: string) =>
  fake.requests.flatMap((request, index) =>
    request.method === method && new URL(request.url).pathname === path ? [fake.bodies[index]] : [],
  );

async function signInAs(id: string, isAdmin: boolean) {
  storeSession(
    serverUser({ id, display_name: id === ALEX_ID ? "Alex" : "Blair", household_id: HOUSEHOLD_ID, is_admin: isAdmin }),
  );
  await readStoredSession();
}

/** The page at /dashboard/household, with no query retries (failures show at once) and the shell's invite dialog. */
function renderPage() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={["/dashboard/household"]}>
        <Routes>
          <Route path="/dashboard/household" element={<HouseholdRoute />} />
          <Route path="/onboarding" element={<Here name="onboarding" />} />
        </Routes>
        <InviteDialog />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  toast.dismiss();
  useInviteDialogStore.getState().reset();
  vi.unstubAllGlobals();
  await readStoredSession();
});

describe("household page: who sees what", () => {
  it("gives the admin the settings form and an action on each member", async () => {
    await signInAs(ALEX_ID, true);
    server();
    renderPage();
    expect(await screen.findByLabelText("Household Name")).toHaveValue("The Cozy Flat");
    const members = await screen.findByRole("list", { name: "Members" });
    expect(within(members).getByText("Admin")).toBeInTheDocument();
    expect(within(members).getByText(/Owes 2 pending fines \(£7\.50\) · Issued 0 fines/)).toBeInTheDocument();
    expect(within(members).getByRole("button", { name: "Make admin: Blair" })).toBeInTheDocument();
    expect(within(members).getByRole("button", { name: "Remove Blair" })).toBeInTheDocument();
    expect(within(members).getByRole("button", { name: "Step down" })).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Joining by ID" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Rotate" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: /^Revoke the link/ })).toBeInTheDocument();
  });

  it("shows a member the settings as they are, with no admin actions", async () => {
    await signInAs(BLAIR_ID, false);
    server();
    renderPage();
    expect(await screen.findByText(HOUSEHOLD_ADMIN_ONLY_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText("GBP — British Pound")).toBeInTheDocument();
    expect(screen.queryByLabelText("Household Name")).not.toBeInTheDocument();
    const members = await screen.findByRole("list", { name: "Members" });
    expect(within(members).queryByRole("button")).not.toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Joining by ID" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Rotate" })).not.toBeInTheDocument();
    expect(await screen.findByText(/Created by Alex/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Revoke/ })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create invite link" })).toBeInTheDocument();
  });

  it("shows each section loading while its answer is on its way", async () => {
    await signInAs(ALEX_ID, true);
    const pending = () => new Promise<FakeAnswer>(() => undefined);
    server({
      [`GET ${HOUSEHOLD_PATH}`]: pending,
      [`GET ${HOUSEHOLD_PATH}/members`]: pending,
      [`GET ${HOUSEHOLD_PATH}/invites`]: pending,
    });
    renderPage();
    for (const what of ["the household", "members", "the household ID", "invite links"])
      expect(screen.getByRole("status", { name: `Loading ${what}` })).toBeInTheDocument();
  });

  it("says so when the household, the members or the links cannot be loaded", async () => {
    await signInAs(ALEX_ID, true);
    server({
      [`GET ${HOUSEHOLD_PATH}`]: { status: 500, body: {} },
      [`GET ${HOUSEHOLD_PATH}/members`]: { status: 500, body: {} },
      [`GET ${HOUSEHOLD_PATH}/invites`]: { status: 500, body: {} },
    });
    renderPage();
    expect(await screen.findByText("Failed to load the household.")).toBeInTheDocument();
    expect(await screen.findByText("Failed to load the household's members.")).toBeInTheDocument();
    expect(await screen.findByText("Failed to load the invite links.")).toBeInTheDocument();
  });
});

describe("household page: settings", () => {
  it("renames the household, with the creation form's rule for an empty name", async () => {
    await signInAs(ALEX_ID, true);
    const fake = server({ [`PATCH ${HOUSEHOLD_PATH}`]: { body: { data: { ...household, name: "Flat 3B" } } } });
    renderPage();
    const user = userEvent.setup();
    const name = await screen.findByLabelText("Household Name");
    await user.clear(name);
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Household name is required")).toBeInTheDocument();
    expect(requestsTo(fake, "PATCH", HOUSEHOLD_PATH)).toEqual([]);

    await user.type(name, "Flat 3B");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Household updated")).toBeInTheDocument();
    expect(requestsTo(fake, "PATCH", HOUSEHOLD_PATH)).toEqual([{ name: "Flat 3B" }]);
    expect(screen.getByText("Flat 3B")).toBeInTheDocument();
  });

  it("asks to confirm that amounts keep their numbers when the household has fines", async () => {
    await signInAs(ALEX_ID, true);
    const fake = server({
      [`PATCH ${HOUSEHOLD_PATH}`]: { body: { data: { ...household, iso_4217_code: "EUR" } } },
    });
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText(/This household has fines/)).toBeInTheDocument();
    await user.click(screen.getByRole("combobox", { name: "Currency" }));
    await user.click(await screen.findByRole("option", { name: "EUR — Euro" }));
    const save = screen.getByRole("button", { name: "Save Changes" });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "Amounts are kept as numbers and not converted" }));
    await user.click(save);
    expect(await screen.findByText("Household updated")).toBeInTheDocument();
    expect(requestsTo(fake, "PATCH", HOUSEHOLD_PATH)).toEqual([{ iso_4217_code: "EUR", confirmKeepAmounts: true }]);
  });

  it("changes the currency freely with no fines, and shows the server's refusal when it knows of some", async () => {
    await signInAs(ALEX_ID, true);
    const fake = server({
      [`GET ${HOUSEHOLD_PATH}/members`]: { body: { data: [{ ...alex, fines_issued: 0 }] } },
      [`PATCH ${HOUSEHOLD_PATH}`]: {
        status: 409,
        body: { error: { code: "CONFLICT", message: CURRENCY_CHANGE_NEEDS_CONFIRMATION_MESSAGE, requestId: "t" } },
      },
    });
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText(/no fines yet, so the currency can change freely/)).toBeInTheDocument();
    await user.click(screen.getByRole("combobox", { name: "Currency" }));
    await user.click(await screen.findByRole("option", { name: "EUR — Euro" }));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText(CURRENCY_CHANGE_NEEDS_CONFIRMATION_MESSAGE)).toBeInTheDocument();
    expect(requestsTo(fake, "PATCH", HOUSEHOLD_PATH)).toEqual([{ iso_4217_code: "EUR" }]);
    expect(screen.getByRole("checkbox", { name: "Amounts are kept as numbers and not converted" })).toBeInTheDocument();
  });
});

describe("household page: reminders (issue 22)", () => {
  const reminders = () => screen.getByRole("region", { name: "Reminders" });

  it("lets the admin change the days and turn one off, sending only what changed", async () => {
    await signInAs(ALEX_ID, true);
    const saved = { ...household, first_reminder_days: 5, issuer_notice_days: null };
    const fake = server({ [`PATCH ${HOUSEHOLD_PATH}`]: { body: { data: saved } } });
    renderPage();
    const user = userEvent.setup();
    const first = await screen.findByLabelText("First reminder after");
    expect(first).toHaveValue(3);
    expect(screen.getByLabelText("Second reminder after")).toHaveValue(7);
    expect(screen.getByLabelText("Tell the issuer after")).toHaveValue(14);
    expect(first).toHaveAccessibleDescription("days");

    await user.clear(first);
    await user.type(first, "5");
    await user.click(screen.getByRole("checkbox", { name: "Tell the issuer: off" }));
    expect(screen.getByLabelText("Tell the issuer after")).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Save Reminders" }));
    expect(await screen.findByText("Household updated")).toBeInTheDocument();
    expect(requestsTo(fake, "PATCH", HOUSEHOLD_PATH)).toEqual([{ first_reminder_days: 5, issuer_notice_days: null }]);
    expect(screen.getByRole("checkbox", { name: "Tell the issuer: off" })).toBeChecked();
    // The form is refilled from the saved household, not remounted: the keyboard stays where it was.
    expect(screen.getByRole("button", { name: "Save Reminders" })).toHaveFocus();
  });

  it("gives one turned off the default days again once 'Off' is unticked, so it saves as it reads", async () => {
    await signInAs(ALEX_ID, true);
    const fake = server({
      [`GET ${HOUSEHOLD_PATH}`]: { body: { data: { ...household, issuer_notice_days: null } } },
      [`PATCH ${HOUSEHOLD_PATH}`]: { body: { data: household } },
    });
    renderPage();
    const user = userEvent.setup();
    const off = await screen.findByRole("checkbox", { name: "Tell the issuer: off" });
    expect(off).toBeChecked();
    expect(screen.getByLabelText("Tell the issuer after")).toHaveValue(null);
    await user.click(off);
    expect(screen.getByLabelText("Tell the issuer after")).toHaveValue(REMINDER_DEFAULTS.issuer_notice_days);
    await user.click(screen.getByRole("button", { name: "Save Reminders" }));
    expect(await screen.findByText("Household updated")).toBeInTheDocument();
    expect(requestsTo(fake, "PATCH", HOUSEHOLD_PATH)).toEqual([
      { issuer_notice_days: REMINDER_DEFAULTS.issuer_notice_days },
    ]);
  });

  it("refuses a second reminder that does not come after the first, or days out of bounds, before sending", async () => {
    await signInAs(ALEX_ID, true);
    const fake = server();
    renderPage();
    const user = userEvent.setup();
    const second = await screen.findByLabelText("Second reminder after");
    await user.clear(second);
    await user.type(second, "3");
    await user.click(screen.getByRole("button", { name: "Save Reminders" }));
    expect(within(reminders()).getByText(REMINDER_ORDER_MESSAGE)).toBeInTheDocument();
    expect(second).toHaveAccessibleDescription(`days ${REMINDER_ORDER_MESSAGE}`);

    // With the first off, any second is in order; 61 days is not.
    await user.click(screen.getByRole("checkbox", { name: "First reminder: off" }));
    await user.clear(second);
    await user.type(second, "61");
    await user.click(screen.getByRole("button", { name: "Save Reminders" }));
    expect(within(reminders()).getByText(REMINDER_DAYS_MESSAGE)).toBeInTheDocument();
    // Whole days only, and an empty field is no number (not 0), each with the contract's message.
    await user.clear(second);
    await user.type(second, "2.5");
    await user.click(screen.getByRole("button", { name: "Save Reminders" }));
    expect(within(reminders()).getByText(REMINDER_DAYS_MESSAGE)).toBeInTheDocument();
    await user.clear(second);
    await user.click(screen.getByRole("button", { name: "Save Reminders" }));
    expect(within(reminders()).getByText(REMINDER_DAYS_MESSAGE)).toBeInTheDocument();
    expect(requestsTo(fake, "PATCH", HOUSEHOLD_PATH)).toEqual([]);
  });

  it("shows the server's refusal on the form", async () => {
    await signInAs(ALEX_ID, true);
    server({
      [`PATCH ${HOUSEHOLD_PATH}`]: {
        status: 400,
        body: { error: { message: REMINDER_ORDER_MESSAGE, code: "VALIDATION_ERROR", requestId: "r" } },
      },
    });
    renderPage();
    const user = userEvent.setup();
    const first = await screen.findByLabelText("First reminder after");
    await user.clear(first);
    await user.type(first, "4");
    await user.click(screen.getByRole("button", { name: "Save Reminders" }));
    expect(await within(reminders()).findByText(REMINDER_ORDER_MESSAGE)).toBeInTheDocument();
  });

  it("shows a member the days as they are, 'Off' for one turned off, with nothing to change", async () => {
    await signInAs(BLAIR_ID, false);
    server({ [`GET ${HOUSEHOLD_PATH}`]: { body: { data: { ...household, second_reminder_days: null } } } });
    renderPage();
    await screen.findByRole("heading", { name: "Reminders" });
    const card = reminders();
    expect(within(card).getByText("First reminder after").nextElementSibling).toHaveTextContent("3 days");
    expect(within(card).getByText("Second reminder after").nextElementSibling).toHaveTextContent("Off");
    expect(within(card).getByText("Tell the issuer after").nextElementSibling).toHaveTextContent("14 days");
    expect(within(card).queryByRole("spinbutton")).not.toBeInTheDocument();
    expect(within(card).queryByRole("button")).not.toBeInTheDocument();
  });
});

describe("household page: who is away (issue 22)", () => {
  it("shows 'Away until …' beside a member only while they are away", async () => {
    await signInAs(ALEX_ID, true);
    const inAWeek = new Date();
    inAWeek.setUTCDate(inAWeek.getUTCDate() + 7);
    const yesterday = new Date();
    yesterday.setUTCDate(yesterday.getUTCDate() - 1);
    server({ "GET /api/users": { body: { data: users({ alex: utcDate(yesterday), blair: utcDate(inAWeek) }) } } });
    renderPage();
    const members = await screen.findByRole("list", { name: "Members" });
    const [alexRow, blairRow] = within(members).getAllByRole("listitem");
    expect(await within(blairRow as HTMLElement).findByText(awayLabel(utcDate(inAWeek)))).toBeInTheDocument();
    // Back since yesterday: the date is kept, the badge is not shown.
    expect(alexRow).not.toHaveTextContent("Away until");
  });
});

describe("household page: members", () => {
  it("removes a member only with a reason, after saying what it does", async () => {
    await signInAs(ALEX_ID, true);
    const fake = server({
      [`POST ${HOUSEHOLD_PATH}/members/${BLAIR_ID}/remove`]: {
        body: {
          data: {
            user_id: BLAIR_ID,
            fines_written_off: 2,
            amount_written_off: 7.5,
            disputes_handed_over: 0,
            disputes_handed_to: null,
          },
        },
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Remove Blair" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove Blair" });
    expect(dialog).toHaveTextContent("writes off the pending and disputed fines they owe");
    expect(dialog).toHaveTextContent("cannot rejoin by the household ID");
    await user.click(within(dialog).getByRole("button", { name: "Remove Member" }));
    expect(await within(dialog).findByText("Give a reason for removing this member")).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("Reason"), "Moved out in March");
    await user.click(within(dialog).getByRole("button", { name: "Remove Member" }));
    expect(await screen.findByText("Blair was removed from the household")).toBeInTheDocument();
    expect(requestsTo(fake, "POST", `${HOUSEHOLD_PATH}/members/${BLAIR_ID}/remove`)).toEqual([
      { reason: "Moved out in March" },
    ]);
    // The members are read again.
    await waitFor(() => expect(requestsTo(fake, "GET", `${HOUSEHOLD_PATH}/members`)).toHaveLength(2));
  });

  it("makes a member admin, and shows the server's message when the only admin steps down", async () => {
    await signInAs(ALEX_ID, true);
    const fake = server({
      [`PUT ${HOUSEHOLD_PATH}/members/${BLAIR_ID}/role`]: { body: { data: { ...blair, is_admin: true } } },
      [`PUT ${HOUSEHOLD_PATH}/members/${ALEX_ID}/role`]: {
        status: 409,
        body: { error: { code: "CONFLICT", message: ONLY_ADMIN_CANNOT_STEP_DOWN_MESSAGE, requestId: "t" } },
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Make admin: Blair" }));
    expect(await screen.findByText("Blair is now an admin")).toBeInTheDocument();
    expect(requestsTo(fake, "PUT", `${HOUSEHOLD_PATH}/members/${BLAIR_ID}/role`)).toEqual([{ is_admin: true }]);

    await user.click(screen.getByRole("button", { name: "Step down" }));
    expect(await screen.findByText(ONLY_ADMIN_CANNOT_STEP_DOWN_MESSAGE)).toBeInTheDocument();
    expect(useAuthStore.getState().currentUser?.is_admin).toBe(true);
  });
});

describe("household page: household ID and invite links", () => {
  it("copies the join code with SPEC's toast", async () => {
    await signInAs(BLAIR_ID, false);
    server();
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByLabelText("Household ID")).toHaveTextContent(JOIN_CODE);
    await user.click(screen.getByRole("button", { name: "Copy ID" }));
    await expect(navigator.clipboard.readText()).resolves.toBe(JOIN_CODE);
    expect(await screen.findByText("Household ID copied!")).toBeInTheDocument();
  });

  it("switches joining by ID off, and rotates the ID after a warning", async () => {
    await signInAs(ALEX_ID, true);
    const newCode = "12121212-1212-4212-8212-121212121212";
    const fake = server({
      [`PATCH ${HOUSEHOLD_PATH}`]: { body: { data: { ...household, join_by_id: false } } },
      [`POST ${HOUSEHOLD_PATH}/join-code`]: { body: { data: { ...household, join_by_id: false, join_code: newCode } } },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("switch", { name: "Joining by ID" }));
    expect(await screen.findByText("Joining by ID is off")).toBeInTheDocument();
    expect(requestsTo(fake, "PATCH", HOUSEHOLD_PATH)).toEqual([{ join_by_id: false }]);
    expect(screen.getByRole("switch", { name: "Joining by ID" })).not.toBeChecked();

    await user.click(screen.getByRole("button", { name: "Rotate" }));
    const warning = await screen.findByRole("alertdialog", { name: "Rotate the household ID?" });
    expect(warning).toHaveTextContent("the old one stops working for joins");
    await user.click(within(warning).getByRole("button", { name: "Rotate ID" }));
    await waitFor(() => expect(screen.getByLabelText("Household ID")).toHaveTextContent(newCode));
    expect(requestsTo(fake, "POST", `${HOUSEHOLD_PATH}/join-code`)).toHaveLength(1);
  });

  it("revokes a link after a confirmation, then lists the live ones again", async () => {
    await signInAs(ALEX_ID, true);
    let live = [invite];
    const fake = server({
      [`GET ${HOUSEHOLD_PATH}/invites`]: () => ({ body: { data: live } }),
      [`DELETE ${HOUSEHOLD_PATH}/invites/${invite.id}`]: () => {
        live = [];
        return { body: { data: { success: true } } };
      },
    });
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText(/used once/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /^Revoke the link/ }));
    const confirm = await screen.findByRole("alertdialog", { name: "Revoke this invite link?" });
    await user.click(within(confirm).getByRole("button", { name: "Revoke Link" }));
    expect(await screen.findByText("No live invite links")).toBeInTheDocument();
    expect(requestsTo(fake, "DELETE", `${HOUSEHOLD_PATH}/invites/${invite.id}`)).toHaveLength(1);
  });

  it("makes a link with the invite dialog, and the list shows it", async () => {
    await signInAs(BLAIR_ID, false);
    let live: HouseholdInvite[] = [];
    server({
      [`GET ${HOUSEHOLD_PATH}/invites`]: () => ({ body: { data: live } }),
      [`POST ${HOUSEHOLD_PATH}/invites`]: () => {
        live = [{ ...invite, created_by: BLAIR_ID, created_by_name: "Blair", times_used: 0 }];
        return { status: 201, body: { data: { inviteUrl: invite.invite_url, expires: invite.expires } } };
      },
    });
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText("No live invite links")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create invite link" }));
    await waitFor(() => expect(screen.getByLabelText("Invite Link")).toHaveValue(invite.invite_url));
    expect(await screen.findByText(/Created by Blair/)).toBeInTheDocument();
  });
});

describe("household page: danger zone", () => {
  it("leaves while owing fines only after saying they are written off", async () => {
    await signInAs(BLAIR_ID, false);
    const fake = server({
      [`POST ${HOUSEHOLD_PATH}/leave`]: {
        body: {
          data: {
            user_id: BLAIR_ID,
            fines_written_off: 2,
            amount_written_off: 7.5,
            disputes_handed_over: 0,
            disputes_handed_to: null,
            household_deleted: false,
            user: serverUser({ id: BLAIR_ID, household_id: null }),
          },
        },
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Leave Household" }));
    const dialog = await screen.findByRole("dialog", { name: "Leave Household" });
    expect(
      await within(dialog).findByText(/The 2 fines you owe \(£7\.50, pending or disputed\) will be written off/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Leave Household" }));
    expect(await screen.findByRole("heading", { name: "onboarding" })).toBeInTheDocument();
    expect(requestsTo(fake, "POST", `${HOUSEHOLD_PATH}/leave`)).toEqual([{ confirmWriteOff: true }]);
    expect(await screen.findByText("You left the household")).toBeInTheDocument();
  });

  it("says the last member's leaving deletes the household, and lets its admin delete it", async () => {
    await signInAs(ALEX_ID, true);
    const fake = server({
      [`GET ${HOUSEHOLD_PATH}/members`]: { body: { data: [alex] } },
      [`DELETE ${HOUSEHOLD_PATH}`]: {
        body: { data: { success: true, user: serverUser({ id: ALEX_ID, household_id: null }) } },
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Leave Household" }));
    const dialog = await screen.findByRole("dialog", { name: "Leave Household" });
    expect(await within(dialog).findByText(/leaving deletes the household/)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Leave and Delete Household" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));

    await user.click(screen.getByRole("button", { name: "Delete Household" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete the household?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete Household" }));
    expect(await screen.findByRole("heading", { name: "onboarding" })).toBeInTheDocument();
    expect(requestsTo(fake, "DELETE", HOUSEHOLD_PATH)).toHaveLength(1);
    expect(useAuthStore.getState().currentUser?.household_id).toBeNull();
  });
});

describe("household page: 'Contact support' (issue 21)", () => {
  const config = (support: boolean): FakeAnswer => ({ body: { data: { plans: false, support, version: "1.0.0" } } });

  it("is offered to every member when the server has a support address, and sends from here", async () => {
    await signInAs(BLAIR_ID, false);
    const fake = server({
      "GET /api/config": config(true),
      "POST /api/support": { status: 201, body: { data: { success: true, priority: false } } },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Contact support" }));
    const dialog = await screen.findByRole("dialog", { name: "Contact support" });
    await user.type(within(dialog).getByLabelText("Subject"), "Invite link");
    await user.type(within(dialog).getByLabelText("Message"), "The link says it expired.");
    await user.click(within(dialog).getByRole("button", { name: "Send message" }));
    expect(await screen.findByText(SUPPORT_SENT_TITLE)).toBeInTheDocument();
    expect(requestsTo(fake, "POST", "/api/support")).toEqual([
      { subject: "Invite link", message: "The link says it expired." },
    ]);
  });

  it("is not offered when the server has none", async () => {
    await signInAs(ALEX_ID, true);
    const fake = server({ "GET /api/config": config(false) });
    renderPage();
    expect(await screen.findByLabelText("Household Name")).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fake, "GET", "/api/config")).toHaveLength(1));
    expect(screen.queryByRole("button", { name: "Contact support" })).not.toBeInTheDocument();
  });
});
