import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { StickyNote } from "@housemate/contract";
import { openPage } from "./helpers/browser.js";
import { signUpAndCreateHousehold } from "./helpers/household.js";
import { useJourney } from "./helpers/journey.js";
import { callApi, newEmail } from "./helpers/session.js";

const journey = useJourney();
const { open } = journey;

const notesList = (page: Page) => page.getByRole("list", { name: "Household notes" });
const noteTexts = async (page: Page) => {
  await notesList(page).waitFor();
  const fields = await notesList(page).getByRole("textbox", { name: "Note text" }).all();
  return Promise.all(fields.map((field) => field.inputValue()));
};
/** What the server holds, whatever any page shows. */
const serverTexts = async (page: Page) => {
  const { data } = await callApi<StickyNote[]>(journey.server, page, "GET", "/sticky-notes");
  return data.map((note) => note.content);
};

async function addNote(page: Page, content: string) {
  await page.getByRole("textbox", { name: "New note" }).fill(content);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await page.getByText("Note added successfully").first().waitFor();
  await expect.poll(() => noteTexts(page)).toContain(content);
}

/**
 * Decision 037: a note's delete waits for its toast, for Undo. Leaving the page within the toast's time (a reload,
 * a closed tab) must not lose the delete: it goes as the page goes, and outlives it.
 */
describe("a note deleted just before a reload stays deleted", { timeout: 120_000 }, () => {
  it("Ana deletes a note and reloads at once: after the reload, and on the server, it is gone", async () => {
    const page = await open();
    await signUpAndCreateHousehold(
      page,
      journey.server,
      { name: "Ana Lopez", email: newEmail("ana") },
      {
        name: "Flat 3",
        currency: "GBP",
      },
    );
    await openPage(page, "/dashboard");
    await addNote(page, "Bins out on Tuesday");
    await addNote(page, "Buy milk");

    await page.getByRole("button", { name: 'Delete note "Bins out on Tuesday"' }).click();
    await page.locator("[data-sonner-toast]").filter({ hasText: "Note deleted successfully" }).waitFor();
    await page.reload();

    // The delete left as the old page went; the new one may have asked for the board a moment before it landed.
    await expect.poll(() => serverTexts(page), { timeout: 5_000 }).toEqual(["Buy milk"]);
    await openPage(page, "/dashboard");
    await expect.poll(() => noteTexts(page)).toEqual(["Buy milk"]);
  });
});
