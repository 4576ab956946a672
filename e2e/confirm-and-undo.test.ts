import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { Rule, User } from "@housemate/contract";
import { expectAccessible } from "./helpers/axe.js";
import { dashboardCard, openPage } from "./helpers/browser.js";
import { signUpAndCreateHousehold, signUpAndJoinHousehold } from "./helpers/household.js";
import { useJourney } from "./helpers/journey.js";
import { callApi, newEmail, storedUser } from "./helpers/session.js";

const journey = useJourney();
const { open } = journey;

const notesList = (page: Page) => page.getByRole("list", { name: "Household notes" });
const noteTexts = async (page: Page) => {
  await notesList(page).waitFor();
  const fields = await notesList(page).getByRole("textbox", { name: "Note text" }).all();
  return Promise.all(fields.map((field) => field.inputValue()));
};

async function addNote(page: Page, content: string) {
  await page.getByRole("textbox", { name: "New note" }).fill(content);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await page.getByText("Note added successfully").first().waitFor();
  await expect.poll(() => noteTexts(page)).toContain(content);
}

/** Issue 18, defects 6 and 8: nothing that cannot be taken back happens at one click, and nothing fails silently. */
describe("a note deleted by mistake comes back, an emptied note asks, and paying asks first", () => {
  const ana = { name: "Ana Lopez", email: newEmail("ana") };
  const ben = { name: "Ben Hall", email: newEmail("ben") };
  let anaPage: Page;
  let benPage: Page;
  let householdId: string;

  it("Ana and Ben share a household, and Ana pins two notes", async () => {
    anaPage = await open();
    householdId = await signUpAndCreateHousehold(anaPage, journey.server, ana, { name: "Flat 2", currency: "GBP" });
    benPage = await open();
    await signUpAndJoinHousehold(benPage, journey.server, ben, householdId);
    await openPage(anaPage, "/dashboard");
    await addNote(anaPage, "Bins out on Tuesday");
    await addNote(anaPage, "Buy milk");
  });

  it("Ana deletes a note, presses Undo, and after a reload it is still there, in its place", async () => {
    await openPage(anaPage, "/dashboard");
    await expect.poll(() => noteTexts(anaPage)).toEqual(["Bins out on Tuesday", "Buy milk"]);
    await anaPage.getByRole("button", { name: 'Delete note "Bins out on Tuesday"' }).click();
    await expect.poll(() => noteTexts(anaPage)).toEqual(["Buy milk"]);
    const toast = anaPage.locator("[data-sonner-toast]").filter({ hasText: "Note deleted successfully" });
    await toast.getByRole("button", { name: "Undo" }).waitFor();
    // Hovered, the toast's time stands still (sonner) while axe looks at it in both themes.
    await toast.hover();
    await expectAccessible(anaPage, "the note-deleted toast with Undo");
    await toast.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => noteTexts(anaPage)).toEqual(["Bins out on Tuesday", "Buy milk"]);
    // Past the toast's time: nothing was sent, nothing is lost.
    await anaPage.waitForTimeout(6_000);
    await openPage(anaPage, "/dashboard");
    await expect.poll(() => noteTexts(anaPage)).toEqual(["Bins out on Tuesday", "Buy milk"]);
  });

  it("Ana empties a note: she is asked, Cancel keeps its text, and Delete (without Undo) deletes it", async () => {
    await openPage(anaPage, "/dashboard");
    const milk = notesList(anaPage).getByRole("textbox", { name: "Note text" }).nth(1);
    await expect.poll(() => milk.inputValue()).toBe("Buy milk");
    await milk.fill("");
    await anaPage.keyboard.press("Tab");
    const ask = anaPage.getByRole("alertdialog", { name: "Delete this note?" });
    await ask.waitFor();
    await expectAccessible(anaPage, "the 'Delete this note?' dialog");
    await ask.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => milk.inputValue()).toBe("Buy milk");

    await milk.fill("");
    await anaPage.keyboard.press("Tab");
    await ask.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => noteTexts(anaPage)).toEqual(["Bins out on Tuesday"]);
    const deleted = anaPage.waitForResponse(
      (res) => res.url().includes("/api/sticky-notes/") && res.request().method() === "DELETE",
      { timeout: 15_000 },
    );
    // The delete goes once the toast has closed.
    expect((await deleted).status()).toBe(200);
    await openPage(anaPage, "/dashboard");
    await expect.poll(() => noteTexts(anaPage)).toEqual(["Bins out on Tuesday"]);
  });

  it("Ben pays a fine with the keyboard alone, after a confirmation that names the amount", async () => {
    const rule = await callApi<Rule>(journey.server, anaPage, "POST", "/rules", {
      title: "Bins left out",
      description: "Bring them in on Wednesday",
      fine_amount: 2,
      household_id: householdId,
    });
    const benUser: User = await storedUser(benPage);
    const fine = await callApi(journey.server, anaPage, "POST", "/fines", {
      offender_id: benUser.id,
      rule_id: rule.data.id,
      amount: 2,
      household_id: householdId,
    });
    expect(fine.status).toBe(201);

    await openPage(benPage, "/dashboard");
    const pending = dashboardCard(benPage, "Your Pending Fines");
    const pay = pending.getByRole("button", { name: "Pay" });
    await pay.focus();
    await benPage.keyboard.press("Enter");
    const confirm = benPage.getByRole("alertdialog", { name: "Pay £2.00 into the fund?" });
    await confirm.waitFor();
    await expectAccessible(benPage, "the pay confirmation");
    // The safe choice has focus; Escape closes, back on Pay, having paid nothing.
    await expect
      .poll(() => confirm.getByRole("button", { name: "Cancel" }).evaluate((el) => el === document.activeElement))
      .toBe(true);
    await benPage.keyboard.press("Escape");
    await confirm.waitFor({ state: "detached" });
    await expect.poll(() => pay.evaluate((el) => el === document.activeElement)).toBe(true);

    await benPage.keyboard.press("Enter");
    await confirm.waitFor();
    await benPage.keyboard.press("Tab");
    await benPage.keyboard.press("Enter");
    await benPage.getByText("Fine has been marked as paid").first().waitFor();
    await confirm.waitFor({ state: "detached" });
    await pending.getByText("Bins left out").waitFor({ state: "detached" });
  });
});
