import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, useNavigate } from "react-router";
import {
  DISPLAY_NAME_MESSAGE,
  INVITE_INVALID_MESSAGE,
  REMOVED_MEMBER_REJOIN_MESSAGE,
  type Household,
} from "@housemate/contract";
import { useAuthStore } from "@/lib/auth/auth-store";
import { respondWith, type FakeAnswer } from "@/lib/testing/fake-server";
import { Here, HOUSEHOLD_ID, renderApp, resetApp, signIn } from "@/features/households/testing/render-app";
import { savePendingInvite } from "@/lib/pending-invite";
import { readPendingInvite } from "@/features/households/utils/read-pending-invite";
import { Component as OnboardingPage } from "./onboarding";

const household: Household = {
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

function Dashboard() {
  const navigate = useNavigate();
  return (
    <>
      <Here name="dashboard" />
      <button type="button" onClick={() => void navigate(-1)}>
        browser back
      </button>
    </>
  );
}

function renderOnboarding() {
  return renderApp(
    <>
      <Route path="/before" element={<Here name="before" />} />
      <Route path="/onboarding" element={<OnboardingPage />} />
      <Route path="/dashboard" element={<Dashboard />} />
    </>,
    ["/before", "/onboarding"],
  );
}

/** An answer held back until the test lets it go, to see the busy state. */
function deferred(answer: FakeAnswer) {
  let release = () => {};
  const promise = new Promise<FakeAnswer>((resolve) => (release = () => resolve(answer)));
  return { route: () => promise, release: () => release() };
}

const conflict = (message: string): FakeAnswer => ({
  status: 409,
  body: { error: { message, code: "CONFLICT", requestId: "r1" } },
});

beforeEach(() => signIn({ display_name: "Ana Lopez" }));
afterEach(async () => {
  vi.unstubAllGlobals();
  await resetApp();
});

describe("onboarding: choice", () => {
  it("greets the person by name and offers to create or join", () => {
    renderOnboarding();
    expect(screen.getByText("Welcome, Ana Lopez!")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Create New Household/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Join Existing Household/ })).toBeInTheDocument();
  });

  it("says 'there' when the person has no display name", async () => {
    await signIn({ display_name: "" });
    renderOnboarding();
    expect(screen.getByText("Welcome, there!")).toBeInTheDocument();
  });
});

