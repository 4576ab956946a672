import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectAccessible } from "./helpers/axe.js";
import { expectNoSidewaysScroll, PHONE, screenshot } from "./helpers/browser.js";
import { signUpAndCreateHousehold } from "./helpers/household.js";
import { useJourney } from "./helpers/journey.js";
import { callApi, localItem, newEmail, nextSignInLink, storedUser } from "./helpers/session.js";

const journey = useJourney();
const { open } = journey;

/** Asks for a link on /login, as a person would, and opens it in the same tab. */
async function signInFromLogin(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  await page.getByText("Check your inbox").waitFor();
  const link = await nextSignInLink(journey.server, email);
  await page.goto(link.pathname + link.search);
  await page.getByText("Successfully authenticated!").waitFor();
}

describe("a first visit through /login (issue 18, defect 14)", () => {
  it("asks the new person's name first, greets them with 'Welcome', and with 'Welcome back' after signing in again", async () => {
    const email = newEmail("walkc.bbpe");
    const localPart = email.slice(0, email.indexOf("@"));
    const page = await open(PHONE);

    // An unknown address: /login makes the account, and onboarding asks its name before SPEC's choice.
    await signInFromLogin(page, email);
    await page.waitForURL("**/onboarding");
    await page.getByText("Welcome, there!").waitFor();
    const name = page.getByLabel("Display name");
    await name.waitFor();
    expect(await name.inputValue()).toBe("");
    expect(await name.getAttribute("placeholder")).toBe(localPart);
    expect(await page.getByRole("button", { name: /Create New Household/ }).count()).toBe(0);
    await expectNoSidewaysScroll(page);
    await screenshot(page, "first-visit-name-phone");
    await expectAccessible(page, "onboarding's name step");

    await name.fill("Casey Walker");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Welcome, Casey Walker!").waitFor();
    await page.getByRole("button", { name: /Create New Household/ }).click();
    await page.getByLabel("Household Name").fill("Flat 9");
    await page.getByRole("button", { name: "Create Household" }).click();
    await page.waitForURL("**/dashboard");

    // The very first visit: 'Welcome', on a reload too, as the server says the same.
    const greeting = page.getByRole("heading", { level: 1 });
    await page.getByRole("heading", { level: 1, name: "Welcome, Casey Walker!" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Welcome, Casey Walker!" }).waitFor();
    expect(JSON.parse((await localItem(page, "user")) ?? "null")).toMatchObject({
      display_name: "Casey Walker",
      display_name_chosen: true,
      visited_before: false,
    });

    await page.getByRole("banner").getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.waitForURL("**/login");

    // Back again: no name asked, and 'Welcome back'.
    await signInFromLogin(page, email);
    await page.waitForURL("**/dashboard");
    await page.getByRole("heading", { level: 1, name: "Welcome back, Casey Walker!" }).waitFor();
    expect(await greeting.textContent()).toBe("Welcome back, Casey Walker!");
    await page.context().close();
  });
});

describe("a person made through /login opens a housemate's invite link (issue 18 review)", () => {
  it("is asked for their name before joining, and joins under it rather than the address's", async () => {
    const ana = await open();
    const householdId = await signUpAndCreateHousehold(
      ana,
      journey.server,
      { name: "Ana Lopez", email: newEmail("ana") },
      { name: "Flat 12" },
    );
    const invite = await callApi<{ inviteUrl: string }>(
      journey.server,
      ana,
      "POST",
      `/households/${householdId}/invites`,
    );
    expect(invite.status).toBe(201);

    const page = await open(PHONE);
    await signInFromLogin(page, newEmail("walkc.bbpe"));
    await page.waitForURL("**/onboarding");
    await page.goto(new URL(invite.data.inviteUrl).pathname);
    await page.getByRole("button", { name: "Join", exact: true }).click();

    await page.getByRole("heading", { name: "You're invited to join Flat 12" }).waitFor();
    const name = page.getByLabel("Display name");
    expect(await name.inputValue()).toBe("");
    await name.fill("Casey Walker");
    await page.getByRole("button", { name: "Join Flat 12" }).click();
    await page.waitForURL("**/dashboard");
    expect(await storedUser(page)).toMatchObject({ display_name: "Casey Walker", household_id: householdId });
    await page.context().close();
    await ana.context().close();
  });
});
