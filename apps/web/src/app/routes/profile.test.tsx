import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  SUPPORT_SENT_TITLE,
  DISPLAY_NAME_MESSAGE,
  NOTIFICATION_TYPES,
  ONLY_ADMIN_CANNOT_LEAVE_MESSAGE,
  type Fine,
  type Household,
  type NotificationPreferences,
  type UserStats,
  finesApi,
} from "@housemate/contract";
import { useAuthStore } from "@/lib/auth/auth-store";
import { api } from "@/lib/api-client";
import {
  heldAnswer,
  respondWith,
  serverNotificationTypes,
  serverUser,
  type FakeAnswer,
} from "@/lib/testing/fake-server";
import {
  HOUSEHOLD_ID,
  renderProfile,
  resetProfile,
  signInBen,
  USER_ID,
} from "@/features/profile/testing/render-profile";
import { FAKE_PUSH_KEY, FAKE_SUBSCRIPTION, fakePushDevice, removePushDevice } from "@/lib/testing/push-device";
import { Component as ProfileRoute } from "./profile";

const ANA_ID = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const RULE_ID = "cccccccc-cccc-4ccc-8ccc-cccccccccccc";

const household: Household = {
  id: HOUSEHOLD_ID,
  name: "The Cozy Flat",
  created_by: ANA_ID,
  iso_4217_code: "EUR",
  created_at: "2026-01-01T00:00:00.000Z",
  join_code: HOUSEHOLD_ID,
  join_by_id: true,
  first_reminder_days: 3,
  second_reminder_days: 7,
  issuer_notice_days: 14,
};

const stats: UserStats = {
  totalReceived: 7,
  pendingAmount: 12.5,
  totalIssued: 3,
  housematesFined: 2,
  amountPaid: 20,
  settledCount: 4,
  disputedCount: 1,
};

/** Ana's fines to Ben, newest first: 'Fine 1' is the newest. */
const receivedFines: Fine[] = Array.from({ length: 7 }, (_, index) => ({
  id: `fine-${index + 1}`,
  household_id: HOUSEHOLD_ID,
  offender_id: USER_ID,
  created_by: ANA_ID,
  reviewer_id: ANA_ID,
  rule_id: RULE_ID,
  amount: index + 1.25,
  status: "pending",
  description: `Fine ${index + 1}`,
  created_at: new Date(Date.UTC(2026, 2, 20 - index)).toISOString(),
  updated_at: new Date(Date.UTC(2026, 2, 20 - index)).toISOString(),
  paid_at: null,
  dispute_rejected: false,
  evidence: null,
  cancel_reason: null,
  declined_at: null,
  appeal: null,
}));

const allOn = (): NotificationPreferences =>
  Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type.id, { in_app_enabled: true, email_enabled: true, push_enabled: true }]),
  );

type Routes = Record<string, FakeAnswer | ((url: URL) => FakeAnswer | Promise<FakeAnswer>)>;

/** The household around Ben, as the server answers; `routes` adds or replaces answers. */
function server(routes: Routes = {}) {
  return respondWith({
    [`GET /api/households/${HOUSEHOLD_ID}`]: { body: { data: household } },
    "GET /api/users": {
      body: {
        data: [
          serverUser({ id: USER_ID, display_name: "Ben Hall", household_id: HOUSEHOLD_ID }),
          serverUser({ id: ANA_ID, display_name: "Ana Lopez", household_id: HOUSEHOLD_ID }),
        ],
      },
    },
    [`GET /api/rules/household/${HOUSEHOLD_ID}`]: {
      body: {
        data: [
          {
            id: RULE_ID,
            household_id: HOUSEHOLD_ID,
            title: "Dishes left overnight",
            description: "",
            fine_amount: 2.5,
            created_by: ANA_ID,
            created_at: "2026-01-01T00:00:00.000Z",
            updated_at: "2026-01-01T00:00:00.000Z",
          },
        ],
      },
    },
    [`GET /api/users/${USER_ID}/stats`]: { body: { data: stats } },
    [`GET /api/fines/user/${USER_ID}`]: { body: { data: receivedFines } },
    "GET /api/notifications/types": { body: { data: serverNotificationTypes() } },
    "GET /api/notifications/preferences": { body: { data: allOn() } },
    ...routes,
  });
}

const requestsTo = (fake: ReturnType<typeof respondWith>, method: string, path: string) =>
  fake.requests.flatMap((request, index) =>
    request.method === method && new URL(request.url).pathname === path ? [fake.bodies[index]] : [],
  );

