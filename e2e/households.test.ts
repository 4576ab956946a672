import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { openPage, PHONE, screenshot, screenshotScreen } from "./helpers/browser.js";
import { dismissToasts, householdIdOf } from "./helpers/household.js";
import { useJourney } from "./helpers/journey.js";
import { localItem, newEmail, registerThroughEmail } from "./helpers/session.js";

const journey = useJourney();
const { open } = journey;

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** The names in the dashboard's Housemates card, once it has loaded. */
async function housemates(page: Page): Promise<string[]> {
  const list = page.getByRole("list", { name: "Housemates" });
  await list.waitFor();
  return (await list.getByRole("listitem").allTextContents()).map((text) => text.replace(/^[A-Z?]{1,2}/, "").trim());
}

describe("a household in the browser", () => {
  const ana = { name: "Ana Lopez", email: newEmail("ana") };
  const bo = { name: "Bo Chen", email: newEmail("bo") };
  const cy = { name: "Cy Okafor", email: newEmail("cy") };
  const dee = { name: "Dee Park", email: newEmail("dee") };
  let anaPage: Page;
  let inviteUrl: URL;
  let householdId: string;

  it("Ana registers, creates 'The Cozy Flat' in GBP and lands on the dashboard", async () => {
    anaPage = await open();
    await anaPage.goto("/register");
    await registerThroughEmail(anaPage, journey.server, ana);
    await anaPage.waitForURL("**/onboarding");
    await anaPage.getByText("Welcome, Ana Lopez!").waitFor();
    await anaPage.getByRole("button", { name: /Create New Household/ }).waitFor();
    await dismissToasts(anaPage);
    await screenshot(anaPage, "households-onboarding-desktop");

    await anaPage.getByRole("button", { name: /Create New Household/ }).click();
    await anaPage.getByLabel("Household Name").fill("The Cozy Flat");
    expect(await anaPage.getByRole("combobox", { name: "Currency" }).textContent()).toContain("GBP");
    await screenshot(anaPage, "households-onboarding-create-desktop");
    await anaPage.getByRole("button", { name: "Create Household" }).click();

    await anaPage.waitForURL("**/dashboard");
    await anaPage.getByText("Your household has been created.").waitFor();
    await anaPage.getByText("Here's what's happening in The Cozy Flat.").waitFor();
    expect(await housemates(anaPage)).toEqual(["Ana Lopez (you)"]);
    const user = JSON.parse((await localItem(anaPage, "user")) ?? "null") as {
      household_id: string;
      is_admin: boolean;
    };
    expect(user.is_admin).toBe(true);
    householdId = user.household_id;

    // Onboarding was replaced in history: Back does not return to it.
    await anaPage.goBack();
    expect(new URL(anaPage.url()).pathname).not.toBe("/onboarding");
    await anaPage.goto("/dashboard");
    await anaPage.getByText("Here's what's happening in The Cozy Flat.").waitFor();
  });

  it("Ana copies an invite link from the dialog", async () => {
    await openPage(anaPage, "/dashboard");
    await anaPage.getByRole("button", { name: "Invite Housemates" }).click();
    const dialog = anaPage.getByRole("dialog", { name: "Invite Housemates" });
    await dialog.getByText("This link expires in 7 days and can be used by multiple people.").waitFor();
    const field = dialog.getByLabel("Invite Link");
    await expect.poll(() => field.inputValue()).toContain("/invite/");
    await dialog.getByRole("button", { name: "Copy link" }).click();
    await anaPage.getByText("Link copied!").waitFor();
    await dialog.getByRole("button", { name: "Copied" }).waitFor();
    await screenshot(anaPage, "households-invite-dialog-desktop");

    inviteUrl = new URL(await clipboard(anaPage));
    expect(inviteUrl.href).toBe(await field.inputValue());
    expect(inviteUrl.origin).toBe(journey.server.url);
    // The tick goes back to the copy icon after 2 seconds.
    await dialog.getByRole("button", { name: "Copy link" }).waitFor({ timeout: 4000 });
    await anaPage.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });

  it("Bo opens the invite signed out, registers through the emailed link, confirms his name on onboarding and lands on the dashboard as a member", async () => {
    const page = await open(PHONE);
    await page.goto(inviteUrl.pathname);
    await page.getByText("The Cozy Flat").waitFor();
    await page.getByText("1 member", { exact: true }).waitFor();
    await page.getByRole("link", { name: "Go to Home" }).waitFor();
    await screenshot(page, "households-invite-landing-phone");

    await page.getByRole("button", { name: "Join" }).click();
    await page.waitForURL("**/register");
    await page.getByText("You're joining a household via invite link").waitFor();
    await registerThroughEmail(page, journey.server, bo);

    // Opening the link joined nothing: onboarding asks first (decision 021).
    await page.waitForURL("**/onboarding");
    await page.getByRole("heading", { name: "You're invited to join The Cozy Flat" }).waitFor();
    expect(await page.getByLabel("Display name").inputValue()).toBe("Bo Chen");
    await dismissToasts(page);
    await screenshot(page, "households-onboarding-invite-phone");
    await page.getByRole("button", { name: "Join The Cozy Flat" }).click();

    await page.waitForURL("**/dashboard");
    await page.getByText("You've joined the household.").waitFor();
    await page.getByText("Here's what's happening in The Cozy Flat.").waitFor();
    expect(await housemates(page)).toEqual(expect.arrayContaining(["Ana Lopez", "Bo Chen (you)"]));
    const user = JSON.parse((await localItem(page, "user")) ?? "null") as { household_id: string; is_admin: boolean };
    expect(user).toMatchObject({ household_id: householdId, is_admin: false });
    await dismissToasts(page);
    // What the screen shows, no more: a full-page capture would paint the fixed phone bar mid-page.
    await screenshotScreen(page, "households-shell-phone");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshotScreen(page, "households-shell-phone-dark");

    // Ana sees Bo too.
    await openPage(anaPage, "/dashboard");
    expect(await housemates(anaPage)).toEqual(expect.arrayContaining(["Ana Lopez (you)", "Bo Chen"]));
    await dismissToasts(anaPage);
    await screenshotScreen(anaPage, "households-shell-desktop");
  });

  it("Dee opens the invite, registers, and declines it on onboarding: no household, SPEC's choice instead", async () => {
    const page = await open(PHONE);
    await page.goto(inviteUrl.pathname);
    await page.getByRole("button", { name: "Join" }).click();
    await page.waitForURL("**/register");
    await registerThroughEmail(page, journey.server, dee);
    await page.waitForURL("**/onboarding");
    await page.getByRole("heading", { name: "You're invited to join The Cozy Flat" }).waitFor();
    await page.getByRole("button", { name: "Not now" }).click();
    // The name typed on /register came with the invite, so it was only proposed: asked again, filled in with it.
    await page.getByText("First, what should your housemates call you?").waitFor();
    expect(await page.getByLabel("Display name").inputValue()).toBe(dee.name);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: /Create New Household/ }).waitFor();
    await page.getByRole("button", { name: /Join Existing Household/ }).waitFor();

    // The invite is forgotten: a reload stays on the choice, and Dee belongs to no household.
    await page.reload();
    await page.getByRole("button", { name: /Create New Household/ }).waitFor();
    expect(await page.getByText("You're invited to join The Cozy Flat").count()).toBe(0);
    const user = JSON.parse((await localItem(page, "user")) ?? "null") as { household_id: string | null };
    expect(user.household_id).toBeNull();
    await page.context().close();
  });

  it("Cy joins by the household ID Ana copies from the phone bar", async () => {
    await openPage(anaPage, "/dashboard", PHONE);
    await anaPage.getByRole("navigation", { name: "Mobile" }).getByRole("button", { name: "Invite" }).click();
    await anaPage.getByText("Household ID copied!").waitFor();
    // The code that joins is the household's id until an admin rotates it (docs/decisions/020).
    const copied = await clipboard(anaPage);
    expect(copied).toBe(householdId);

    const page = await open(PHONE);
    await page.goto("/register");
    await registerThroughEmail(page, journey.server, cy);
    await page.waitForURL("**/onboarding");
    await page.getByText("Welcome, Cy Okafor!").waitFor();
    await dismissToasts(page);
    await screenshot(page, "households-onboarding-phone");
    await page.getByRole("button", { name: /Join Existing Household/ }).click();
    await page.getByLabel("Household ID").fill(copied);
    await dismissToasts(page);
    await screenshot(page, "households-onboarding-join-phone");
    await page.getByRole("button", { name: "Join Household" }).click();

    await page.waitForURL("**/dashboard");
    await page.getByText("You've joined the household.").waitFor();
    await dismissToasts(page);
    expect((await housemates(page)).sort()).toEqual(["Ana Lopez", "Bo Chen", "Cy Okafor (you)"]);

    // The invite page counts everyone now.
    const visitor = await open(PHONE);
    await visitor.goto(inviteUrl.pathname);
    await visitor.getByText("3 members", { exact: true }).waitFor();

    // The avatar menu names Cy and logs out.
    await page.getByRole("button", { name: "Account menu" }).click();
    const menu = page.getByRole("menu");
    await menu.getByText(cy.email).waitFor();
    await screenshotScreen(page, "households-avatar-menu-phone");
    await menu.getByRole("menuitem", { name: "Log out" }).click();
    await page.waitForURL("**/login");
    expect(await localItem(page, "authToken")).toBeNull();
  });

  it("once Ana rotates the code, the old ID is refused with SPEC's message and the phone bar copies the new one", async () => {
    await openPage(anaPage, "/dashboard", PHONE);
    // No settings screen yet (a later issue): Ana's own session rotates it through the API.
    const rotated = await anaPage.evaluate(async (id) => {
      const res = await fetch(`/api/households/${id}/join-code`, {
        method: "POST",
        headers: { authorization: `Bearer ${localStorage.getItem("authToken") ?? ""}` },
      });
      return { status: res.status, body: (await res.json()) as { data?: { join_code?: string } } };
    }, householdId);
    expect(rotated.status).toBe(200);
    const newCode = rotated.body.data?.join_code ?? "";
    expect(newCode).not.toBe(householdId);

    await anaPage.reload();
    await anaPage.getByRole("navigation", { name: "Mobile" }).getByRole("button", { name: "Invite" }).click();
    await anaPage.getByText("Household ID copied!").waitFor();
    expect(await clipboard(anaPage)).toBe(newCode);

    const page = await open(PHONE);
    await page.goto("/register");
    await registerThroughEmail(page, journey.server, { name: "Ed Park", email: newEmail("ed") });
    await page.waitForURL("**/onboarding");
    await page.getByRole("button", { name: /Join Existing Household/ }).click();
    await page.getByLabel("Household ID").fill(householdId);
    await page.getByRole("button", { name: "Join Household" }).click();
    await page.getByText("Failed to join household. Please check the ID and try again.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/onboarding");

    await page.getByLabel("Household ID").fill(newCode);
    await page.getByRole("button", { name: "Join Household" }).click();
    await page.waitForURL("**/dashboard");
    await page.getByText("You've joined the household.").waitFor();
    expect(await householdIdOf(page)).toBe(householdId);
  });

  it("keeps a mistyped household ID out, with SPEC's message", async () => {
    const page = await open(PHONE);
    await page.goto("/register");
    await registerThroughEmail(page, journey.server, { name: "Di", email: newEmail("di") });
    await page.waitForURL("**/onboarding");
    await page.getByRole("button", { name: /Join Existing Household/ }).click();
    await page.getByLabel("Household ID").fill("00000000-0000-4000-8000-000000000000");
    await page.getByRole("button", { name: "Join Household" }).click();
    await page.getByText("Failed to join household. Please check the ID and try again.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/onboarding");
  });

  it("says an unknown invite link is invalid or has expired", async () => {
    const page = await open(PHONE);
    await page.goto("/invite/not-a-real-code");
    await page.getByText("This invite link is invalid or has expired.").waitFor();
  });
});
