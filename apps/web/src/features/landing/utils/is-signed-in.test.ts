import { describe, expect, it } from "vitest";
import { isSignedIn } from "./is-signed-in";

const persist = (isAuthenticated: boolean) =>
  localStorage.setItem("auth-storage", JSON.stringify({ state: { currentUser: null, isAuthenticated }, version: 0 }));

describe("isSignedIn", () => {
  it("is false for a first-time visitor", () => {
    expect(isSignedIn()).toBe(false);
  });

  it("is true with a stored token and the persisted isAuthenticated flag", () => {
    localStorage.setItem("authToken", "t");
    persist(true);
    expect(isSignedIn()).toBe(true);
  });

  it("is false with a token but the flag cleared, or the flag but no token", () => {
    localStorage.setItem("authToken", "t");
    persist(false);
    expect(isSignedIn()).toBe(false);
    localStorage.removeItem("authToken");
    persist(true);
    expect(isSignedIn()).toBe(false);
  });

  it("is false once the stored session has expired", () => {
    localStorage.setItem("authToken", "t");
    localStorage.setItem("authExpires", new Date(Date.now() - 1000).toISOString());
    persist(true);
    expect(isSignedIn()).toBe(false);
  });

  it("is false when the persisted state is not JSON", () => {
    localStorage.setItem("authToken", "t");
    localStorage.setItem("auth-storage", "{oops");
    expect(isSignedIn()).toBe(false);
  });
});
