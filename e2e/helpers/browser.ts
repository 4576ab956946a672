import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

export const ARTIFACTS = path.resolve(import.meta.dirname, "../artifacts");

/** Debian's Chromium, headless, with the flags this sandboxed, offline machine needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

/** What the page logs as a warning or error, and what it throws, from now on (added to `problems`, if given). */
export function problemsOf(page: Page, problems: string[] = []): string[] {
  page.on("console", (message) => {
    if (message.type() === "warning" || message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

export type Viewport = { width: number; height: number };
export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const PHONE: Viewport = { width: 360, height: 740 };

/** The viewport each page was opened at, which `openPage` puts back. */
const openedAt = new WeakMap<Page, Viewport>();

/** A fresh context (a person on their own device) with one page, at `viewport`. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  // Other suites share this 2-core machine; a step that takes 10 s there is slow, not broken.
  page.setDefaultTimeout(20_000);
  openedAt.set(page, viewport);
  return { context, page };
}

/**
 * Loads `path` afresh, at `viewport` (by default the one the page was opened at). A test starts with it, so it
 * depends on the people, household and data the earlier tests made, never on the screen, dialog, toast or width
 * an earlier test left behind: each test can fail, be skipped or be reordered without breaking the next.
 */
export async function openPage(page: Page, path: string, viewport?: Viewport): Promise<Page> {
  await page.setViewportSize(viewport ?? openedAt.get(page) ?? DESKTOP);
  await page.goto(path);
  return page;
}

/**
 * Opens `path` like openPage and resolves once its live socket has brought the first message (the counts the server
 * sends on connecting): from then on the household's news reaches the page live, where before it could arrive unseen.
 */
export async function openLive(page: Page, path: string, viewport?: Viewport): Promise<Page> {
  const connected = page.waitForEvent("websocket").then((socket) => socket.waitForEvent("framereceived"));
  await openPage(page, path, viewport);
  await connected;
  return page;
}

/** A dashboard card, by its title: the named region a screen reader lists (not its styling, which may change). */
export const dashboardCard = (page: Page, title: string) => page.getByRole("region", { name: title });

/** Where the screenshot called `name` is kept. */
export function artifactPath(name: string): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  return path.join(ARTIFACTS, `${name}.png`);
}

/** The whole page, top to bottom. */
export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: artifactPath(name), fullPage: true });
}

/**
 * What the screen shows, no more: for dialogs, sheets and fixed bars, which a full-page capture would
 * stretch or paint mid-page. `animations: "disabled"` pictures an overlay where it comes to rest.
 */
export async function screenshotScreen(page: Page, name: string, options: { animations?: "disabled" } = {}) {
  await page.screenshot({ path: artifactPath(name), ...options });
}

/** Picks an option of the Radix select labelled `label`. */
export async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByLabel(label).click();
  await page.getByRole("option", { name: option }).click();
}

/** Nothing on the page may stick out sideways on a 360 px phone. */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "nothing sticks out sideways at 360 px").toBeLessThanOrEqual(0);
}