describe("onboarding: create", () => {
  async function openCreate() {
    const user = userEvent.setup();
    renderOnboarding();
    await user.click(screen.getByRole("button", { name: /Create New Household/ }));
    return user;
  }

  it("asks for a name and a currency (GBP by default) and explains what the currency is for", async () => {
    await openCreate();
    const name = screen.getByLabelText("Household Name");
    expect(name).toBeRequired();
    expect(name).toHaveAttribute("placeholder", "The Cozy Flat");
    expect(screen.getByRole("combobox", { name: "Currency" })).toHaveTextContent("GBP — British Pound");
    expect(screen.getByRole("combobox", { name: "Currency" })).toHaveAccessibleDescription(
      "This currency will be used for all fines and balances in your household.",
    );
  });

  it("keeps 'Create Household' disabled until the name has more than spaces", async () => {
    const user = await openCreate();
    const submit = screen.getByRole("button", { name: "Create Household" });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText("Household Name"), "   ");
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText("Household Name"), "Flat 3");
    expect(submit).toBeEnabled();
  });

  it("goes back to the choice with Back", async () => {
    const user = await openCreate();
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByRole("button", { name: /Join Existing Household/ })).toBeInTheDocument();
    expect(screen.queryByLabelText("Household Name")).not.toBeInTheDocument();
  });

  it("creates the household, makes the creator its admin, says so and replaces onboarding with the dashboard", async () => {
    const answer = deferred({ status: 201, body: { data: household } });
    const server = respondWith({ "POST /api/households": answer.route });
    const user = await openCreate();
    await user.type(screen.getByLabelText("Household Name"), "The Cozy Flat");
    await user.click(screen.getByRole("button", { name: "Create Household" }));

    const busy = await screen.findByRole("button", { name: "Creating..." });
    expect(busy).toBeDisabled();
    expect(screen.getByRole("button", { name: "Back" })).toBeDisabled();
    answer.release();

    expect(await screen.findByRole("heading", { name: "dashboard" })).toBeInTheDocument();
    expect(server.bodies).toEqual([{ name: "The Cozy Flat", created_by: "u1", iso_4217_code: "GBP" }]);
    expect(await screen.findByText("Success!")).toBeInTheDocument();
    expect(screen.getByText("Your household has been created.")).toBeInTheDocument();
    expect(useAuthStore.getState().currentUser).toMatchObject({
      household_id: HOUSEHOLD_ID,
      is_admin: true,
      isAdmin: true,
    });
    expect(JSON.parse(localStorage.getItem("user") ?? "{}")).toMatchObject({
      household_id: HOUSEHOLD_ID,
      is_admin: true,
    });

    // History was replaced: going back skips onboarding.
    await user.click(screen.getByRole("button", { name: "browser back" }));
    expect(screen.getByRole("heading", { name: "before" })).toBeInTheDocument();
  });

  it("sends the currency the person picked", async () => {
    const server = respondWith({
      "POST /api/households": { status: 201, body: { data: { ...household, iso_4217_code: "EUR" } } },
    });
    const user = await openCreate();
    await user.type(screen.getByLabelText("Household Name"), "Casa");
    await user.click(screen.getByRole("combobox", { name: "Currency" }));
    const options = screen.getAllByRole("option").map((option) => option.textContent);
    expect(options).toHaveLength(12);
    expect(options.map((text) => text.slice(0, 3))).toEqual([
      "USD",
      "EUR",
      "GBP",
      "CAD",
      "AUD",
      "NZD",
      "JPY",
      "CNY",
      "INR",
      "SGD",
      "HKD",
      "CHF",
    ]);
    await user.click(screen.getByRole("option", { name: "EUR — Euro" }));
    await user.click(screen.getByRole("button", { name: "Create Household" }));
    await screen.findByRole("heading", { name: "dashboard" });
    expect(server.bodies).toEqual([{ name: "Casa", created_by: "u1", iso_4217_code: "EUR" }]);
  });

  it("stays on the form with SPEC's message when creating fails", async () => {
    respondWith({
      "POST /api/households": { status: 500, body: { error: { message: "boom", code: "INTERNAL", requestId: "r1" } } },
    });
    const user = await openCreate();
    await user.type(screen.getByLabelText("Household Name"), "The Cozy Flat");
    await user.click(screen.getByRole("button", { name: "Create Household" }));
    expect(await screen.findByText("Failed to create household. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create Household" })).toBeEnabled();
    expect(useAuthStore.getState().currentUser?.household_id).toBeNull();
  });

  it("shows the server's reason when the person already has a household", async () => {
    respondWith({
      "POST /api/households": conflict("You are already a member of a household. Leave it before creating another."),
    });
    const user = await openCreate();
    await user.type(screen.getByLabelText("Household Name"), "Second Flat");
    await user.click(screen.getByRole("button", { name: "Create Household" }));
    expect(
      await screen.findByText("You are already a member of a household. Leave it before creating another."),
    ).toBeInTheDocument();
  });
});

