import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { INVITE_INVALID_MESSAGE } from "@housemate/contract";
import { expectNoSidewaysScroll, openPage, PHONE, screenshot } from "./helpers/browser.js";
import { signUpAndCreateHousehold, signUpAndJoinHousehold } from "./helpers/household.js";
import { useJourney } from "./helpers/journey.js";
import { newEmail } from "./helpers/session.js";

const journey = useJourney();
const { open } = journey;

const SETTINGS_PATH = "/dashboard/household";

/**
 * Issue 16's household settings page, in one household signed up once for the file: Alex (its admin) renames it,
 * revokes an invite link, and copies the household ID a newcomer joins with.
 */
describe("the household settings page", () => {
  const alex = { name: "Alex Reed", email: newEmail("alex") };
  const blair = { name: "Blair Shaw", email: newEmail("blair") };
  let alexPage: Page;
  let blairPage: Page;

  it("Alex creates 'The Cozy Flat', Blair joins, and both reach the page from the sidebar", async () => {
    alexPage = await open();
    blairPage = await open();
    const householdId = await signUpAndCreateHousehold(alexPage, journey.server, alex, { name: "The Cozy Flat" });
    await signUpAndJoinHousehold(blairPage, journey.server, blair, householdId);

    await alexPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Household" }).click();
    await alexPage.waitForURL(`**${SETTINGS_PATH}`);
    const members = alexPage.getByRole("list", { name: "Members" });
    await members.getByRole("button", { name: "Remove Blair Shaw" }).waitFor();
    expect(await members.getByText("Admin", { exact: true }).count()).toBe(1);
  });

  it("(a) Alex renames 'The Cozy Flat' to 'Flat 3B'; Blair's open page shows the new name", async () => {
    // Blair, a member, has the page open on a phone (read-only for her), its live socket connected.
    const connected = blairPage.waitForEvent("websocket").then((socket) => socket.waitForEvent("framereceived"));
    await openPage(blairPage, SETTINGS_PATH, PHONE);
    await blairPage.getByRole("main").getByText("The Cozy Flat").first().waitFor();
    await connected;

    await openPage(alexPage, SETTINGS_PATH);
    const name = alexPage.getByLabel("Household Name");
    await expect.poll(() => name.inputValue()).toBe("The Cozy Flat");
    await name.fill("Flat 3B");
    await alexPage.getByRole("button", { name: "Save Changes" }).click();
    await alexPage.getByText("Household updated").waitFor();
    await alexPage.getByRole("main").getByText("Flat 3B").first().waitFor();
    await screenshot(alexPage, "household-settings-desktop");

    // Blair's page learns of it live (household_changed), without a reload.
    await blairPage.getByRole("main").getByText("Flat 3B").first().waitFor();
    expect(await blairPage.getByLabel("Household Name").count()).toBe(0);
    await blairPage
      .getByRole("list", { name: "Invite links" })
      .or(blairPage.getByText("No live invite links"))
      .waitFor();
    await expectNoSidewaysScroll(blairPage);
    await screenshot(blairPage, "household-settings-member-phone");
  });

  it("(d) Alex revokes an invite link, and opening it says it is invalid", async () => {
    await openPage(alexPage, SETTINGS_PATH);
    await alexPage.getByRole("button", { name: "Create invite link" }).click();
    const dialog = alexPage.getByRole("dialog", { name: "Invite Housemates" });
    const field = dialog.getByLabel("Invite Link");
    await expect.poll(() => field.inputValue()).toContain("/invite/");
    const inviteUrl = await field.inputValue();
    await alexPage.keyboard.press("Escape");

    const links = alexPage.getByRole("list", { name: "Invite links" });
    await links.getByText(inviteUrl).waitFor();
    await links.getByRole("button", { name: /^Revoke the link/ }).click();
    await alexPage
      .getByRole("alertdialog", { name: "Revoke this invite link?" })
      .getByRole("button", { name: "Revoke Link" })
      .click();
    await alexPage.getByText("Invite link revoked").waitFor();
    await alexPage.getByText("No live invite links").waitFor();

    const visitor = await open();
    await visitor.goto(inviteUrl);
    await visitor.getByText(INVITE_INVALID_MESSAGE).waitFor();
  });

  it("(e) Alex copies the household ID from the page on a desktop, and a newcomer joins with it", async () => {
    await openPage(alexPage, SETTINGS_PATH);
    const shown = alexPage.getByLabel("Household ID");
    await expect.poll(() => shown.textContent()).toMatch(/\S{8,}/);
    await alexPage.getByRole("button", { name: "Copy ID" }).click();
    await alexPage.getByText("Household ID copied!").waitFor();
    const copied = await alexPage.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await shown.textContent());

    const cyPage = await open();
    await signUpAndJoinHousehold(cyPage, journey.server, { name: "Cy Okafor", email: newEmail("cy") }, copied);
    await openPage(alexPage, SETTINGS_PATH);
    await alexPage.getByRole("list", { name: "Members" }).getByText("Cy Okafor").waitFor();
  });
});