afterEach(async () => {
  await resetProfile();
  removePushDevice();
  vi.unstubAllGlobals();
  localStorage.removeItem("pushDevice");
});

describe("profile tabs", () => {
  it("has General, Statistics and Preferences, reachable with the arrow keys", async () => {
    await signInBen();
    server();
    renderProfile(<ProfileRoute />);
    const user = userEvent.setup();
    const general = screen.getByRole("tab", { name: "General" });
    expect(general).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Statistics" })).toBeInTheDocument();

    await user.click(general);
    await user.keyboard("{ArrowRight}");
    // The tab lives in the address (?tab=), which the router updates a moment later.
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: "Statistics" })).toHaveAttribute("aria-selected", "true"),
    );
    await user.keyboard("{ArrowRight}");
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: "Preferences" })).toHaveAttribute("aria-selected", "true"),
    );
    expect(screen.getByRole("tabpanel", { name: "Preferences" })).toBeInTheDocument();
  });
});

describe("General: display name", () => {
  it("disables Save while the name is blank", async () => {
    await signInBen();
    server();
    renderProfile(<ProfileRoute />);
    const user = userEvent.setup();
    const field = screen.getByLabelText("Display Name");
    expect(field).toHaveValue("Ben Hall");
    const save = screen.getByRole("button", { name: "Save Changes" });
    expect(save).toBeEnabled();
    await user.clear(field);
    expect(save).toBeDisabled();
    await user.type(field, "   ");
    expect(save).toBeDisabled();
    await user.type(field, "B");
    expect(save).toBeEnabled();
  });

  it("refuses a name with other characters, with SPEC's message, and sends nothing", async () => {
    await signInBen();
    const fake = server();
    renderProfile(<ProfileRoute />);
    const user = userEvent.setup();
    const field = screen.getByLabelText("Display Name");
    await user.clear(field);
    await user.type(field, "Ben!!");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Invalid display name")).toBeInTheDocument();
    expect(screen.getAllByText(DISPLAY_NAME_MESSAGE).length).toBeGreaterThan(0);
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(requestsTo(fake, "PUT", `/api/users/${USER_ID}`)).toEqual([]);
  });

  it("saves the sanitised name, says 'Profile updated' and renames the signed-in user", async () => {
    await signInBen();
    const fake = server({
      [`PUT /api/users/${USER_ID}`]: {
        body: { data: serverUser({ id: USER_ID, display_name: "Benjamin Hall", household_id: HOUSEHOLD_ID }) },
      },
    });
    renderProfile(<ProfileRoute />);
    const user = userEvent.setup();
    const field = screen.getByLabelText("Display Name");
    await user.clear(field);
    await user.type(field, "<b>Benjamin</b>  Hall");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Profile updated")).toBeInTheDocument();
    expect(requestsTo(fake, "PUT", `/api/users/${USER_ID}`)).toEqual([{ display_name: "Benjamin Hall" }]);
    expect(useAuthStore.getState().currentUser?.display_name).toBe("Benjamin Hall");
    expect(JSON.parse(localStorage.getItem("user") ?? "{}")).toMatchObject({ display_name: "Benjamin Hall" });
  });

  it("says 'Update failed' when the server refuses", async () => {
    await signInBen();
    server({ [`PUT /api/users/${USER_ID}`]: { status: 500, body: {} } });
    renderProfile(<ProfileRoute />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Display Name"), " Jr");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Update failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to update profile. Please try again.")).toBeInTheDocument();
    expect(useAuthStore.getState().currentUser?.display_name).toBe("Ben Hall");
  });
});

describe("Statistics", () => {
  it("shows the server's figures in the household's currency", async () => {
    await signInBen();
    server();
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=statistics");
    const figures = await screen.findByRole("group", { name: "Your fine statistics" });

    expect(within(figures).getByText("Fines Received").parentElement).toHaveTextContent("7€12.50 pending");
    expect(within(figures).getByText("Fines Issued").parentElement).toHaveTextContent("3to 2 housemates");
    expect(within(figures).getByText("Amount Paid").parentElement).toHaveTextContent("€20.00" + "4 fines settled");
    expect(within(figures).getByText("Disputed").parentElement).toHaveTextContent("11 fine under dispute");
  });

  it("lists the 5 most recent received fines as Fine History, amounts in the household's currency", async () => {
    await signInBen();
    server();
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=statistics");
    const history = await screen.findByRole("list", { name: "Fine History" });
    const rows = within(history).getAllByRole("listitem");

    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent("€1.25");
    expect(rows[4]).toHaveTextContent("€5.25");
    expect(history).not.toHaveTextContent("€6.25");
    expect(history).not.toHaveTextContent("$");
    await waitFor(() => expect(rows[0]).toHaveTextContent("From Ana Lopez"));
  });

  it("says when there is no fine to list", async () => {
    await signInBen();
    server({ [`GET /api/fines/user/${USER_ID}`]: { body: { data: [] } } });
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=statistics");
    expect(await screen.findByText("No fines yet")).toBeInTheDocument();
  });
});

