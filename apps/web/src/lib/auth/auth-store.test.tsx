import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { finesApi } from "@housemate/contract";
import { render, screen } from "@testing-library/react";
import { Toaster } from "sonner";
import { api } from "@/lib/api-client";
import { useAuthStore } from "./auth-store";
import { respondWith, serverUser, storeSession } from "@/lib/testing/fake-server";

const signedOut = { currentUser: null, isAuthenticated: false, isLoading: true };

beforeEach(() => {
  useAuthStore.setState(signedOut);
  render(<Toaster />);
});
afterEach(() => vi.unstubAllGlobals());

describe("auth check on start", () => {
  it("is signed out without a stored token", () => {
    localStorage.setItem("user", JSON.stringify(serverUser()));
    useAuthStore.getState().checkAuth();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, currentUser: null, isLoading: false });
  });

  it("is signed in with a token and a stored user", () => {
    storeSession();
    useAuthStore.getState().checkAuth();
    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: true,
      isLoading: false,
      currentUser: { id: "u1", uid: "u1", displayName: "Ana" },
    });
  });

  it("removes a token that has no stored user", () => {
    localStorage.setItem("authToken", "session-token");
    useAuthStore.getState().checkAuth();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem("authToken")).toBeNull();
  });

  it("treats a session past its authExpires as none", () => {
    storeSession(serverUser(), "2020-01-01T00:00:00.000Z");
    useAuthStore.getState().checkAuth();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem("authToken")).toBeNull();
  });

  it("removes a token whose stored user is unreadable", () => {
    localStorage.setItem("authToken", "session-token");
    localStorage.setItem("user", JSON.stringify({ email: "ana@example.com" }));
    useAuthStore.getState().checkAuth();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem("authToken")).toBeNull();
  });
});

describe("confirming the session with the server on start", () => {
  it("takes the server's fresh copy of the user", async () => {
    storeSession();
    respondWith({ "GET /api/auth/me": { body: { data: serverUser({ household_id: "h2", display_name: "Ana B" }) } } });
    useAuthStore.getState().checkAuth();
    await vi.waitFor(() =>
      expect(useAuthStore.getState().currentUser).toMatchObject({ householdId: "h2", displayName: "Ana B" }),
    );
    expect(JSON.parse(localStorage.getItem("user") ?? "null")).toMatchObject({ household_id: "h2" });
  });

  it("leaves the store alone when the user is unchanged, so no screen renders again for it", async () => {
    storeSession();
    const server = respondWith({ "GET /api/auth/me": { body: { data: serverUser() } } });
    const changes = vi.fn();
    const stopWatching = useAuthStore.subscribe(changes);
    useAuthStore.getState().checkAuth();
    changes.mockClear();
    // A second confirmation, awaited to its end: the first, asked for before it, has been handled by then.
    await useAuthStore.getState().confirmSession();
    expect(server.requests).toHaveLength(2);
    expect(changes).not.toHaveBeenCalled();
    stopWatching();
  });

  it("signs out at once when the server no longer knows the session", async () => {
    storeSession();
    respondWith({
      "GET /api/auth/me": {
        status: 401,
        body: { error: { message: "Signed out", code: "UNAUTHENTICATED", requestId: "r" } },
      },
    });
    useAuthStore.getState().checkAuth();
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    await vi.waitFor(() => expect(useAuthStore.getState().isAuthenticated).toBe(false));
    expect(localStorage.getItem("authToken")).toBeNull();
  });

  it("keeps the local session when the server cannot be reached", async () => {
    storeSession();
    const fetchStub = vi.fn().mockRejectedValue(new TypeError("Failed to fetch"));
    vi.stubGlobal("fetch", fetchStub);
    useAuthStore.getState().checkAuth();
    await vi.waitFor(() => expect(fetchStub).toHaveBeenCalled());
    await Promise.resolve();
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });
});

describe("auth store persistence", () => {
  it("keeps only currentUser and isAuthenticated under auth-storage", () => {
    storeSession();
    useAuthStore.getState().checkAuth();
    const persisted: unknown = JSON.parse(localStorage.getItem("auth-storage") ?? "{}");
    expect(persisted).toMatchObject({ state: { isAuthenticated: true, currentUser: { id: "u1" } } });
    expect(Object.keys((persisted as { state: object }).state).sort()).toEqual(["currentUser", "isAuthenticated"]);
  });
});

