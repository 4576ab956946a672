import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  ACCESS_ENDED_MESSAGES,
  REMOVED_MEMBER_REJOIN_MESSAGE,
  WRITTEN_OFF_LEFT_REASON,
  type Fine,
  type Rule,
} from "@housemate/contract";
import { dashboardCard, openLive, openPage, PHONE, screenshot } from "./helpers/browser.js";
import { householdIdOf, signUpAndCreateHousehold, signUpAndJoinHousehold } from "./helpers/household.js";
import { useJourney } from "./helpers/journey.js";
import { callApi, localItem, newEmail, storedUser } from "./helpers/session.js";

const journey = useJourney();
const { open } = journey;

/**
 * Issue 16's journeys (b) and (c): people move out, through the household page's Leave and Remove, and what the others
 * see on pages they already have open. One server and one household for the file.
 */
describe("a household whose people move out", () => {
  const alex = { name: "Alex Moreau", email: newEmail("alex") };
  const blair = { name: "Blair Quinn", email: newEmail("blair") };
  const casey = { name: "Casey Ndiaye", email: newEmail("casey") };
  let alexPage: Page;
  let blairPage: Page;
  let caseyPage: Page;
  let householdId: string;
  let blairsFine: Fine;

  it("Alex, Blair and Casey share 'The Cozy Flat', and Alex fines Blair £2.50", async () => {
    alexPage = await open();
    householdId = await signUpAndCreateHousehold(alexPage, journey.server, alex, {
      name: "The Cozy Flat",
      currency: "GBP",
    });
    blairPage = await open(PHONE);
    await signUpAndJoinHousehold(blairPage, journey.server, blair, householdId);
    caseyPage = await open();
    await signUpAndJoinHousehold(caseyPage, journey.server, casey, householdId);

    // Set-up through the API, as the rules and fines screens would (their journeys are fines.test.ts).
    const rule = await callApi<Rule>(journey.server, alexPage, "POST", "/rules", {
      title: "Dishes left overnight",
      description: "Wash up before bed.",
      fine_amount: 2.5,
      household_id: householdId,
    });
    expect(rule.status).toBe(201);
    const fine = await callApi<Fine>(journey.server, alexPage, "POST", "/fines", {
      offender_id: (await storedUser(blairPage)).id,
      rule_id: rule.data.id,
      amount: 2.5,
      household_id: householdId,
    });
    expect(fine.status).toBe(201);
    blairsFine = fine.data;
  });

  it("(b) Blair leaves owing £2.50, and Alex's open dashboard shows that fine written off, without a reload", async () => {
    await openLive(alexPage, "/dashboard");
    const recent = dashboardCard(alexPage, "Recent Activity");
    await recent.getByText("Alex Moreau fined Blair Quinn", { exact: false }).waitFor();
    await recent.getByText("Pending").waitFor();

    // Blair leaves from the household page; the dialog says the fine she owes is written off.
    await openPage(blairPage, "/dashboard/household");
    await blairPage.getByRole("button", { name: "Leave Household" }).click();
    const dialog = blairPage.getByRole("dialog", { name: "Leave Household" });
    await dialog.getByText("The fine you owe (£2.50, pending or disputed) will be written off.").waitFor();
    const left = blairPage.waitForResponse((res) => res.url().endsWith(`/households/${householdId}/leave`));
    await dialog.getByRole("button", { name: "Leave Household" }).click();
    expect((await left).request().postDataJSON()).toEqual({ confirmWriteOff: true });
    await blairPage.waitForURL("**/onboarding");
    await blairPage.getByText("You left the household").first().waitFor();

    // `household_changed` refreshes Alex's fines and members: Blair is a former member, the fine written off.
    const row = recent.getByRole("article").filter({ hasText: "Former member" });
    await row.getByText("Written off").waitFor();
    // The badge carries the reason (its tooltip, and what a screen reader says).
    await row.getByTitle(WRITTEN_OFF_LEFT_REASON).waitFor();
    expect(await recent.getByText("Pending").count()).toBe(0);
    await screenshot(alexPage, "household-life-written-off-desktop");

    // The fine is kept, out of the lifecycle: the same fine, cancelled, with its reason.
    const listed = await callApi<Fine[]>(journey.server, alexPage, "GET", `/fines/household/${householdId}`);
    expect(listed.data.find((each) => each.id === blairsFine.id)).toMatchObject({
      status: "cancelled",
      cancel_reason: WRITTEN_OFF_LEFT_REASON,
    });
  });

  it("(c) Alex removes Casey: Casey's open dashboard goes to onboarding with the reason, and the old ID is refused", async () => {
    await openLive(caseyPage, "/dashboard");
    const caseyId = (await storedUser(caseyPage)).id;

    // Alex removes Casey from the household page's members, with the reason the dialog asks for.
    await openPage(alexPage, "/dashboard/household");
    await alexPage.getByRole("list", { name: "Members" }).getByRole("button", { name: "Remove Casey Ndiaye" }).click();
    const dialog = alexPage.getByRole("dialog", { name: "Remove Casey Ndiaye" });
    await dialog.getByLabel("Reason").fill("Moved out at the end of March");
    const removed = alexPage.waitForResponse((res) => res.url().endsWith(`/members/${caseyId}/remove`));
    await dialog.getByRole("button", { name: "Remove Member" }).click();
    expect((await removed).status()).toBe(200);

    await caseyPage.waitForURL("**/onboarding");
    await caseyPage.getByText(ACCESS_ENDED_MESSAGES.removed).waitFor();
    await caseyPage.getByText("Welcome, Casey Ndiaye!").waitFor();
    // Still signed in, with no household.
    expect(await storedUser(caseyPage)).toMatchObject({ id: caseyId, household_id: null });
    expect(await localItem(caseyPage, "authToken")).toBeTruthy();
    await screenshot(caseyPage, "household-life-removed-desktop");

    await caseyPage.getByRole("button", { name: /Join Existing Household/ }).click();
    await caseyPage.getByLabel("Household ID").fill(householdId);
    await caseyPage.getByRole("button", { name: "Join Household" }).click();
    await caseyPage.getByText(REMOVED_MEMBER_REJOIN_MESSAGE).waitFor();
    expect(new URL(caseyPage.url()).pathname).toBe("/onboarding");
    await expect(householdIdOf(caseyPage)).rejects.toThrow("no household");
  });
});