describe("Preferences: notifications", () => {
  it("labels a switch per type and channel by the type's description, and saves a change", async () => {
    await signInBen();
    const fake = server({
      "PUT /api/notifications/preferences/fine_received": {
        body: { data: { in_app_enabled: true, email_enabled: false, push_enabled: true } },
      },
    });
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=preferences");
    const user = userEvent.setup();
    const email = await screen.findByRole("switch", { name: "Someone issued you a fine (email)" });
    // Three a type (in-app, email, push: issue 23), but the weekly digest's one: it is an email (issue 22).
    expect(screen.getAllByRole("switch")).toHaveLength(NOTIFICATION_TYPES.length * 3 - 2);
    expect(email).toBeChecked();

    await user.click(email);
    expect(email).not.toBeChecked();
    expect(await screen.findByText("Notification preference updated")).toBeInTheDocument();
    expect(requestsTo(fake, "PUT", "/api/notifications/preferences/fine_received")).toEqual([
      { in_app_enabled: true, email_enabled: false, push_enabled: true },
    ]);
  });

  it("shows only the switches of the channels a type is sent on, and lists the reminders and the digest (issue 22)", async () => {
    await signInBen();
    const fake = server({
      "PUT /api/notifications/preferences/weekly_digest": {
        body: { data: { in_app_enabled: true, email_enabled: false, push_enabled: true } },
      },
    });
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=preferences");
    const digest = await screen.findByRole("switch", {
      name: "A weekly email of what happened in your household (email)",
    });
    for (const channel of ["in-app", "push"]) {
      expect(
        screen.queryByRole("switch", { name: `A weekly email of what happened in your household (${channel})` }),
      ).not.toBeInTheDocument();
    }
    const digestRow = digest.closest("li");
    expect(digestRow).toHaveTextContent("Email only");
    for (const name of [
      "A reminder that a fine you owe is still unpaid (in-app)",
      "A reminder that a fine you owe is still unpaid (email)",
      "A fine you issued has gone unpaid for a while (in-app)",
      "A fine you issued has gone unpaid for a while (email)",
    ]) {
      expect(screen.getByRole("switch", { name })).toBeChecked();
    }

    await userEvent.setup().click(digest);
    expect(await screen.findByText("Notification preference updated")).toBeInTheDocument();
    expect(requestsTo(fake, "PUT", "/api/notifications/preferences/weekly_digest")).toEqual([
      { in_app_enabled: true, email_enabled: false, push_enabled: true },
    ]);
  });

  it("moves the switch at once and back again, with a toast, when the server refuses", async () => {
    await signInBen();
    const refusal = heldAnswer();
    server({
      "PUT /api/notifications/preferences/rule_created": refusal.route,
    });
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=preferences");
    const user = userEvent.setup();
    const inApp = await screen.findByRole("switch", { name: "A house rule was created (in-app)" });

    await user.click(inApp);
    // Optimistic: off before the server has answered.
    expect(inApp).not.toBeChecked();
    refusal.give({ status: 500, body: {} });
    expect(await screen.findByText("Failed to update notification preference")).toBeInTheDocument();
    await waitFor(() => expect(inApp).toBeChecked());
  });

  it("says so when the preferences cannot be loaded", async () => {
    await signInBen();
    server({ "GET /api/notifications/preferences": { status: 500, body: {} } });
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=preferences");
    expect(await screen.findAllByText("Failed to load notification preferences")).not.toHaveLength(0);
    expect(screen.queryByRole("switch")).not.toBeInTheDocument();
  });

  it("marks Privacy Settings as coming soon", async () => {
    await signInBen();
    server();
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=preferences");
    expect(screen.getByText("Privacy Settings")).toBeInTheDocument();
    expect(screen.getByText("Coming soon")).toBeInTheDocument();
  });
});

