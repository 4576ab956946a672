import { describe, expect, it } from "vitest";
import { PHONE, screenshot } from "./helpers/browser.js";
import { useJourney } from "./helpers/journey.js";
import { localItem, newEmail, nextSignInLink, signInThroughApi } from "./helpers/session.js";

const journey = useJourney();
const { open } = journey;

describe("magic-link sign-in in the browser", () => {
  it("registers a new person through the emailed link, keeps the session on reload, and signs out", async () => {
    const email = newEmail("ana");
    const page = await open(PHONE);

    await page.goto("/register");
    await page.getByText("Enter your name and email to get started").waitFor();
    await screenshot(page, "auth-register-phone");
    await page.getByLabel("Name").fill("Ana Lopez");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Check your inbox").waitFor();
    await screenshot(page, "auth-check-inbox-phone");
    expect(await localItem(page, "emailForSignIn")).toBe(email);

    const link = await nextSignInLink(journey.server, email);
    await page.goto(link.pathname + link.search);
    await page.getByText("Successfully authenticated!").waitFor();
    await page.getByText("Setting up your account...").waitFor();
    await screenshot(page, "auth-verify-success-phone");
    await page.waitForURL("**/onboarding");

    const token = await localItem(page, "authToken");
    expect(token).toBeTruthy();
    expect(JSON.parse((await localItem(page, "user")) ?? "null")).toMatchObject({ email, display_name: "Ana Lopez" });
    const persisted = JSON.parse((await localItem(page, "auth-storage")) ?? "null") as {
      state: Record<string, unknown>;
    };
    expect(Object.keys(persisted.state).sort()).toEqual(["currentUser", "isAuthenticated"]);
    expect(persisted.state.isAuthenticated).toBe(true);

    // Reload: still signed in, still on onboarding (no household yet).
    const confirmed = page.waitForResponse((res) => res.url().includes("/api/auth/me"));
    await page.reload();
    expect((await confirmed).status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/onboarding");

    // The link was spent: opening it again fails on the page.
    await page.goto(link.pathname + link.search);
    await page.getByText("Authentication Failed").waitFor();
    await page.getByRole("button", { name: "Return to Login" }).waitFor();

    // Sign out elsewhere (another device), through the API.
    const status = await page.evaluate(async (bearer) => {
      const res = await fetch("/api/auth/logout", { method: "POST", headers: { Authorization: `Bearer ${bearer}` } });
      return res.status;
    }, token);
    expect(status).toBe(200);
    // The app confirms its session with the server on start: the revoked one ends there.
    await page.goto("/onboarding");
    await page.waitForURL("**/login");
    expect(await localItem(page, "authToken")).toBeNull();
    expect(await localItem(page, "user")).toBeNull();
    await page.context().close();
  });

  it("sends a signed-out visitor to /login and back to the page they wanted, then signs out from the menu", async () => {
    const email = newEmail("bo");
    const token = await signInThroughApi(journey.server, email);
    const created = await fetch(`${journey.server.url}/api/households`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: "The Cozy Flat", iso_4217_code: "GBP" }),
    });
    expect(created.status).toBe(201);

    const page = await open(PHONE);
    await page.goto("/dashboard/rules?tab=all");
    await page.waitForURL("**/login");
    await page.getByText("Enter your email to receive a magic link").waitFor();
    await screenshot(page, "auth-login-phone");

    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Magic Link" }).click();
    await page.getByText("Check your inbox").waitFor();

    const link = await nextSignInLink(journey.server, email);
    await page.goto(link.pathname + link.search);
    await page.getByText("Redirecting you to the dashboard...").waitFor();
    await page.waitForURL("**/dashboard/rules?tab=all");

    // Sign out through the shell's avatar menu: the server session ends and nothing stays behind.
    const session = await localItem(page, "authToken");
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.waitForURL("**/login");
    await page.getByText("You have been logged out successfully").waitFor();
    for (const key of ["authToken", "authExpires", "user", "emailForSignIn"])
      expect(await localItem(page, key)).toBeNull();
    const revoked = await fetch(`${journey.server.url}/api/auth/logout`, {
      method: "POST",
      headers: { Authorization: `Bearer ${session}` },
    });
    expect(revoked.status).toBe(401);
    await page.goto("/dashboard");
    await page.waitForURL("**/login");
    await page.context().close();
  });

  it("joins the invite's household when registering from an invite link, once the person confirms on onboarding", async () => {
    const owner = await signInThroughApi(journey.server, newEmail("cy"));
    const created = await fetch(`${journey.server.url}/api/households`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${owner}` },
      body: JSON.stringify({ name: "Flat 4B" }),
    });
    const { data: household } = (await created.json()) as { data: { id: string } };
    const invited = await fetch(`${journey.server.url}/api/households/${household.id}/invites`, {
      method: "POST",
      headers: { Authorization: `Bearer ${owner}` },
    });
    const { data: invite } = (await invited.json()) as { data: { inviteUrl: string } };
    const code = new URL(invite.inviteUrl).pathname.split("/").pop() ?? "";

    const email = newEmail("di");
    const page = await open(PHONE);
    await page.goto("/register");
    // What the invite page's Join button leaves behind (SPEC §2 Invite landing).
    await page.evaluate((c) => sessionStorage.setItem("inviteCode", c), code);
    await page.reload();
    await page.getByText("You're joining a household via invite link").waitFor();
    await page.getByText("Create an account to join the household").waitFor();
    await screenshot(page, "auth-register-invite-phone");
    await page.getByLabel("Name").fill("Di");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Check your inbox").waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem("inviteCode"))).toBeNull();

    const link = await nextSignInLink(journey.server, email);
    await page.goto(link.pathname + link.search);
    // The link signs in and joins nothing yet (decision 021): onboarding offers Flat 4B under the name given.
    await page.getByText("Setting up your account...").waitFor();
    await page.waitForURL("**/onboarding");
    await page.getByRole("heading", { name: "You're invited to join Flat 4B" }).waitFor();
    expect(JSON.parse((await localItem(page, "user")) ?? "null")).toMatchObject({ household_id: null });
    expect(await page.getByLabel("Display name").inputValue()).toBe("Di");
    await page.getByRole("button", { name: "Join Flat 4B" }).click();
    await page.waitForURL("**/dashboard");
    expect(JSON.parse((await localItem(page, "user")) ?? "null")).toMatchObject({
      household_id: household.id,
      display_name: "Di",
    });
    await page.context().close();
  });

  it("explains a verify URL without a token", async () => {
    const page = await open(PHONE);
    await page.goto("/auth/verify");
    await page.getByText("No verification token found in URL").waitFor();
    await screenshot(page, "auth-verify-failed-phone");
    await page.getByRole("button", { name: "Return to Login" }).click();
    await page.waitForURL("**/login");
    await page.context().close();
  });
});
