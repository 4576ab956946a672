/**
 * `npm run screenshots`: docs/screenshots/dashboard-{desktop,phone}-{light,dark}.png, the signed-in dashboard of a
 * household of four (e2e/helpers/dashboard-household.ts) on the real server, at 1280×800 and 390×844, in both themes.
 * Builds the app first when the build is missing or older than the sources.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { SERVER_BUNDLE } from "../apps/server/test/helpers/production.js";
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

async function main() {
  buildIfNeeded();
  mkdirSync(OUT, { recursive: true });
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const household = await makeDashboardHousehold(browser, server);
    for (const [size, viewport] of Object.entries(SIZES)) {
      for (const colorScheme of ["light", "dark"] as const) {
        const { page } = await openAlexDashboard(browser, server, household, { viewport, colorScheme });
        await page.addStyleTag({ content: STILL });
        const file = path.join(OUT, `dashboard-${size}-${colorScheme}.png`);
        await page.screenshot({ path: file, animations: "disabled" });
        console.log(`Saved ${path.relative(root, file)}`);
        await page.context().close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
