import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { openLive, PHONE, type Viewport } from "./helpers/browser.js";
import { dismissToasts, signUpAndCreateHousehold, signUpAndJoinHousehold } from "./helpers/household.js";
import { useJourney } from "./helpers/journey.js";
import { callApi, newEmail, registerThroughEmail } from "./helpers/session.js";

const journey = useJourney();
const { open } = journey;

const LAPTOP: Viewport = { width: 1280, height: 800 };
const TALL_PHONE: Viewport = { width: 390, height: 844 };

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("the element is not on screen");
  return box;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The front toast saying `text`, once it has come to rest. */
async function restingToast(page: Page, text: string): Promise<Box> {
  const toast = page.locator('[data-sonner-toast][data-mounted="true"]').filter({ hasText: text });
  await toast.waitFor();
  await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  return boxOf(toast);
}

let rules = 0;
/** Bo writes a house rule through the API; his housemates hear of it live, with a toast. */
async function boWritesARule(page: Page, householdId: string): Promise<string> {
  rules += 1;
  const title = `Quiet hours ${rules}`;
  const created = await callApi(journey.server, page, "POST", "/rules", {
    title,
    description: "No music after eleven.",
    fine_amount: 2,
    household_id: householdId,
  });
  expect(created.status).toBe(201);
  return title;
}

/**
 * Starts watching the page, every frame and on every change: whether it is blank (no content and no spinner: the
 * toasts do not count), and whether its background is light. Read with `pageWatch`.
 */