const SUBSCRIPTION_ID = "99999999-9999-4999-8999-999999999999";
const DEVICE = "Push notifications on this device";
const pushRoutes: Routes = {
  "GET /api/push/key": { body: { data: { public_key: FAKE_PUSH_KEY } } },
  "POST /api/push/subscriptions": {
    status: 201,
    body: { data: { id: SUBSCRIPTION_ID, created_at: "2026-11-26T12:00:00.000Z" } },
  },
  [`DELETE /api/push/subscriptions/${SUBSCRIPTION_ID}`]: { body: { data: { success: true } } },
};

describe("Preferences: push (issue 23)", () => {
  it("has a Push switch for each type sent by push, saved as push_enabled, even with this device not subscribed", async () => {
    await signInBen();
    fakePushDevice();
    const fake = server({
      "PUT /api/notifications/preferences/fine_paid": {
        body: { data: { in_app_enabled: true, email_enabled: true, push_enabled: false } },
      },
    });
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=preferences");
    const push = await screen.findByRole("switch", { name: "A fine you issued was paid (push)" });
    expect(await screen.findByRole("region", { name: DEVICE })).toHaveTextContent("Turn on push notifications");

    await userEvent.setup().click(push);
    expect(push).not.toBeChecked();
    expect(await screen.findByText("Notification preference updated")).toBeInTheDocument();
    expect(requestsTo(fake, "PUT", "/api/notifications/preferences/fine_paid")).toEqual([
      { in_app_enabled: true, email_enabled: true, push_enabled: false },
    ]);
  });

  it("moves the Push switch back, with SPEC's toast, when the server refuses", async () => {
    await signInBen();
    server({ "PUT /api/notifications/preferences/fine_paid": { status: 500, body: {} } });
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=preferences");
    const push = await screen.findByRole("switch", { name: "A fine you issued was paid (push)" });
    await userEvent.setup().click(push);
    expect(await screen.findByText("Failed to update notification preference")).toBeInTheDocument();
    await waitFor(() => expect(push).toBeChecked());
  });

  it("says when this browser has no push, and keeps the switches", async () => {
    await signInBen();
    server();
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=preferences");
    const device = await screen.findByRole("region", { name: DEVICE });
    expect(device).toHaveTextContent("This browser can't show push notifications.");
    expect(within(device).queryByRole("button")).not.toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Someone issued you a fine (push)" })).toBeChecked();
  });

  it("offers no button that could never finish where no service worker controls the page (npm run dev)", async () => {
    await signInBen();
    fakePushDevice({ controlled: false });
    server(pushRoutes);
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=preferences");
    const device = await screen.findByRole("region", { name: DEVICE });
    expect(device).toHaveTextContent("This browser can't show push notifications.");
    expect(within(device).queryByRole("button")).not.toBeInTheDocument();
  });

  it("says when the browser blocks notifications, with nothing to press", async () => {
    await signInBen();
    fakePushDevice({ permission: "denied" });
    server();
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=preferences");
    const device = await screen.findByRole("region", { name: DEVICE });
    await waitFor(() => expect(device).toHaveTextContent("Blocked in your browser settings"));
    expect(within(device).queryByRole("button")).not.toBeInTheDocument();
  });

  it("turns pushes on for this device from 'Turn on push notifications', then off again", async () => {
    await signInBen();
    const phone = fakePushDevice();
    const fake = server(pushRoutes);
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=preferences");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Turn on push notifications" }));

    expect(await screen.findByText("Push notifications turned on")).toBeInTheDocument();
    expect(phone.permissionAsked).toBe(1);
    expect(requestsTo(fake, "POST", "/api/push/subscriptions")).toEqual([FAKE_SUBSCRIPTION]);
    const device = screen.getByRole("region", { name: DEVICE });
    await waitFor(() => expect(device).toHaveTextContent("On for this device."));

    await user.click(within(device).getByRole("button", { name: "Turn off on this device" }));
    expect(await screen.findByText("Push notifications turned off")).toBeInTheDocument();
    expect(requestsTo(fake, "DELETE", `/api/push/subscriptions/${SUBSCRIPTION_ID}`)).toHaveLength(1);
    expect(phone.subscription).toBeNull();
    expect(await within(device).findByRole("button", { name: "Turn on push notifications" })).toBeInTheDocument();
  });

  it("shows no push at all inside the phone app, whose WebView has no Push API", async () => {
    await signInBen();
    fakePushDevice();
    vi.stubGlobal("Capacitor", { isNativePlatform: () => true });
    server();
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=preferences");
    expect(await screen.findByRole("switch", { name: "Someone issued you a fine (email)" })).toBeInTheDocument();
    expect(screen.queryByRole("switch", { name: "Someone issued you a fine (push)" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: DEVICE })).not.toBeInTheDocument();
  });

  it("keeps this device's subscription when turning it off fails", async () => {
    await signInBen();
    const phone = fakePushDevice({ permission: "granted", subscribed: true });
    localStorage.setItem("pushDevice", JSON.stringify({ userId: USER_ID, subscriptionId: SUBSCRIPTION_ID }));
    server({ [`DELETE /api/push/subscriptions/${SUBSCRIPTION_ID}`]: { status: 500, body: {} } });
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=preferences");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Turn off on this device" }));
    expect(await screen.findByText("Failed to turn off push notifications")).toBeInTheDocument();
    expect(phone.subscription).not.toBeNull();
    expect(screen.getByRole("region", { name: DEVICE })).toHaveTextContent("On for this device.");
  });
});

