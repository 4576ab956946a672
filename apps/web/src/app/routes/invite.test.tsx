import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route } from "react-router";
import { useAuthStore } from "@/lib/auth/auth-store";
import { respondWith, serverUser } from "@/lib/testing/fake-server";
import { Here, HOUSEHOLD_ID, renderApp, resetApp, signIn } from "@/features/households/testing/render-app";
import { Component as InvitePage } from "./invite";
import { Component as OnboardingPage } from "./onboarding";

const DETAILS_PATH = "GET /api/invites/abc123";
const details = { body: { data: { householdName: "The Cozy Flat", memberCount: 2, fullMessage: null } } };

function renderInvite(path = "/invite/abc123") {
  return renderApp(
    <>
      <Route path="/invite/:code" element={<InvitePage />} />
      <Route path="/invite" element={<InvitePage />} />
      <Route path="/register" element={<Here name="register" />} />
      <Route path="/" element={<Here name="home" />} />
      <Route path="/dashboard" element={<Here name="dashboard" />} />
      <Route path="/onboarding" element={<OnboardingPage />} />
    </>,
    [path],
  );
}

beforeEach(() => useAuthStore.getState().checkAuth());
afterEach(async () => {
  vi.unstubAllGlobals();
  await resetApp();
});

describe("invite landing", () => {
  it("shows the household's name and member count with Join and Go to Home", async () => {
    const server = respondWith({ [DETAILS_PATH]: details });
    renderInvite();
    expect(screen.getByRole("status", { name: "Loading invite details" })).toBeInTheDocument();
    expect(await screen.findByText("The Cozy Flat")).toBeInTheDocument();
    expect(screen.getByText("2 members")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Join" })).toBeEnabled();
    expect(screen.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/");
    // Anyone may look: no token is sent.
    expect(server.requests[0]?.headers.get("Authorization")).toBeNull();
  });

  it("says 'member' for a household of one", async () => {
    respondWith({ [DETAILS_PATH]: { body: { data: { householdName: "Solo", memberCount: 1, fullMessage: null } } } });
    renderInvite();
    expect(await screen.findByText("1 member")).toBeInTheDocument();
  });

  it("keeps the code for registration and sends a signed-out visitor to /register", async () => {
    respondWith({ [DETAILS_PATH]: details });
    const user = userEvent.setup();
    renderInvite();
    await user.click(await screen.findByRole("button", { name: "Join" }));
    expect(screen.getByRole("heading", { name: "register" })).toBeInTheDocument();
    expect(sessionStorage.getItem("inviteCode")).toBe("abc123");
  });

  it("says the link is invalid or has expired when the server does not know it", async () => {
    respondWith({
      [DETAILS_PATH]: {
        status: 404,
        body: { error: { message: "This invite link is invalid or has expired.", code: "NOT_FOUND", requestId: "r1" } },
      },
    });
    renderInvite();
    expect(await screen.findByRole("alert")).toHaveTextContent("This invite link is invalid or has expired.");
    expect(screen.queryByRole("button", { name: "Join" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Home" })).toBeInTheDocument();
  });

  it("says 'Invalid invite link' when there is no code", () => {
    const server = respondWith({});
    renderInvite("/invite");
    expect(screen.getByRole("alert")).toHaveTextContent("Invalid invite link");
    expect(server.requests).toHaveLength(0);
  });

  it("toasts 'Failed to load invite details' when the server cannot be reached, and can try again", async () => {
    let online = false;
    respondWith({
      [DETAILS_PATH]: () => {
        if (!online) throw new TypeError("Failed to fetch");
        return details;
      },
    });
    const user = userEvent.setup();
    renderInvite();
    // Two retries, 1 s and 2 s apart (SPEC §9), before the visitor is told.
    expect(
      await screen.findByText(
        "Failed to load invite details",
        { selector: "[data-title], [data-description]" },
        { timeout: 6000 },
      ),
    ).toBeInTheDocument();
    online = true;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByText("The Cozy Flat")).toBeInTheDocument();
  }, 10_000);

  it("joins a signed-in person without a household in one click, under their own name (decision 021)", async () => {
    await signIn({ email: "bo@example.com", display_name: "Bo", household_id: null });
    const household = {
      id: HOUSEHOLD_ID,
      name: "The Cozy Flat",
      created_by: "u2",
      iso_4217_code: "GBP",
      created_at: "2026-01-01T00:00:00.000Z",
    };
    const joinedUser = serverUser({ email: "bo@example.com", display_name: "Bo", household_id: HOUSEHOLD_ID });
    const server = respondWith({
      [DETAILS_PATH]: details,
      "POST /api/invites/abc123/join": { body: { data: { success: true, household, user: joinedUser } } },
    });
    const user = userEvent.setup();
    renderInvite();
    await user.click(await screen.findByRole("button", { name: "Join" }));
    expect(await screen.findByRole("heading", { name: "dashboard" })).toBeInTheDocument();
    expect(server.bodies.at(-1)).toEqual({});
    expect(await screen.findByText("You've joined the household.")).toBeInTheDocument();
    expect(useAuthStore.getState().currentUser).toMatchObject({ household_id: HOUSEHOLD_ID, is_admin: false });
  });

  it("asks a person who never chose a name (made through /login) for it on onboarding's invite step before joining", async () => {
    await signIn({ email: "walkc.bbpe@example.com", display_name: "walkc.bbpe", display_name_chosen: false });
    const household = {
      id: HOUSEHOLD_ID,
      name: "The Cozy Flat",
      created_by: "u2",
      iso_4217_code: "GBP",
      created_at: "2026-01-01T00:00:00.000Z",
    };
    const joinedUser = serverUser({ display_name: "Casey Walker", household_id: HOUSEHOLD_ID });
    const server = respondWith({
      [DETAILS_PATH]: details,
      "POST /api/invites/abc123/join": { body: { data: { success: true, household, user: joinedUser } } },
    });
    const user = userEvent.setup();
    renderInvite();
    await user.click(await screen.findByRole("button", { name: "Join" }));

    expect(await screen.findByRole("heading", { name: "You're invited to join The Cozy Flat" })).toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === "POST")).toHaveLength(0);
    expect(screen.getByLabelText("Display name")).toHaveValue("");
    await user.type(screen.getByLabelText("Display name"), "Casey Walker");
    await user.click(screen.getByRole("button", { name: "Join The Cozy Flat" }));
    expect(await screen.findByRole("heading", { name: "dashboard" })).toBeInTheDocument();
    expect(server.bodies.at(-1)).toEqual({ display_name: "Casey Walker" });
  });

  it("does not offer to join a second household", async () => {
    await signIn({ household_id: HOUSEHOLD_ID });
    respondWith({ [DETAILS_PATH]: details });
    renderInvite();
    await waitFor(() => expect(screen.getByRole("button", { name: "Join" })).toBeDisabled());
    expect(screen.getByText("You are already a member of a household.")).toBeInTheDocument();
  });
});