function watchPage() {
  const seen = { samples: 0, blank: 0, light: 0, spinner: 0, lightColours: [] as string[] };
  Object.assign(window, { pageWatch: seen });
  // Chromium reports the theme's colours in its own spaces: lab() and lch() with L out of 100, oklab() and oklch() out of 1.
  const lightness = (colour: string) => {
    const perceptual = /^(ok)?(?:lab|lch)\(([\d.]+)(%?)/.exec(colour);
    if (perceptual?.[2]) return Number(perceptual[2]) / (perceptual[1] && !perceptual[3] ? 1 : 100);
    const rgb = /^rgba?\((\d+), (\d+), (\d+)/.exec(colour);
    return rgb ? (Number(rgb[1]) + Number(rgb[2]) + Number(rgb[3])) / 765 : 1;
  };
  const sample = () => {
    const body = document.body as HTMLElement | null;
    if (!body) return;
    const outsideToasts = (element: Element) => !element.closest("[data-sonner-toaster]");
    const spinner = [...document.querySelectorAll('[role="status"]')].some(
      (element) => outsideToasts(element) && element.checkVisibility(),
    );
    const content = [...(document.getElementById("root")?.children ?? [])].some(
      (child) =>
        child instanceof HTMLElement && !child.querySelector("[data-sonner-toaster]") && child.innerText.trim() !== "",
    );
    seen.samples += 1;
    if (spinner) seen.spinner += 1;
    if (!spinner && !content) seen.blank += 1;
    const background = getComputedStyle(body).backgroundColor;
    if (lightness(background) > 0.5) {
      seen.light += 1;
      if (!seen.lightColours.includes(background)) seen.lightColours.push(background);
    }
  };
  const everyFrame = () => {
    sample();
    requestAnimationFrame(everyFrame);
  };
  requestAnimationFrame(everyFrame);
  new MutationObserver(sample).observe(document, { childList: true, subtree: true, attributes: true });
}

interface PageWatch {
  samples: number;
  blank: number;
  light: number;
  spinner: number;
  lightColours: string[];
}
const pageWatch = (page: Page) => page.evaluate(() => (window as unknown as { pageWatch: PageWatch }).pageWatch);

/** The app's code arrives slowly, as on a poor connection: every script waits before it is sent. */
async function slowScripts(page: Page) {
  await page.route("**/assets/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
}

describe("live news, page loads and toasts in the browser (issue 18)", () => {
  const ana = { name: "Ana Lopez", email: newEmail("ana") };
  const bo = { name: "Bo Chen", email: newEmail("bo") };
  let anaPage: Page;
  let boPage: Page;
  let householdId: string;

  it("Bo joins: Ana's Housemates card lists him no later than her 'New housemate' toast shows", async () => {
    anaPage = await open(LAPTOP);
    householdId = await signUpAndCreateHousehold(anaPage, journey.server, ana, { name: "The Cozy Flat" });
    await openLive(anaPage, "/dashboard");
    await anaPage.getByRole("main").getByText(ana.name).first().waitFor();
    // When each first shows: Bo's name on the page (the toasts are not in <main>), and the toast.
    await anaPage.evaluate((name) => {
      const seen: { member?: number; toast?: number } = {};
      Object.assign(window, { liveSeen: seen });
      const check = () => {
        seen.member ??= document.querySelector("main")?.textContent.includes(name) ? performance.now() : undefined;
        const toasts = [...document.querySelectorAll("[data-sonner-toast]")];
        seen.toast ??= toasts.some((toast) => toast.textContent.includes("New housemate"))
          ? performance.now()
          : undefined;
      };
      new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
    }, bo.name);

    boPage = await open(PHONE);
    await signUpAndJoinHousehold(boPage, journey.server, bo, householdId);

    await anaPage.locator("[data-sonner-toast]").filter({ hasText: "New housemate" }).waitFor();
    const seen = await anaPage.evaluate(
      () => (window as unknown as { liveSeen: { member?: number; toast?: number } }).liveSeen,
    );
    expect(seen.member, "Bo on Ana's page when the toast showed").toBeDefined();
    expect(seen.member).toBeLessThanOrEqual(seen.toast ?? 0);
  });

  for (const viewport of [LAPTOP, TALL_PHONE]) {
    const size = `${viewport.width}×${viewport.height}`;

    it(`at ${size}, a toast covers neither the page's main button, the bell, nor the phone's bottom bar`, async () => {
      await openLive(anaPage, "/dashboard/fines", viewport);
      await anaPage.getByRole("heading", { name: "My Fines" }).waitFor();
      await dismissToasts(anaPage);

      const title = await boWritesARule(boPage, householdId);
      const toast = await restingToast(anaPage, title);

      const mustStayClear: Locator[] = [
        anaPage.getByRole("banner").getByRole("button", { name: "Notifications", exact: false }),
        ...(await anaPage.getByRole("link", { name: "Issue New Fine" }).all()),
        ...(viewport === TALL_PHONE ? [anaPage.getByRole("navigation", { name: "Mobile" }).locator("..")] : []),
      ];
      for (const element of mustStayClear) {
        if (!(await element.isVisible())) continue;
        expect(overlaps(toast, await boxOf(element)), `the toast over ${await element.textContent()}`).toBe(false);
      }
    });

    it(`at ${size}, a toast covers no part of the open Notifications sheet's header`, async () => {
      await openLive(anaPage, "/dashboard", viewport);
      await anaPage.getByRole("banner").getByRole("button", { name: "Notifications", exact: false }).click();
      const sheet = anaPage.getByRole("dialog", { name: "Notifications" });
      const heading = sheet.getByRole("heading", { name: "Notifications" });
      await heading.waitFor();

      const title = await boWritesARule(boPage, householdId);
      const toast = await restingToast(anaPage, title);

      // The strip from the sheet's top edge to below its header: title, 'Mark all as read' and Close.
      const sheetBox = await boxOf(sheet);
      const headingBox = await boxOf(heading.locator(".."));
      const header = { ...sheetBox, height: headingBox.y + headingBox.height - sheetBox.y };
      expect(overlaps(toast, header), "the toast over the sheet's header").toBe(false);
      // On a laptop there is room beside the sheet: the toast covers none of it.
      if (viewport === LAPTOP) expect(overlaps(toast, sheetBox), "the toast over the sheet").toBe(false);
    });
  }

  it("after 'Create Household' on a slow connection, the page is never blank and never light in dark mode", async () => {
    const cy = { name: "Cy Okafor", email: newEmail("cy") };
    const page = await open(PHONE);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/register");
    await registerThroughEmail(page, journey.server, cy);
    await page.waitForURL("**/onboarding");
    await page.getByRole("button", { name: /Create New Household/ }).click();
    await page.getByLabel("Household Name").fill("Flat 9");

    await slowScripts(page);
    await page.evaluate(watchPage);
    await page.getByRole("button", { name: "Create Household" }).click();
    await page.waitForURL("**/dashboard");
    await page.getByRole("main").getByText(cy.name).first().waitFor();

    const seen = await pageWatch(page);
    expect(seen.samples).toBeGreaterThan(0);
    // The dashboard's code took its time: the spinner filled it.
    expect(seen.spinner).toBeGreaterThan(0);
    expect(seen.blank, "samples of a blank page").toBe(0);
    expect(seen.light, `samples of a light background in dark mode (${seen.lightColours.join(", ")})`).toBe(0);
  });

  it("opening /dashboard cold on a slow connection shows the spinner until the page, never a blank or light page", async () => {
    const page = await anaPage.context().newPage();
    await page.emulateMedia({ colorScheme: "dark" });
    await page.setViewportSize(LAPTOP);
    await slowScripts(page);
    await page.addInitScript(watchPage);

    await page.goto("/dashboard");
    await page.getByRole("main").getByText(bo.name).first().waitFor();

    const seen = await pageWatch(page);
    expect(seen.spinner).toBeGreaterThan(0);
    expect(seen.blank, "samples of a blank page").toBe(0);
    expect(seen.light, `samples of a light background in dark mode (${seen.lightColours.join(", ")})`).toBe(0);
    await page.close();
  });
});