describe("onboarding: join", () => {
  async function openJoin() {
    const user = userEvent.setup();
    renderOnboarding();
    await user.click(screen.getByRole("button", { name: /Join Existing Household/ }));
    return user;
  }

  it("asks for a household ID and keeps 'Join Household' disabled until there is one", async () => {
    const user = await openJoin();
    expect(screen.getByLabelText("Household ID")).toBeRequired();
    const submit = screen.getByRole("button", { name: "Join Household" });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText("Household ID"), HOUSEHOLD_ID);
    expect(submit).toBeEnabled();
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByRole("button", { name: /Create New Household/ })).toBeInTheDocument();
  });

  it("joins by ID as a member (not admin), says so and goes to the dashboard", async () => {
    const answer = deferred({ body: { data: { success: true, household } } });
    const server = respondWith({ [`POST /api/households/${HOUSEHOLD_ID}/join`]: answer.route });
    const user = await openJoin();
    await user.type(screen.getByLabelText("Household ID"), ` ${HOUSEHOLD_ID} `);
    await user.click(screen.getByRole("button", { name: "Join Household" }));

    expect(await screen.findByRole("button", { name: "Joining..." })).toBeDisabled();
    answer.release();

    expect(await screen.findByRole("heading", { name: "dashboard" })).toBeInTheDocument();
    expect(server.bodies).toEqual([{ user_id: "u1" }]);
    expect(await screen.findByText("You've joined the household.")).toBeInTheDocument();
    expect(useAuthStore.getState().currentUser).toMatchObject({ household_id: HOUSEHOLD_ID, is_admin: false });
  });

  it("asks the person to check the ID when joining fails", async () => {
    respondWith({});
    const user = await openJoin();
    await user.type(screen.getByLabelText("Household ID"), "not-a-household");
    await user.click(screen.getByRole("button", { name: "Join Household" }));
    const toast = await screen.findByText("Failed to join household. Please check the ID and try again.");
    expect(within(toast.closest("li") ?? document.body).getByText("Error")).toBeInTheDocument();
    expect(screen.getByLabelText("Household ID")).toHaveValue("not-a-household");
  });

  it("treats an answer without the success flag as a failure", async () => {
    respondWith({ [`POST /api/households/${HOUSEHOLD_ID}/join`]: { body: { data: { success: false } } } });
    const user = await openJoin();
    await user.type(screen.getByLabelText("Household ID"), HOUSEHOLD_ID);
    await user.click(screen.getByRole("button", { name: "Join Household" }));
    expect(await screen.findByText("Failed to join household. Please check the ID and try again.")).toBeInTheDocument();
    await waitFor(() => expect(useAuthStore.getState().currentUser?.household_id).toBeNull());
  });

  it("shows the server's reason when an admin removed the person from that household (decision 032)", async () => {
    respondWith({
      [`POST /api/households/${HOUSEHOLD_ID}/join`]: {
        status: 403,
        body: { error: { message: REMOVED_MEMBER_REJOIN_MESSAGE, code: "FORBIDDEN", requestId: "test" } },
      },
    });
    const user = await openJoin();
    await user.type(screen.getByLabelText("Household ID"), HOUSEHOLD_ID);
    await user.click(screen.getByRole("button", { name: "Join Household" }));
    expect(await screen.findByText(REMOVED_MEMBER_REJOIN_MESSAGE)).toBeInTheDocument();
    expect(useAuthStore.getState().currentUser?.household_id).toBeNull();
  });

  it("shows the server's reason when the person is already in a household", async () => {
    respondWith({
      [`POST /api/households/${HOUSEHOLD_ID}/join`]: conflict(
        "You are already a member of a household. Leave it before joining another.",
      ),
    });
    const user = await openJoin();
    await user.type(screen.getByLabelText("Household ID"), HOUSEHOLD_ID);
    await user.click(screen.getByRole("button", { name: "Join Household" }));
    expect(
      await screen.findByText("You are already a member of a household. Leave it before joining another."),
    ).toBeInTheDocument();
  });
});

