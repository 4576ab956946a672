import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route } from "react-router";
import { DISPLAY_NAME_MESSAGE } from "@housemate/contract";
import { useAuthStore } from "@/lib/auth/auth-store";
import { respondWith, serverUser } from "@/lib/testing/fake-server";
import { savePendingInvite } from "@/lib/pending-invite";
import { renderApp, resetApp, signIn } from "@/features/households/testing/render-app";
import { Component as HouseholdCreatePage } from "./household-create";
import { Component as OnboardingPage } from "./onboarding";

const SAVE_NAME = "PUT /api/users/u1";

function renderOnboarding() {
  return renderApp(<Route path="/onboarding" element={<OnboardingPage />} />, ["/onboarding"]);
}

const nameField = () => screen.getByLabelText("Display name");
const continueButton = () => screen.getByRole("button", { name: "Continue" });

afterEach(async () => {
  vi.unstubAllGlobals();
  await resetApp();
});

describe("onboarding asks an account made through /login for its name first (issue 18)", () => {
  beforeEach(() => signIn({ display_name: "walkc.bbpe", display_name_chosen: false }));

  it("opens on the name, with the one made from the address only as a placeholder", () => {
    respondWith({});
    renderOnboarding();
    expect(screen.getByText("Welcome, there!")).toBeInTheDocument();
    expect(screen.getByText("First, what should your housemates call you?")).toBeInTheDocument();
    expect(nameField()).toHaveValue("");
    expect(nameField()).toHaveAttribute("placeholder", "walkc.bbpe");
    expect(nameField()).toHaveFocus();
    expect(continueButton()).toBeDisabled();
    expect(screen.queryByRole("button", { name: /Create New Household/ })).not.toBeInTheDocument();
  });

  it("refuses a name that is not a valid display name with the contract's message, gone once fixed", async () => {
    respondWith({});
    const user = userEvent.setup();
    renderOnboarding();
    await user.type(nameField(), "Casey!!");
    expect(screen.getByText(DISPLAY_NAME_MESSAGE)).toBeInTheDocument();
    expect(nameField()).toHaveAttribute("aria-invalid", "true");
    expect(continueButton()).toBeDisabled();
    await user.clear(nameField());
    await user.type(nameField(), "Casey");
    expect(screen.queryByText(DISPLAY_NAME_MESSAGE)).not.toBeInTheDocument();
    expect(continueButton()).toBeEnabled();
  });

  it("saves the chosen name, greets the person by it, then offers SPEC's choice", async () => {
    const server = respondWith({ [SAVE_NAME]: { body: { data: serverUser({ display_name: "Casey Walker" }) } } });
    const user = userEvent.setup();
    renderOnboarding();
    await user.type(nameField(), "  Casey   Walker ");
    await user.click(continueButton());

    expect(await screen.findByText("Welcome, Casey Walker!")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Create New Household/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Join Existing Household/ })).toBeInTheDocument();
    expect(server.bodies).toEqual([{ display_name: "Casey Walker" }]);
    expect(useAuthStore.getState().currentUser).toMatchObject({
      display_name: "Casey Walker",
      display_name_chosen: true,
    });
  });

  it("stays on the name and says so when it could not be saved", async () => {
    respondWith({ [SAVE_NAME]: { status: 500, body: {} } });
    const user = userEvent.setup();
    renderOnboarding();
    await user.type(nameField(), "Casey");
    await user.click(continueButton());
    expect(await screen.findByText("Failed to save your name. Please try again.")).toBeInTheDocument();
    expect(nameField()).toHaveValue("Casey");
    expect(useAuthStore.getState().currentUser?.display_name_chosen).toBe(false);
  });

  it("asks through the invite step when the sign-in link carried an invite, and again before the choice if set aside", async () => {
    savePendingInvite({
      code: "code-1",
      householdName: "The Cozy Flat",
      memberCount: 2,
      fullMessage: null,
      displayName: "",
    });
    respondWith({});
    const user = userEvent.setup();
    renderOnboarding();
    expect(screen.getByRole("heading", { name: "You're invited to join The Cozy Flat" })).toBeInTheDocument();
    expect(nameField()).toHaveValue("");
    expect(screen.getByRole("button", { name: "Join The Cozy Flat" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Not now" }));
    expect(screen.getByText("First, what should your housemates call you?")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Create New Household/ })).not.toBeInTheDocument();
  });

  it("after 'Not now', asks for the name with the one proposed at /register filled in, then offers the choice", async () => {
    savePendingInvite({
      code: "code-1",
      householdName: "The Cozy Flat",
      memberCount: 2,
      fullMessage: null,
      displayName: "Jo Iner",
    });
    const server = respondWith({ [SAVE_NAME]: { body: { data: serverUser({ display_name: "Jo Iner" }) } } });
    const user = userEvent.setup();
    renderOnboarding();
    expect(nameField()).toHaveValue("Jo Iner");

    await user.click(screen.getByRole("button", { name: "Not now" }));
    expect(screen.getByText("First, what should your housemates call you?")).toBeInTheDocument();
    expect(nameField()).toHaveValue("Jo Iner");
    await user.click(continueButton());
    expect(await screen.findByRole("button", { name: /Create New Household/ })).toBeInTheDocument();
    expect(server.bodies).toEqual([{ display_name: "Jo Iner" }]);
    expect(screen.getByText("Welcome, Jo Iner!")).toBeInTheDocument();
  });

  it("leaves the name step when the current user says the name is chosen (another device)", async () => {
    respondWith({});
    renderOnboarding();
    expect(nameField()).toBeInTheDocument();
    act(() => useAuthStore.getState().updateUser({ display_name: "Casey", display_name_chosen: true }));
    expect(await screen.findByRole("button", { name: /Create New Household/ })).toBeInTheDocument();
    expect(screen.queryByLabelText("Display name")).not.toBeInTheDocument();
  });
});

describe("/household/create, onboarding's create step on its own", () => {
  it("asks an unnamed person's name first, then opens on the create step", async () => {
    await signIn({ display_name: "walkc.bbpe", display_name_chosen: false });
    respondWith({ [SAVE_NAME]: { body: { data: serverUser({ display_name: "Casey" }) } } });
    const user = userEvent.setup();
    renderApp(<Route path="/household/create" element={<HouseholdCreatePage />} />, ["/household/create"]);
    expect(screen.queryByLabelText("Household Name")).not.toBeInTheDocument();
    await user.type(nameField(), "Casey");
    await user.click(continueButton());
    expect(await screen.findByLabelText("Household Name")).toBeInTheDocument();
    expect(screen.getByText("Welcome, Casey!")).toBeInTheDocument();
  });
});

describe("onboarding does not ask a person who gave their name", () => {
  it("goes straight to SPEC's choice for an account made through /register", async () => {
    await signIn({ display_name: "Reggie", display_name_chosen: true });
    respondWith({});
    renderOnboarding();
    expect(screen.getByText("Welcome, Reggie!")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Create New Household/ })).toBeInTheDocument();
    expect(screen.queryByLabelText("Display name")).not.toBeInTheDocument();
  });
});
