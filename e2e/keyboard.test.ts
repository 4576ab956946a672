import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { expectAccessible } from "./helpers/axe.js";
import { householdIdOf } from "./helpers/household.js";
import { useJourney } from "./helpers/journey.js";
import { newEmail, nextSignInLink, signInThroughApi } from "./helpers/session.js";

const journey = useJourney();
const { open } = journey;

const RULE = "Dishes left overnight";

/** Whether `target` has the keyboard's focus. */
const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** A short description of what has focus, for a failure message. */
const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return "nothing";
    const name = element.getAttribute("aria-label") ?? element.textContent.trim().slice(0, 40);
    return `<${element.tagName.toLowerCase()}> ${name}`;
  });

/**
 * Whether the focused element shows that it has focus: an outline or a ring (Tailwind's ring is a box-shadow).
 * WCAG 2.4.7: a person on the keyboard must always see where they are.
 */
const focusIsVisible = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return true;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== "none";
  });

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a person moving through the page would, checking at
 * every stop that the focus can be seen. Fails after `max` presses.
 */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 40 } = {}) {
  await target.waitFor();
  const stops: string[] = [];
  for (let press = 0; press <= max; press += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    const stop = await focusedElement(page);
    stops.push(stop);
    expect(await focusIsVisible(page), `focus is visible on ${stop}`).toBe(true);
  }
  throw new Error(`${max} presses of Tab never reached the target; they went through:\n${stops.join("\n")}`);
}

/** Tabs to `target` and presses Enter on it. */
async function activate(page: Page, target: Locator, key = "Enter") {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/** Tabs to a field and types into it. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** Tab 20 times inside an open dialog: focus must never leave it (WCAG 2.4.3, a modal's focus trap). */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  for (let press = 0; press < 20; press += 1) {
    await page.keyboard.press(press % 3 === 2 ? "Shift+Tab" : "Tab");
    expect(
      await dialog.evaluate((element) => element.contains(document.activeElement)),
      "focus stays in the dialog",
    ).toBe(true);
  }
}

/**
 * Issue 18's keyboard journey: from sign-up to a paid fine with Tab, Shift+Tab, Enter, Space, Escape and the arrow
 * keys alone (no clicks), the sign-in link opened by its address as a person opens it from their mail. Ana signs up,
 * creates the household and its rule and fines Ben; Ben (set up through the API) pays it, with the keyboard too.
 */
