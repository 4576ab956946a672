import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route } from "react-router";
import { householdFullMessage, type InviteDetails } from "@housemate/contract";
import { useAuthStore } from "@/lib/auth/auth-store";
import { respondWith, type FakeAnswer } from "@/lib/testing/fake-server";
import { Here, HOUSEHOLD_ID, renderApp, resetApp, signIn } from "@/features/households/testing/render-app";
import { Component as InvitePage } from "./invite";
import { Component as OnboardingPage } from "./onboarding";

const DETAILS_PATH = "GET /api/invites/abc123";
const FULL = householdFullMessage("basic");
/** The server's refusal of a join into a full household (issue 21): 402 with the contract's message. */
const full: FakeAnswer = { status: 402, body: { error: { message: FULL, code: "PLAN_LIMIT", requestId: "r1" } } };
const details = (fullMessage: string | null): FakeAnswer => ({
  body: { data: { householdName: "The Cozy Flat", memberCount: 5, fullMessage } satisfies InviteDetails },
});

function renderAt(path: string) {
  return renderApp(
    <>
      <Route path="/invite/:code" element={<InvitePage />} />
      <Route path="/register" element={<Here name="register" />} />
      <Route path="/onboarding" element={<OnboardingPage />} />
      <Route path="/dashboard" element={<Here name="dashboard" />} />
    </>,
    [path],
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await resetApp();
});

describe("joining a household whose plan is full", () => {
  it("says so on the invite landing before anyone registers, and offers no Join", async () => {
    useAuthStore.getState().checkAuth();
    respondWith({ [DETAILS_PATH]: details(FULL) });
    renderAt("/invite/abc123");
    expect(await screen.findByText("The Cozy Flat")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(FULL);
    expect(screen.queryByRole("button", { name: "Join" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Home" })).toBeInTheDocument();
  });

  it("offers Join when the invite says nothing of a full household", async () => {
    useAuthStore.getState().checkAuth();
    respondWith({ [DETAILS_PATH]: details(null) });
    renderAt("/invite/abc123");
    expect(await screen.findByRole("button", { name: "Join" })).toBeEnabled();
    expect(screen.queryByText(FULL)).not.toBeInTheDocument();
  });

  it("shows the server's message when the last seat went while the landing was open", async () => {
    await signIn({ display_name: "Ana Lopez", display_name_chosen: true });
    respondWith({ [DETAILS_PATH]: details(null), "POST /api/invites/abc123/join": full });
    renderAt("/invite/abc123");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Join" }));
    expect(await screen.findByText(FULL)).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "dashboard" })).not.toBeInTheDocument();
  });

  it("shows the server's message, naming the plan, when joining by ID is refused", async () => {
    await signIn({ display_name: "Ana Lopez" });
    respondWith({ [`POST /api/households/${HOUSEHOLD_ID}/join`]: full });
    renderAt("/onboarding");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Join Existing Household/ }));
    await user.type(screen.getByLabelText("Household ID"), HOUSEHOLD_ID);
    await user.click(screen.getByRole("button", { name: "Join Household" }));
    expect(await screen.findByText(FULL)).toBeInTheDocument();
    expect(screen.queryByText("Failed to join household. Please check the ID and try again.")).not.toBeInTheDocument();
  });
});
