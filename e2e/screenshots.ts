/**
 * `npm run screenshots`: docs/screenshots/{dashboard,insights,activity}-{desktop,phone}-{light,dark}.png, from one
 * household of four (e2e/helpers/dashboard-household.ts) on the real server, at 1280×800 and 390×844, in both themes:
 * the signed-in dashboard as the screen shows it, and the whole of the Insights and Activity pages (issue 20). The
 * household has six months of fines behind it, so the charts have a shape: made through the API, then moved back in
 * time in the stopped server's database (helpers/backdate.ts). Then the same household on a server with PLANS=on
 * (issue 21): the household page's Plan section, '4 of 5 flatmates on Basic' as its admin sees it,
 * docs/screenshots/plan-{desktop,phone}-{light,dark}.png. Builds the app first when the build is missing or older
 * than the sources.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { SERVER_BUNDLE } from "../apps/server/test/helpers/production.js";
import { backdateFines } from "./helpers/backdate.js";
import { launchBrowser, type Viewport } from "./helpers/browser.js";
import { makeDashboardHousehold, openAlexDashboard } from "./helpers/dashboard-household.js";
import { startServer } from "./helpers/server.js";

const root = path.resolve(import.meta.dirname, "..");
const OUT = path.join(root, "docs/screenshots");
const SOURCES = ["apps/server/src", "apps/web/src", "apps/web/public", "apps/web/index.html", "packages/contract/src"];
const WEB_BUILD = path.join(root, "apps/web/dist/index.html");

const SIZES: Record<"desktop" | "phone", Viewport> = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};

/** The newest modification time under `target` (a file or a folder). */
function newest(target: string): number {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((entry) => newest(path.join(target, entry))));
}

function buildIfNeeded() {
  const built = Math.min(newest(SERVER_BUNDLE), newest(WEB_BUILD));
  const changed = Math.max(...SOURCES.map((source) => newest(path.join(root, source))));
  if (built > changed) return;
  console.log("Building the app (the build is missing or older than the sources)...");
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
}

/** What moves or depends on the moment: toasts, the caret, transitions. */
const STILL = `
  [data-sonner-toaster] { display: none !important; }
  *, *::before, *::after { transition: none !important; animation: none !important; caret-color: transparent !important; }
`;

/** Every skeleton and spinner gone: what a person reads once the page has its answers. */
async function loaded(page: Page) {
  await page.waitForFunction(
    () => document.querySelectorAll('[aria-label^="Loading"], [aria-busy="true"]').length === 0,
  );
}

/** The issue 20 pages, each with what shows it has loaded. */
const PAGES = {
  insights: (page: Page) => page.getByRole("region", { name: "When fines happen" }).waitFor(),
  activity: (page: Page) => page.getByRole("main").getByRole("article").first().waitFor(),
} as const;

/**
 * A hosted service's configuration (issue 21) for the Plan section's pictures. Nothing here calls Stripe (only the
 * buttons would), so the keys need only be well formed.
 */
const PLANS_ON = {
  PLANS: "on",
  STRIPE_SECRET_KEY: "sk_test_screenshots",
  STRIPE_WEBHOOK_SECRET: "whsec_screenshots",
  STRIPE_PRICE_ID: "price_screenshots",
};

/**
 * Saves what the screen shows; with `whole`, the whole page, taken on a screen as tall as the page: a full-page
 * capture would paint the phone's fixed bottom bar where the screen's bottom was, halfway down a long page.
 */
async function save(page: Page, name: string, whole: boolean) {
  const screen = page.viewportSize();
  if (whole && screen) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: screen.width, height: Math.max(screen.height, height) });
  }
  const file = path.join(OUT, `${name}.png`);
  await page.screenshot({ path: file, animations: "disabled" });
  if (whole && screen) await page.setViewportSize(screen);
  console.log(`Saved ${path.relative(root, file)}`);
}

async function main() {
  buildIfNeeded();
  mkdirSync(OUT, { recursive: true });
  // A data folder of our own, which outlives the first server: the fines are backdated between the two.
  const dataDir = mkdtempSync(path.join(tmpdir(), "housemate-screenshots-"));
  const browser = await launchBrowser();
  try {
    const first = await startServer({ DATA_DIR: dataDir });
    let household;
    try {
      household = await makeDashboardHousehold(browser, first, { history: true });
    } finally {
      await first.stop();
    }
    await backdateFines(dataDir, household.history);
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      for (const [size, viewport] of Object.entries(SIZES)) {
        for (const colorScheme of ["light", "dark"] as const) {
          const { page } = await openAlexDashboard(browser, server, household, { viewport, colorScheme });
          await page.addStyleTag({ content: STILL });
          await save(page, `dashboard-${size}-${colorScheme}`, false);
          for (const [name, ready] of Object.entries(PAGES)) {
            await page.goto(`/dashboard/${name}`);
            await ready(page);
            await loaded(page);
            await page.addStyleTag({ content: STILL });
            await save(page, `${name}-${size}-${colorScheme}`, true);
          }
          await page.context().close();
        }
      }
    } finally {
      await server.stop();
    }
    const hosted = await startServer({ DATA_DIR: dataDir, ...PLANS_ON });
    try {
      for (const [size, viewport] of Object.entries(SIZES)) {
        for (const colorScheme of ["light", "dark"] as const) {
          const { page } = await openAlexDashboard(browser, hosted, household, { viewport, colorScheme });
          await page.goto("/dashboard/household");
          const plan = page.getByRole("region", { name: "Plan" });
          await plan.getByRole("button", { name: "Upgrade to Pro" }).waitFor();
          await loaded(page);
          await page.addStyleTag({ content: STILL });
          // A screen as tall as the page, so the phone's fixed bottom bar stays at the page's end, off the section.
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
          const file = path.join(OUT, `plan-${size}-${colorScheme}.png`);
          await plan.screenshot({ path: file, animations: "disabled" });
          console.log(`Saved ${path.relative(root, file)}`);
          await page.context().close();
        }
      }
    } finally {
      await hosted.stop();
    }
  } finally {
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