describe("signing in", () => {
  it("sends the magic link, remembers the email and says so", async () => {
    const server = respondWith({ "POST /api/auth/login": { body: { data: { message: "sent" } } } });
    const sent = await useAuthStore.getState().requestMagicLink({ email: "ana@example.com", displayName: "Ana" });
    expect(sent).toBe(true);
    expect(server.bodies[0]).toEqual({ email: "ana@example.com", displayName: "Ana" });
    expect(localStorage.getItem("emailForSignIn")).toBe("ana@example.com");
    expect(useAuthStore.getState().isLoading).toBe(false);
    expect(await screen.findByText("Magic link sent!")).toBeInTheDocument();
    expect(screen.getByText("Check your email for a magic link to sign in")).toBeInTheDocument();
  });

  it("says so when the link could not be sent", async () => {
    respondWith({
      "POST /api/auth/login": {
        status: 429,
        body: { error: { message: "Too many", code: "RATE_LIMITED", requestId: "r" } },
      },
    });
    await expect(useAuthStore.getState().requestMagicLink({ email: "ana@example.com" })).resolves.toBe(false);
    expect(await screen.findByText("Failed to send magic link")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
    expect(localStorage.getItem("emailForSignIn")).toBeNull();
  });

  it("stores the session from a verified link and welcomes the user", async () => {
    respondWith({
      "GET /api/auth/verify": {
        body: {
          data: {
            token: "session-token",
            expires: "2999-01-01T00:00:00.000Z",
            user: serverUser(),
            needsOnboarding: true,
          },
        },
      },
    });
    const result = await useAuthStore.getState().verify("link-store-1");
    expect(result.needsOnboarding).toBe(true);
    expect(localStorage.getItem("authToken")).toBe("session-token");
    expect(localStorage.getItem("authExpires")).toBe("2999-01-01T00:00:00.000Z");
    expect(JSON.parse(localStorage.getItem("user") ?? "null")).toMatchObject({
      id: "u1",
      display_name: "Ana",
      displayName: "Ana",
    });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, currentUser: { id: "u1" } });
    expect(await screen.findByText("Welcome!")).toBeInTheDocument();
    expect(screen.getByText("Logged in as Ana")).toBeInTheDocument();
  });

  it("spends a magic link once even when asked twice", async () => {
    const server = respondWith({
      "GET /api/auth/verify": {
        body: {
          data: {
            token: "t",
            expires: "2999-01-01T00:00:00.000Z",
            user: serverUser({ display_name: "" }),
            needsOnboarding: false,
          },
        },
      },
    });
    const [first, second] = await Promise.all([
      useAuthStore.getState().verify("link-store-2"),
      useAuthStore.getState().verify("link-store-2"),
    ]);
    expect(first).toBe(second);
    expect(server.requests).toHaveLength(1);
    expect(await screen.findByText("Logged in as ana@example.com")).toBeInTheDocument();
  });

  it("names a person by their address until they choose a name, not by the one made from it (issue 18)", async () => {
    respondWith({
      "GET /api/auth/verify": {
        body: {
          data: {
            token: "t",
            expires: "2999-01-01T00:00:00.000Z",
            user: serverUser({
              email: "walkc.bbpe@example.com",
              display_name: "walkc.bbpe",
              display_name_chosen: false,
            }),
            needsOnboarding: true,
            invite: null,
          },
        },
      },
    });
    const { user } = await useAuthStore.getState().verify("link-store-unnamed");
    expect(user.display_name_chosen).toBe(false);
    expect(await screen.findByText("Logged in as walkc.bbpe@example.com")).toBeInTheDocument();
  });

  it("rejects a verified answer without valid user data", async () => {
    respondWith({
      "GET /api/auth/verify": {
        body: { data: { token: "t", expires: "2999-01-01T00:00:00.000Z", user: { id: 1 }, needsOnboarding: true } },
      },
    });
    await expect(useAuthStore.getState().verify("link-store-3")).rejects.toThrow("Invalid user data received");
    expect(localStorage.getItem("authToken")).toBeNull();
  });
});

describe("signing out", () => {
  it("clears the local session and says so", async () => {
    storeSession();
    localStorage.setItem("emailForSignIn", "ana@example.com");
    useAuthStore.getState().checkAuth();
    const server = respondWith({ "POST /api/auth/logout": { body: { data: { success: true } } } });

    await useAuthStore.getState().logout();
    const logout = server.requests.find((request) => request.url.endsWith("/api/auth/logout"));
    expect(logout?.headers.get("Authorization")).toBe("Bearer session-token");
    for (const key of ["authToken", "authExpires", "user", "emailForSignIn"])
      expect(localStorage.getItem(key)).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, currentUser: null });
    expect(await screen.findByText("Logged out")).toBeInTheDocument();
    expect(screen.getByText("You have been logged out successfully")).toBeInTheDocument();
  });

  it("clears the local session even when the server cannot be reached", async () => {
    storeSession();
    useAuthStore.getState().checkAuth();
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await useAuthStore.getState().logout();
    expect(localStorage.getItem("authToken")).toBeNull();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(await screen.findByText("Logged out")).toBeInTheDocument();
  });

  it("signs out locally when the server says the session is over", async () => {
    storeSession();
    useAuthStore.getState().checkAuth();
    respondWith({
      "GET /api/fines": {
        status: 401,
        body: { error: { message: "Session expired", code: "UNAUTHENTICATED", requestId: "r" } },
      },
    });
    await expect(api.call(finesApi.listFines, { query: {} })).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem("authToken")).toBeNull();
  });
});

describe("updating the user", () => {
  it("merges the fields and stores them", () => {
    storeSession();
    useAuthStore.getState().checkAuth();
    useAuthStore.getState().updateUser({ household_id: "h9", is_admin: true });
    expect(useAuthStore.getState().currentUser).toMatchObject({
      household_id: "h9",
      householdId: "h9",
      isAdmin: true,
      displayName: "Ana",
    });
    expect(JSON.parse(localStorage.getItem("user") ?? "null")).toMatchObject({ household_id: "h9", is_admin: true });
  });
});
