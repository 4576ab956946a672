import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { artifactPath, dashboardCard, openPage, PHONE, screenshot } from "./helpers/browser.js";
import { dismissToasts, signUpAndCreateHousehold, signUpAndJoinHousehold } from "./helpers/household.js";
import { useJourney } from "./helpers/journey.js";
import { newEmail } from "./helpers/session.js";

const journey = useJourney();
const { open } = journey;

const notesList = (page: Page) => page.getByRole("list", { name: "Household notes" });

/** The board's note texts, top to bottom, once it has loaded. */
async function boardTexts(page: Page): Promise<string[]> {
  await notesList(page).waitFor();
  const fields = await notesList(page).getByRole("textbox", { name: "Note text" }).all();
  return Promise.all(fields.map((field) => field.inputValue()));
}

async function addNote(page: Page, content: string, color?: string) {
  await page.getByRole("textbox", { name: "New note" }).fill(content);
  if (color) {
    // The swatch a person clicks, the radio's label: a click that waits for it to hold still (a forced click on the
    // hidden radio landed wherever the page had moved to while the cards above it were still filling in).
    const radio = page.getByRole("radio", { name: color });
    await page.locator("label", { has: radio }).click();
    expect(await radio.isChecked()).toBe(true);
  }
  const saved = page.waitForResponse(
    (res) => res.url().endsWith("/api/sticky-notes") && res.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Add", exact: true }).click();
  expect((await saved).status()).toBe(201);
  await page.getByText("Note added successfully").first().waitFor();
}

/**
 * Presses a key while dragging by keyboard until the move is announced. dnd-kit starts listening for the arrow keys a
 * task after the pick-up, and a busy browser runs input before timers, so a key sent at once can land before anyone
 * listens. A person never types that fast; a repeated press once the move has happened finds nowhere further to go.
 */
async function pressUntilHeard(page: Page, key: string, announcement: string) {
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press(key);
    try {
      await page.getByText(announcement).waitFor({ timeout: 2_000 });
      return;
    } catch (error) {
      if (attempt === 5) throw error;
    }
  }
}

/** Drags one element onto another with the mouse, in small steps, as a person does. */
async function drag(page: Page, from: Locator, to: Locator) {
  await from.scrollIntoViewIfNeeded();
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error("nothing to drag");
  const [x0, y0] = [start.x + start.width / 2, start.y + start.height / 2];
  const [x1, y1] = [end.x + end.width / 2, end.y + end.height / 2];
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (let step = 1; step <= 15; step++)
    await page.mouse.move(x0 + ((x1 - x0) * step) / 15, y0 + ((y1 - y0) * step) / 15);
  await page.mouse.up();
}

/** A full-page screenshot from the top, so the sticky header sits where it belongs. */
async function pageShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