describe("onboarding: an invite from the sign-in link (decision 021)", () => {
  const JOIN_PATH = "POST /api/invites/code-1/join";
  const joined = (displayName: string): FakeAnswer => ({
    body: { data: { success: true, household, user: serverUserJoined(displayName) } },
  });
  const serverUserJoined = (displayName: string) => ({
    id: "u1",
    email: "ana@example.com",
    display_name: displayName,
    photo_url: null,
    bio: null,
    household_id: HOUSEHOLD_ID,
    email_verified: true,
    is_admin: false,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
  });

  beforeEach(async () => {
    await signIn({ display_name: "ana" });
    savePendingInvite({
      code: "code-1",
      householdName: "The Cozy Flat",
      memberCount: 2,
      fullMessage: null,
      displayName: "Blair",
    });
  });

  it("opens on the invite, with the household, its member count and the proposed name to confirm", () => {
    respondWith({});
    renderOnboarding();
    expect(screen.getByText("Welcome, ana!")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "You're invited to join The Cozy Flat" })).toBeInTheDocument();
    expect(screen.getByText("2 members")).toBeInTheDocument();
    expect(screen.getByLabelText("Display name")).toHaveValue("Blair");
    expect(screen.getByRole("button", { name: "Join The Cozy Flat" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Not now" })).toBeEnabled();
  });

  it("says a full household is full, as the invite's page does, and offers no Join (issue 21)", () => {
    const full = "This household is full: Housemate Basic allows up to 5 flatmates.";
    savePendingInvite({
      code: "code-1",
      householdName: "The Cozy Flat",
      memberCount: 5,
      fullMessage: full,
      displayName: "Blair",
    });
    respondWith({});
    renderOnboarding();
    expect(screen.getByText(full)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Join The Cozy Flat" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Not now" })).toBeEnabled();
  });

  it("joins under the confirmed name, says so and goes to the dashboard", async () => {
    const server = respondWith({ [JOIN_PATH]: joined("Blair") });
    const user = userEvent.setup();
    renderOnboarding();
    await user.click(screen.getByRole("button", { name: "Join The Cozy Flat" }));
    expect(await screen.findByRole("heading", { name: "dashboard" })).toBeInTheDocument();
    expect(server.bodies).toEqual([{ display_name: "Blair" }]);
    expect(await screen.findByText("Success!")).toBeInTheDocument();
    expect(screen.getByText("You've joined the household.")).toBeInTheDocument();
    expect(useAuthStore.getState().currentUser).toMatchObject({
      household_id: HOUSEHOLD_ID,
      is_admin: false,
      display_name: "Blair",
    });
    expect(readPendingInvite()).toBeNull();
  });

  it("joins under a name the person changed, and will not send one that is not a valid display name", async () => {
    const server = respondWith({ [JOIN_PATH]: joined("Ana Lopez") });
    const user = userEvent.setup();
    renderOnboarding();
    const field = screen.getByLabelText("Display name");
    await user.clear(field);
    expect(screen.getByRole("button", { name: "Join The Cozy Flat" })).toBeDisabled();
    await user.type(field, "Ana!!");
    expect(screen.getByText(DISPLAY_NAME_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Join The Cozy Flat" })).toBeDisabled();
    await user.clear(field);
    await user.type(field, "Ana Lopez");
    await user.click(screen.getByRole("button", { name: "Join The Cozy Flat" }));
    expect(await screen.findByRole("heading", { name: "dashboard" })).toBeInTheDocument();
    expect(server.bodies).toEqual([{ display_name: "Ana Lopez" }]);
    expect(useAuthStore.getState().currentUser?.display_name).toBe("Ana Lopez");
  });

  it("sets the invite aside with 'Not now': SPEC's choice, nothing joined, the invite forgotten", async () => {
    const server = respondWith({});
    const user = userEvent.setup();
    renderOnboarding();
    await user.click(screen.getByRole("button", { name: "Not now" }));
    expect(screen.getByRole("button", { name: /Create New Household/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Join Existing Household/ })).toBeInTheDocument();
    expect(screen.queryByText(/You're invited/)).not.toBeInTheDocument();
    expect(readPendingInvite()).toBeNull();
    expect(server.requests).toHaveLength(0);
    expect(useAuthStore.getState().currentUser?.household_id).toBeNull();
  });

  it("says an invite that expired meanwhile is invalid, and offers the choice", async () => {
    respondWith({
      [JOIN_PATH]: {
        status: 404,
        body: { error: { message: INVITE_INVALID_MESSAGE, code: "NOT_FOUND", requestId: "r1" } },
      },
    });
    const user = userEvent.setup();
    renderOnboarding();
    await user.click(screen.getByRole("button", { name: "Join The Cozy Flat" }));
    expect(await screen.findByText(INVITE_INVALID_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: /Create New Household/ })).toBeInTheDocument();
    expect(readPendingInvite()).toBeNull();
  });
});