describe("Danger Zone: leaving the household", () => {
  const member = (id: string, display_name: string, owed: number, amount: number) => ({
    id,
    display_name,
    photo_url: null,
    is_admin: id === ANA_ID,
    joined_at: "2026-01-01T00:00:00.000Z",
    pending_fines_owed: owed,
    pending_amount_owed: amount,
    fines_issued: 0,
  });

  it("says the fines Ben owes are written off, confirms that, and sends him to onboarding", async () => {
    await signInBen();
    const fake = server({
      [`GET /api/households/${HOUSEHOLD_ID}/members`]: {
        body: { data: [member(ANA_ID, "Ana Lopez", 0, 0), member(USER_ID, "Ben Hall", 2, 7.5)] },
      },
      [`POST /api/households/${HOUSEHOLD_ID}/leave`]: {
        body: {
          data: {
            user_id: USER_ID,
            fines_written_off: 2,
            amount_written_off: 7.5,
            disputes_handed_over: 0,
            disputes_handed_to: null,
            household_deleted: false,
            user: serverUser({ id: USER_ID, display_name: "Ben Hall", household_id: null }),
          },
        },
      },
    });
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=preferences");
    const user = userEvent.setup();

    await user.click(screen.getByRole("button", { name: "Leave Household" }));
    const dialog = await screen.findByRole("dialog", { name: "Leave Household" });
    expect(
      await within(dialog).findByText(/The 2 fines you owe \(€7\.50, pending or disputed\) will be written off/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Leave Household" }));

    await waitFor(() => expect(screen.getByTestId("path")).toHaveTextContent("/onboarding"));
    expect(requestsTo(fake, "POST", `/api/households/${HOUSEHOLD_ID}/leave`)).toEqual([{ confirmWriteOff: true }]);
    expect(useAuthStore.getState().currentUser?.household_id).toBeNull();
    expect(await screen.findByText("You left the household")).toBeInTheDocument();
  });

  it("shows the server's reason when Ben may not leave yet", async () => {
    await signInBen({ is_admin: true });
    server({
      [`GET /api/households/${HOUSEHOLD_ID}/members`]: {
        body: { data: [member(ANA_ID, "Ana Lopez", 0, 0), { ...member(USER_ID, "Ben Hall", 0, 0), is_admin: true }] },
      },
      [`POST /api/households/${HOUSEHOLD_ID}/leave`]: {
        status: 409,
        body: { error: { code: "CONFLICT", message: ONLY_ADMIN_CANNOT_LEAVE_MESSAGE, requestId: "t" } },
      },
    });
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=preferences");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Leave Household" }));
    const dialog = await screen.findByRole("dialog", { name: "Leave Household" });
    await user.click(await within(dialog).findByRole("button", { name: "Leave Household" }));
    expect(await within(dialog).findByText(ONLY_ADMIN_CANNOT_LEAVE_MESSAGE)).toBeInTheDocument();
    expect(useAuthStore.getState().currentUser?.household_id).toBe(HOUSEHOLD_ID);
  });
});