describe("the whole journey with the keyboard alone", () => {
  const ana = { name: "Ana Lopez", email: newEmail("ana") };
  const ben = { name: "Ben Hall", email: newEmail("ben") };
  let anaPage: Page;
  let benPage: Page;
  let householdId: string;

  it("Ana signs up on /register and creates 'The Cozy Flat' on onboarding", async () => {
    anaPage = await open();
    await anaPage.goto("/register");
    await typeInto(anaPage, anaPage.getByLabel("Name"), ana.name);
    await typeInto(anaPage, anaPage.getByLabel("Email"), ana.email);
    await activate(anaPage, anaPage.getByRole("button", { name: "Create Account" }));
    await anaPage.getByText("Check your inbox").waitFor();

    const link = await nextSignInLink(journey.server, ana.email);
    await anaPage.goto(link.pathname + link.search);
    await anaPage.waitForURL("**/onboarding");
    await activate(anaPage, anaPage.getByRole("button", { name: /Create New Household/ }));
    await typeInto(anaPage, anaPage.getByLabel("Household Name"), "The Cozy Flat");
    // The currency, with the arrow keys: open the list, move to GBP, choose it.
    const currency = anaPage.getByRole("combobox", { name: "Currency" });
    await activate(anaPage, currency, "ArrowDown");
    await anaPage.getByRole("listbox").waitFor();
    await anaPage.keyboard.type("GBP");
    await anaPage.keyboard.press("Enter");
    await anaPage.getByRole("listbox").waitFor({ state: "detached" });
    expect(await currency.textContent()).toContain("GBP");
    expect(await isFocused(currency), "focus returns to the currency field").toBe(true);
    await activate(anaPage, anaPage.getByRole("button", { name: "Create Household" }));
    await anaPage.waitForURL("**/dashboard");
    householdId = await householdIdOf(anaPage);
  });

  it("Ben, set up through the API, joins the household and opens a sign-in link from his mail", async () => {
    const token = await signInThroughApi(journey.server, ben.email, ben.name);
    const joined = await fetch(`${journey.server.url}/api/households/${householdId}/join`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(joined.status).toBe(200);

    const sent = await fetch(`${journey.server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: ben.email }),
    });
    expect(sent.status).toBe(200);
    const link = await nextSignInLink(journey.server, ben.email);
    benPage = await open();
    await benPage.goto(link.pathname + link.search);
    await benPage.waitForURL("**/dashboard");
  });

  it("the first Tab offers 'Skip to content', which takes focus past the header and sidebar", async () => {
    await anaPage.goto("/dashboard");
    await anaPage.getByRole("navigation", { name: "Main" }).waitFor();
    await anaPage.keyboard.press("Tab");
    const skip = anaPage.getByRole("link", { name: "Skip to content" });
    expect(await isFocused(skip)).toBe(true);
    // Seen when focused: not a 1 px clip.
    const box = await skip.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(40);
    expect(await focusIsVisible(anaPage)).toBe(true);
    await anaPage.keyboard.press("Enter");
    expect(await isFocused(anaPage.getByRole("main"))).toBe(true);
  });

  it("the account menu and the notifications sheet open and close from the keyboard, giving focus back", async () => {
    await anaPage.goto("/dashboard");
    const accountButton = anaPage.getByRole("banner").getByRole("button", { name: "Account menu" });
    await activate(anaPage, accountButton);
    const menu = anaPage.getByRole("menu");
    await menu.waitFor();
    await anaPage.keyboard.press("ArrowDown");
    expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await anaPage.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    expect(await isFocused(accountButton), "focus is back on the account button").toBe(true);

    const bell = anaPage.getByRole("banner").getByRole("button", { name: /^Notifications/ });
    await tabTo(anaPage, bell, { backwards: true });
    await anaPage.keyboard.press("Space");
    const sheet = anaPage.getByRole("dialog", { name: "Notifications" });
    await sheet.waitFor();
    await expectFocusTrapped(anaPage, sheet);
    await anaPage.keyboard.press("Escape");
    await sheet.waitFor({ state: "detached" });
    expect(await isFocused(bell), "focus is back on the bell").toBe(true);
  });

  it("Ana writes the rule in the Create Rule dialog, which keeps focus inside and gives it back", async () => {
    await anaPage.goto("/dashboard");
    await activate(anaPage, anaPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rules" }));
    await anaPage.waitForURL("**/dashboard/rules");
    const create = anaPage.getByRole("main").getByRole("button", { name: "Create Rule" });
    await activate(anaPage, create);
    const dialog = anaPage.getByRole("dialog", { name: "Create Rule" });
    await dialog.waitFor();
    await expectFocusTrapped(anaPage, dialog);
    // Escape closes it, and focus is back where the person was.
    await anaPage.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await isFocused(create), "focus is back on Create Rule").toBe(true);

    await anaPage.keyboard.press("Enter");
    await dialog.waitFor();
    await typeInto(anaPage, dialog.getByLabel("Title"), RULE);
    await typeInto(anaPage, dialog.getByLabel("Description"), "Wash up before going to bed.");
    const amount = dialog.getByLabel("Fine amount (GBP)");
    await tabTo(anaPage, amount);
    await anaPage.keyboard.press("ControlOrMeta+A");
    await anaPage.keyboard.type("2.50");
    await activate(anaPage, dialog.getByRole("button", { name: "Create Rule" }));
    await anaPage.getByText("Rule created successfully").waitFor();
    await dialog.waitFor({ state: "detached" });
    await anaPage.getByRole("article", { name: RULE }).waitFor();
    expect(await isFocused(create), "focus is back on Create Rule after saving").toBe(true);
  });

  it("Ana issues Ben a fine, choosing him and the rule with the arrow keys", async () => {
    await anaPage.goto("/dashboard/rules");
    await activate(anaPage, anaPage.getByRole("link", { name: "Issue New Fine" }));
    await anaPage.waitForURL("**/dashboard/fines/new");
    for (const [label, option] of [
      ["Offender *", ben.name],
      ["Rule *", RULE],
    ] as const) {
      const select = anaPage.getByRole("combobox", { name: label });
      await activate(anaPage, select, "Space");
      const listbox = anaPage.getByRole("listbox");
      await listbox.waitFor();
      // Down the list to the option, then Enter.
      for (let step = 0; step < 10; step += 1) {
        const highlighted = listbox.locator('[role="option"][data-highlighted]');
        if ((await highlighted.count()) && ((await highlighted.textContent()) ?? "").includes(option)) break;
        await anaPage.keyboard.press("ArrowDown");
      }
      await anaPage.keyboard.press("Enter");
      await listbox.waitFor({ state: "detached" });
      expect(await select.textContent()).toContain(option);
    }
    // Choosing the rule filled in its fine.
    // Two decimals, as money is written (defect 13).
    await expect.poll(() => anaPage.getByLabel(/^Amount/).inputValue()).toBe("2.50");
    await typeInto(anaPage, anaPage.getByLabel("Description"), "Pans left in the sink");
    await activate(anaPage, anaPage.getByRole("button", { name: "Issue Fine" }));
    await anaPage.getByText("Fine issued").waitFor();
    await anaPage.waitForURL((url) => url.pathname === "/dashboard/fines");
  });

  it("Ben pays it from My Fines, confirming with the keyboard", async () => {
    await benPage.goto("/dashboard");
    await activate(benPage, benPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Fines" }));
    await benPage.waitForURL((url) => url.pathname === "/dashboard/fines");
    const card = benPage.getByRole("article", { name: RULE });
    await activate(benPage, card.getByRole("button", { name: "Pay" }));
    // Paying cannot be undone, so a confirmation naming the amount asks first (defect 6): a modal that keeps the
    // keyboard in, passes axe, and is confirmed from the keyboard too.
    const confirmation = benPage.getByRole("alertdialog", { name: "Pay £2.50 into the fund?" });
    await confirmation.waitFor();
    await expectAccessible(benPage, "the pay confirmation");
    await expectFocusTrapped(benPage, confirmation);
    await activate(benPage, confirmation.getByRole("button", { name: "Pay", exact: true }));
    const paid = card.getByText("Paid", { exact: true });
    await paid.waitFor();
    await benPage.getByText("Fine has been marked as paid").waitFor();
  });
});
