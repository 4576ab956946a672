import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { Route } from "react-router";
import { respondWith } from "@/lib/testing/fake-server";
import { HOUSEHOLD_ID, renderApp, resetApp, signIn } from "../testing/render-app";
import { HouseholdGreeting } from "./household-greeting";

function renderGreeting() {
  respondWith({ [`GET /api/households/${HOUSEHOLD_ID}`]: { status: 503, body: {} } });
  return renderApp(<Route path="/dashboard" element={<HouseholdGreeting />} />, ["/dashboard"]);
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await resetApp();
});

describe("the dashboard's greeting (issue 18)", () => {
  it("says 'Welcome' on the person's very first visit", async () => {
    await signIn({ display_name: "Casey Walker", household_id: HOUSEHOLD_ID, visited_before: false });
    renderGreeting();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Welcome, Casey Walker!");
  });

  it("says 'Welcome back' once they have been here before", async () => {
    await signIn({ display_name: "Casey Walker", household_id: HOUSEHOLD_ID, visited_before: true });
    renderGreeting();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Welcome back, Casey Walker!");
  });
});
