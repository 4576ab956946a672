import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route } from "react-router";
import { Here, HOUSEHOLD_ID, renderApp, resetApp, signIn } from "@/features/households/testing/render-app";
import { Component as HouseholdCreatePage } from "./household-create";

function renderCreate() {
  return renderApp(
    <>
      <Route path="/household/create" element={<HouseholdCreatePage />} />
      <Route path="/dashboard" element={<Here name="dashboard" />} />
    </>,
    ["/household/create"],
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await resetApp();
});

describe("/household/create", () => {
  it("opens on the onboarding create step, whose Back offers joining instead", async () => {
    await signIn({ display_name: "Ana", household_id: null });
    const user = userEvent.setup();
    renderCreate();
    expect(screen.getByText("Welcome, Ana!")).toBeInTheDocument();
    expect(screen.getByLabelText("Household Name")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByRole("button", { name: /Join Existing Household/ })).toBeInTheDocument();
  });

  it("sends someone who already has a household back to it", async () => {
    await signIn({ household_id: HOUSEHOLD_ID });
    renderCreate();
    expect(screen.getByRole("heading", { name: "dashboard" })).toBeInTheDocument();
  });
});