// Two registrations through the emailed link in one step: generous on a busy machine.
describe("the household notes board in the browser", { timeout: 120_000 }, () => {
  const ana = { name: "Ana Lopez", email: newEmail("ana") };
  const bo = { name: "Bo Chen", email: newEmail("bo") };
  let anaPage: Page;
  let boPage: Page;

  it("Ana adds two notes; Bo, in the same household on another browser, sees them", async () => {
    anaPage = await open();
    const householdId = await signUpAndCreateHousehold(anaPage, journey.server, ana, { name: "The Cozy Flat" });
    await anaPage.getByText("No notes yet. Add the first one for your household.").waitFor();
    await expect.poll(() => anaPage.getByRole("button", { name: "Add", exact: true }).isDisabled()).toBe(true);

    await addNote(anaPage, "Bins out on Tuesday");
    await addNote(anaPage, "Plumber comes Friday at 9", "Blue");
    expect(await boardTexts(anaPage)).toEqual(["Bins out on Tuesday", "Plumber comes Friday at 9"]);

    boPage = await open();
    await signUpAndJoinHousehold(boPage, journey.server, bo, householdId);
    expect(await boardTexts(boPage)).toEqual(["Bins out on Tuesday", "Plumber comes Friday at 9"]);
    await notesList(boPage).getByText("Ana Lopez").first().waitFor();
  });

  it("Bo drags the second note to the top and edits the other; Ana sees both after a reload", async () => {
    await openPage(boPage, "/dashboard");
    const list = notesList(boPage);
    const reordered = boPage.waitForResponse((res) => res.url().endsWith("/api/sticky-notes/reorder"));
    await drag(
      boPage,
      list.getByRole("button", { name: 'Move note "Plumber comes Friday at 9"' }),
      list.getByRole("button", { name: 'Move note "Bins out on Tuesday"' }),
    );
    expect((await reordered).status()).toBe(200);
    expect(await boardTexts(boPage)).toEqual(["Plumber comes Friday at 9", "Bins out on Tuesday"]);

    const bins = list.getByRole("textbox", { name: "Note text" }).nth(1);
    const saved = boPage.waitForResponse((res) => res.request().method() === "PATCH");
    await bins.click();
    await bins.press("End");
    await bins.pressSequentially(" and Friday", { delay: 30 });
    const patch = await saved;
    expect(patch.request().postDataJSON()).toEqual({ content: "Bins out on Tuesday and Friday" });

    await openPage(anaPage, "/dashboard");
    await expect
      .poll(() => boardTexts(anaPage))
      .toEqual(["Plumber comes Friday at 9", "Bins out on Tuesday and Friday"]);
  });

  it("Ana moves a note by keyboard alone, and the order holds after a reload", async () => {
    await openPage(anaPage, "/dashboard");
    await addNote(anaPage, "Party on Saturday!", "Pink");
    const handle = notesList(anaPage).getByRole("button", { name: 'Move note "Party on Saturday!"' });
    await handle.focus();
    const reordered = anaPage.waitForResponse((res) => res.url().endsWith("/api/sticky-notes/reorder"));
    // Each step waits for what a screen reader would hear, as a keyboard user waits for the move to show.
    await anaPage.keyboard.press("Space");
    await anaPage.getByText('Picked up note "Party on Saturday!" at position 3 of 3.').waitFor();
    await pressUntilHeard(anaPage, "ArrowUp", 'Note "Party on Saturday!" is over position 1 of 3.');
    await anaPage.keyboard.press("Space");
    expect((await reordered).status()).toBe(200);

    await anaPage.reload();
    await expect
      .poll(() => boardTexts(anaPage))
      .toEqual(["Party on Saturday!", "Plumber comes Friday at 9", "Bins out on Tuesday and Friday"]);
  });

  it("looks like a board of sticky notes on a desktop and on a 360 px phone, light and dark", async () => {
    await openPage(anaPage, "/dashboard");
    await addNote(anaPage, "Green for go: the heating is fixed", "Green");
    await addNote(
      anaPage,
      "Purple reminder: rent is due on the 1st. Please transfer it to the usual account before noon.",
      "Purple",
    );
    await dismissToasts(anaPage);
    const card = dashboardCard(anaPage, "Household Notes");
    await card.scrollIntoViewIfNeeded();
    await pageShot(anaPage, "notes-board-desktop");
    await card.screenshot({ path: artifactPath("notes-card-desktop") });

    await anaPage.emulateMedia({ colorScheme: "dark" });
    await card.screenshot({ path: artifactPath("notes-card-desktop-dark") });
    await anaPage.emulateMedia({ colorScheme: "light" });

    const phone = await open(PHONE);
    await phone.goto("/");
    await phone.evaluate(
      (session) =>
        Object.entries(session).forEach(([key, value]) => value !== null && localStorage.setItem(key, value)),
      await anaPage.evaluate(() => ({
        authToken: localStorage.getItem("authToken"),
        authExpires: localStorage.getItem("authExpires"),
        user: localStorage.getItem("user"),
      })),
    );
    await phone.goto("/dashboard");
    expect(await boardTexts(phone)).toHaveLength(5);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await pageShot(phone, "notes-board-phone");
    const phoneCard = dashboardCard(phone, "Household Notes");
    await phoneCard.screenshot({ path: artifactPath("notes-card-phone") });
    await phone.emulateMedia({ colorScheme: "dark" });
    await pageShot(phone, "notes-board-phone-dark");
  });
});
