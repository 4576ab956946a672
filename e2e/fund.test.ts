import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { Fine, Rule } from "@housemate/contract";
import { openLive, openPage, PHONE, screenshot } from "./helpers/browser.js";
import { dismissToasts, signUpAndCreateHousehold, signUpAndJoinHousehold } from "./helpers/household.js";
import { useJourney } from "./helpers/journey.js";
import { callApi, newEmail, storedUser } from "./helpers/session.js";

const journey = useJourney();
const { open } = journey;

/** The Fund page's figure under `label` ('Balance', 'Total spent'…). */
async function fundFigure(page: Page, label: string): Promise<string> {
  const figures = page.getByRole("region", { name: "Fund figures" });
  const value = figures.getByRole("term").filter({ hasText: label }).locator("xpath=following-sibling::dd");
  return ((await value.textContent()) ?? "").trim();
}

/** The history's entries as listed: the table's body rows on a desktop, the cards on a phone. */
function historyEntries(page: Page, phone: boolean) {
  const list = page.getByRole(phone ? "list" : "table", { name: "Transactions" });
  return phone ? list.getByRole("listitem") : list.getByRole("row").filter({ hasNot: page.getByRole("columnheader") });
}

/**
 * Issue 17's journey: the fine fund fills with two paid fines and is spent together. Alex (desktop) proposes 'Pizza
 * night', Blair (phone) votes yes, and both Fund pages show what is left without a reload. One server and one
 * household for the file.
 */
describe("the fine fund, spent together", () => {
  const alex = { name: "Alex Moreau", email: newEmail("alex") };
  const blair = { name: "Blair Quinn", email: newEmail("blair") };
  let alexPage: Page;
  let blairPage: Page;

  it("Alex fines Blair £2.50 and £3.00, and Blair pays both from her fines", async () => {
    alexPage = await open();
    const householdId = await signUpAndCreateHousehold(alexPage, journey.server, alex, {
      name: "The Pizza Flat",
      currency: "GBP",
    });
    blairPage = await open(PHONE);
    await signUpAndJoinHousehold(blairPage, journey.server, blair, householdId);
    const blairId = (await storedUser(blairPage)).id;

    // Set-up through the API, as the rules and fines screens would (their journeys are fines.test.ts).
    for (const [title, amount] of [
      ["Dishes left overnight", 2.5],
      ["Bins not out", 3],
    ] as const) {
      const rule = await callApi<Rule>(journey.server, alexPage, "POST", "/rules", {
        title,
        description: "House rule",
        fine_amount: amount,
        household_id: householdId,
      });
      expect(rule.status).toBe(201);
      const fine = await callApi<Fine>(journey.server, alexPage, "POST", "/fines", {
        offender_id: blairId,
        rule_id: rule.data.id,
        amount,
        household_id: householdId,
      });
      expect(fine.status).toBe(201);
    }

    await openPage(blairPage, "/dashboard/fines");
    for (const title of ["Dishes left overnight", "Bins not out"]) {
      const card = blairPage.getByRole("article", { name: title });
      await card.getByRole("button", { name: "Pay" }).click();
      // Issue 18: paying is confirmed first.
      await blairPage.getByRole("alertdialog").getByRole("button", { name: "Pay" }).click();
      await card.getByText("Paid", { exact: true }).waitFor();
    }
  });

  it("Alex proposes 'Pizza night' for £5.00 and Blair votes yes: both Fund pages show £0.50 without a reload", async () => {
    await openLive(alexPage, "/dashboard/fund");
    await openLive(blairPage, "/dashboard/fund");
    await expect.poll(() => fundFigure(alexPage, "Balance")).toBe("£5.50");
    await expect.poll(() => fundFigure(blairPage, "Balance")).toBe("£5.50");

    await alexPage.getByRole("button", { name: "Propose spending" }).click();
    const dialog = alexPage.getByRole("dialog", { name: "Propose spending" });
    await dialog.getByLabel("Title").fill("Pizza night");
    await dialog.getByLabel(/^Amount/).fill("5.00");
    await dialog.getByLabel("Note").fill("Friday, from the place on the corner");
    await dialog.getByRole("button", { name: "Propose" }).click();
    await alexPage.getByText("Spending proposed").first().waitFor();
    const alexOpen = alexPage.getByRole("region", { name: "Open proposals" });
    await alexOpen.getByText("1 of 2 votes needed").waitFor();
    await dismissToasts(alexPage);
    await screenshot(alexPage, "fund-proposal-open-desktop");

    // Blair's open page hears of it (fund_changed) and she votes yes on her phone.
    const blairOpen = blairPage.getByRole("region", { name: "Open proposals" });
    await blairOpen.getByRole("button", { name: "Vote yes on Pizza night" }).click();
    await expect.poll(() => fundFigure(blairPage, "Balance")).toBe("£0.50");
    // Alex's page, untouched since, catches up live.
    await expect.poll(() => fundFigure(alexPage, "Balance")).toBe("£0.50");
    await expect.poll(() => fundFigure(alexPage, "Total spent")).toBe("£5.00");
    await alexPage.getByRole("region", { name: "Recently decided" }).getByText("Pizza night").waitFor();
    await dismissToasts(blairPage);
    await screenshot(blairPage, "fund-after-pizza-phone");
  });

  it("the history lists the three entries, and filtering to spending shows one", async () => {
    await openPage(alexPage, "/dashboard/fund");
    await expect.poll(() => historyEntries(alexPage, false).count()).toBe(3);
    await historyEntries(alexPage, false).filter({ hasText: "Pizza night" }).getByText("−£5.00").waitFor();

    await alexPage.getByLabel("Type").selectOption("spending");
    await expect.poll(() => historyEntries(alexPage, false).count()).toBe(1);
    expect(new URL(alexPage.url()).searchParams.get("type")).toBe("spending");
    await screenshot(alexPage, "fund-history-spending-desktop");

    // The filter is in the address: Blair opening it on her phone sees the same one entry.
    await openPage(blairPage, `/dashboard/fund?type=spending`);
    await expect.poll(() => historyEntries(blairPage, true).count()).toBe(1);
    await historyEntries(blairPage, true).getByText("Pizza night").waitFor();
  });
});
