import { StrictMode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import type { PendingInvite } from "@housemate/contract";
import { useAuthStore } from "@/lib/auth/auth-store";
import { respondWith, serverUser } from "@/lib/testing/fake-server";
import { savePendingInvite } from "@/lib/pending-invite";
import { readPendingInvite } from "@/features/households/utils/read-pending-invite";
import { Component as VerifyPage } from "./verify";

function renderAt(path: string) {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auth/verify" element={<VerifyPage />} />
          <Route path="/login" element={<h1>login</h1>} />
          <Route path="/onboarding" element={<h1>onboarding</h1>} />
          <Route path="/dashboard" element={<h1>dashboard</h1>} />
          <Route path="/dashboard/fines" element={<h1>fines</h1>} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
}

function verifiedAs(needsOnboarding: boolean, invite: PendingInvite | null = null) {
  return respondWith({
    "GET /api/auth/verify": {
      body: {
        data: {
          token: "session-token",
          expires: "2999-01-01T00:00:00.000Z",
          user: serverUser({ household_id: needsOnboarding ? null : "11111111-1111-4111-8111-111111111111" }),
          needsOnboarding,
          invite,
        },
      },
    },
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  useAuthStore.getState().checkAuth();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("magic link verification page", () => {
  it("verifies once under StrictMode, then sets up a new account and goes to /onboarding", async () => {
    const server = verifiedAs(true);
    renderAt("/auth/verify?token=page-1");
    expect(screen.getByText("Verifying your credentials...")).toBeInTheDocument();

    expect(await screen.findByText("Successfully authenticated!")).toBeInTheDocument();
    expect(screen.getByText("Setting up your account...")).toBeInTheDocument();
    expect(screen.getByRole("status")).toBeInTheDocument();
    expect(server.requests).toHaveLength(1);
    expect(new URL(server.requests[0]?.url ?? "").searchParams.get("token")).toBe("page-1");
    expect(useAuthStore.getState().isAuthenticated).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "onboarding" })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole("heading", { name: "onboarding" })).toBeInTheDocument();
  });

  it("keeps the link's invite for onboarding to offer, joining nothing (decision 021)", async () => {
    const invite = {
      code: "code-1",
      householdName: "The Cozy Flat",
      memberCount: 2,
      fullMessage: null,
      displayName: "Blair",
    };
    verifiedAs(true, invite);
    renderAt("/auth/verify?token=page-invite");
    expect(await screen.findByText("Setting up your account...")).toBeInTheDocument();
    expect(readPendingInvite()).toEqual(invite);
    expect(useAuthStore.getState().currentUser?.household_id).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.getByRole("heading", { name: "onboarding" })).toBeInTheDocument();
  });

  it("forgets an older invite when the link carries none", async () => {
    savePendingInvite({
      code: "old",
      householdName: "Old Flat",
      memberCount: 1,
      fullMessage: null,
      displayName: "Ana",
    });
    verifiedAs(true);
    renderAt("/auth/verify?token=page-no-invite");
    expect(await screen.findByText("Setting up your account...")).toBeInTheDocument();
    expect(readPendingInvite()).toBeNull();
  });

  it("sends a member of a household to the dashboard", async () => {
    verifiedAs(false);
    renderAt("/auth/verify?token=page-2");
    expect(await screen.findByText("Redirecting you to the dashboard...")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.getByRole("heading", { name: "dashboard" })).toBeInTheDocument();
  });

  it("returns a member to the page they were sent to sign in from", async () => {
    sessionStorage.setItem("returnTo", "/dashboard/fines");
    verifiedAs(false);
    renderAt("/auth/verify?token=page-3");
    await screen.findByText("Successfully authenticated!");
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.getByRole("heading", { name: "fines" })).toBeInTheDocument();
    expect(sessionStorage.getItem("returnTo")).toBeNull();
  });

  it("shows the server's reason when the link is refused, and a way back to /login", async () => {
    respondWith({
      "GET /api/auth/verify": {
        status: 401,
        body: {
          error: {
            message: "This sign-in link has expired or was already used.",
            code: "UNAUTHENTICATED",
            requestId: "r",
          },
        },
      },
    });
    renderAt("/auth/verify?token=page-4");
    expect(await screen.findByText("Authentication Failed")).toBeInTheDocument();
    expect(screen.getByText("This sign-in link has expired or was already used.")).toBeInTheDocument();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);

    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole("button", { name: "Return to Login" }));
    expect(screen.getByRole("heading", { name: "login" })).toBeInTheDocument();
  });

  it("says so when the URL has no token, without calling the server", () => {
    const server = verifiedAs(true);
    renderAt("/auth/verify");
    expect(screen.getByText("Authentication Failed")).toBeInTheDocument();
    expect(screen.getByText("No verification token found in URL")).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it("falls back to 'Failed to verify magic link' for an answer it cannot read", async () => {
    respondWith({ "GET /api/auth/verify": { body: { data: { success: false } } } });
    renderAt("/auth/verify?token=page-5");
    expect(await screen.findByText("Failed to verify magic link")).toBeInTheDocument();
  });
});