describe("Danger Zone: deleting the account", () => {
  async function openDeletion() {
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Delete Account" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete your account?" });
    return {
      user,
      dialog,
      field: within(dialog).getByLabelText("Type DELETE to confirm"),
      confirm: within(dialog).getByRole("button", { name: "Delete Account" }),
    };
  }

  it("stays disabled until DELETE is typed exactly", async () => {
    await signInBen();
    const fake = server();
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=preferences");
    const { user, field, confirm } = await openDeletion();

    expect(confirm).toBeDisabled();
    await user.type(field, "delete");
    expect(confirm).toBeDisabled();
    await user.clear(field);
    await user.type(field, "DELETE ");
    expect(confirm).toBeDisabled();
    await user.type(field, "{Backspace}");
    expect(confirm).toBeEnabled();
    expect(requestsTo(fake, "DELETE", `/api/users/${USER_ID}`)).toEqual([]);
  });

  it("deletes the account, says so, signs out here and goes to /", async () => {
    await signInBen();
    const fake = server({ [`DELETE /api/users/${USER_ID}`]: { body: { data: { success: true } } } });
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=preferences");
    const { user, field, confirm } = await openDeletion();
    await user.type(field, "DELETE");
    await user.click(confirm);

    expect(await screen.findByText("Account deleted")).toBeInTheDocument();
    expect(screen.getByText("Your account has been permanently deleted.")).toBeInTheDocument();
    expect(await screen.findByTestId("path")).toHaveTextContent(/^\/$/);
    expect(requestsTo(fake, "DELETE", `/api/users/${USER_ID}`)).toHaveLength(1);
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem("authToken")).toBeNull();
  });

  it("still says goodbye on / when other calls are refused first, as the server ends the sessions", async () => {
    await signInBen();
    const deletion = heldAnswer();
    server({
      [`DELETE /api/users/${USER_ID}`]: deletion.route,
      "GET /api/fines": {
        status: 401,
        body: { error: { message: "Session expired", code: "UNAUTHENTICATED", requestId: "r" } },
      },
    });
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=preferences");
    const { user, field, confirm } = await openDeletion();
    await user.type(field, "DELETE");
    await user.click(confirm);

    // The socket or a refetch hears of the ended session before the deletion's own answer arrives.
    await waitFor(() => expect(useAuthStore.getState().isLeaving).toBe(true));
    await expect(api.call(finesApi.listFines, { query: {} })).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState().isAuthenticated).toBe(true);

    deletion.give({ body: { data: { success: true } } });
    expect(await screen.findByText("Your account has been permanently deleted.")).toBeInTheDocument();
    expect(await screen.findByTestId("path")).toHaveTextContent(/^\/$/);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, isLeaving: false });
  });

  it("keeps the person signed in when the deletion fails", async () => {
    await signInBen();
    server({ [`DELETE /api/users/${USER_ID}`]: { status: 500, body: {} } });
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=preferences");
    const { user, field, confirm } = await openDeletion();
    await user.type(field, "DELETE");
    await user.click(confirm);

    expect(await screen.findByText("Failed to delete account. Please try again.")).toBeInTheDocument();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, isLeaving: false });
    expect(screen.queryByTestId("path")).not.toBeInTheDocument();
  });
});

describe("Preferences: 'Contact support' (issue 21)", () => {
  const config = (support: boolean): FakeAnswer => ({ body: { data: { plans: false, support, version: "1.0.0" } } });

  it("is offered when the server has a support address, and sends from here", async () => {
    await signInBen();
    const fake = server({
      "GET /api/config": config(true),
      "POST /api/support": { status: 201, body: { data: { success: true, priority: true } } },
    });
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=preferences");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Contact support" }));
    const dialog = await screen.findByRole("dialog", { name: "Contact support" });
    await user.type(within(dialog).getByLabelText("Subject"), "Statistics");
    await user.type(within(dialog).getByLabelText("Message"), "My totals look wrong.");
    await user.click(within(dialog).getByRole("button", { name: "Send message" }));
    expect(await screen.findByText(SUPPORT_SENT_TITLE)).toBeInTheDocument();
    expect(requestsTo(fake, "POST", "/api/support")).toEqual([
      { subject: "Statistics", message: "My totals look wrong." },
    ]);
  });

  it("is not offered when the server has none", async () => {
    await signInBen();
    const fake = server({ "GET /api/config": config(false) });
    renderProfile(<ProfileRoute />, "/dashboard/profile?tab=preferences");
    expect(await screen.findByRole("heading", { name: "Danger Zone" })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fake, "GET", "/api/config")).toHaveLength(1));
    expect(screen.queryByRole("button", { name: "Contact support" })).not.toBeInTheDocument();
  });
});
