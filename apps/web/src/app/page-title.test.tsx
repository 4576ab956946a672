import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "@testing-library/react";
import { Route } from "react-router";
import { useAuthStore } from "@/lib/auth/auth-store";
import { respondWith } from "@/lib/testing/fake-server";
import { HOUSEHOLD_ID, renderApp, resetApp, signIn } from "@/features/households/testing/render-app";
import { Component as Rules } from "./routes/rules";
import { Component as Fines } from "./routes/fines";
import { Component as Login } from "./routes/login";
import { Component as Onboarding } from "./routes/onboarding";
import { pageTitle } from "./page-title";

const LANDING_TITLE = "Housemate: House Rules Made Fun & Fair";

function answerHousehold() {
  respondWith({
    [`GET /api/households/${HOUSEHOLD_ID}`]: {
      body: {
        data: {
          id: HOUSEHOLD_ID,
          name: "The Cozy Flat",
          created_by: "u1",
          iso_4217_code: "GBP",
          created_at: "2026-01-01T00:00:00.000Z",
          join_code: HOUSEHOLD_ID,
          join_by_id: true,
        },
      },
    },
  });
}

afterEach(async () => {
  await resetApp();
  document.title = LANDING_TITLE;
});

describe("the browser tab's title", () => {
  it("names the page and the household when signed in with one", async () => {
    document.title = LANDING_TITLE;
    await signIn({ household_id: HOUSEHOLD_ID });
    answerHousehold();
    renderApp(<Route path="/dashboard/rules" element={<Rules />} />, ["/dashboard/rules"]);
    await waitFor(() => expect(document.title).toBe("Rules · The Cozy Flat · Housemate"));
  });

  it("follows the page heading ('My Fines')", async () => {
    await signIn({ household_id: HOUSEHOLD_ID });
    answerHousehold();
    renderApp(<Route path="/dashboard/fines" element={<Fines />} />, ["/dashboard/fines"]);
    await waitFor(() => expect(document.title).toBe("My Fines · The Cozy Flat · Housemate"));
  });

  it("names the page alone without a household, and gives the title back on leaving", async () => {
    document.title = LANDING_TITLE;
    respondWith({});
    localStorage.clear();
    useAuthStore.getState().checkAuth();
    const { unmount } = renderApp(<Route path="/login" element={<Login />} />, ["/login"]);
    expect(document.title).toBe("Sign In · Housemate");
    unmount();
    expect(document.title).toBe(LANDING_TITLE);

    await signIn({ household_id: null });
    renderApp(<Route path="/onboarding" element={<Onboarding />} />, ["/onboarding"]);
    expect(document.title).toBe("Welcome · Housemate");
  });

  it("is one format for every route", () => {
    expect(pageTitle("Fund", "The Cozy Flat")).toBe("Fund · The Cozy Flat · Housemate");
    expect(pageTitle("Sign Up", undefined)).toBe("Sign Up · Housemate");
  });
});
