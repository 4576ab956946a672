import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { SERVER_BUNDLE } from "../apps/server/test/helpers/production.js";
import { launchBrowser, newPage } from "./helpers/browser.js";
import { signUpAndCreateHousehold } from "./helpers/household.js";
import { startServer, type RunningServer } from "./helpers/server.js";

/**
 * Issue 22: 'A new deploy is picked up with an Update available — reload prompt'. A server of its own serves a PRIVATE
 * copy of the built web app (the other journeys' server and build are never touched): Alex signs in, the service
 * worker installs; then a deploy changes that copy's sw.js, the page asks for an update, and the prompt appears; its
 * Reload reloads the page once, under the new worker; a second tab, whose Reload then finds no worker waiting, reloads
 * into the new build too rather than doing nothing.
 *
 * The server's bundle finds the web app at a path fixed when it was built (apps/server/src/app.ts's defaultWebRoot),
 * so the test runs a copy of the bundle, beside the original (its libraries resolve the same), with that one path
 * pointed at the private copy.
 */
const repo = path.resolve(import.meta.dirname, "..");
const webRoot = mkdtempSync(path.join(tmpdir(), "housemate-update-web-"));
const bundle = path.join(path.dirname(SERVER_BUNDLE), `server-update-e2e-${process.pid}.mjs`);
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  cpSync(path.join(repo, "apps/web/dist"), webRoot, { recursive: true });
  const source = readFileSync(SERVER_BUNDLE, "utf8");
  const builtPath = `new URL("../../web/dist", ${JSON.stringify(pathToFileURL(path.join(repo, "apps/server/src/app.ts")).href)}).pathname`;
  expect(source.includes(builtPath), "the bundle's web root, as the build writes it").toBe(true);
  writeFileSync(bundle, source.replace(builtPath, JSON.stringify(webRoot)));
  server = await startServer({}, bundle);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  rmSync(bundle, { force: true });
  await browser.close();
  await server.stop();
  rmSync(webRoot, { recursive: true, force: true });
});

/** A deploy: the worker script changes (here by a message handler that says which deploy it is). */
function deployNewWorker() {
  const worker = path.join(webRoot, "sw.js");
  // The server prefers the precompressed copies: without them it serves the changed file.
  rmSync(`${worker}.br`, { force: true });
  rmSync(`${worker}.gz`, { force: true });
  appendFileSync(
    worker,
    '\nself.addEventListener("message",(e)=>{if(e.data==="deploy?")e.source.postMessage("deploy 2")});\n',
  );
}

/** Which deploy's worker controls the page: the new worker answers "deploy 2". */
function deployOf(page: Page): Promise<unknown> {
  return page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        navigator.serviceWorker.addEventListener("message", (event) => resolve(event.data), { once: true });
        navigator.serviceWorker.controller?.postMessage("deploy?");
      }),
  );
}

describe("a new deploy", { timeout: 180_000 }, () => {
  it("is offered with 'Update available — reload'; Reload reloads once under the new worker, in a second tab too", async () => {
    const { context, page } = await newPage(browser, server.url);
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    await signUpAndCreateHousehold(
      page,
      server,
      { name: "Alex", email: "alex.update@example.com" },
      { name: "Flat 2" },
    );
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });

    // / is the server's prerendered landing page (decision 015), never the worker's precached index.html with an empty
    // #root: Workbox's default directoryIndex would answer / with it, from its precache route, which any request to /
    // from a page the worker controls reaches first.
    const landing = await page.evaluate(() => fetch("/").then((response) => response.text()));
    expect(landing).toContain('<div id="root"><');
    // The worker as built (the request above reaches the server whichever way the browser routes it here): no
    // directoryIndex, and / from the network with the precached app only as its fallback.
    const built = readFileSync(path.join(webRoot, "sw.js"), "utf8");
    expect(built).toContain("{directoryIndex:null}");
    expect(built).toMatch(/"\/"===\w{1,3}\.pathname/);
    expect(built).toContain("PrecacheFallbackPlugin");

    // A second tab of the same app on the same device.
    const other = await context.newPage();
    other.on("pageerror", (error) => problems.push(error.message));
    await other.goto("/dashboard");
    await other.waitForFunction(() => navigator.serviceWorker.controller !== null);

    deployNewWorker();
    let navigations = 0;
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    let otherNavigations = 0;
    other.on("framenavigated", (frame) => {
      if (frame === other.mainFrame()) otherNavigations += 1;
    });
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await page.getByText("Update available — reload").waitFor({ timeout: 60_000 });
    expect(navigations, "nothing reloads before the person asks").toBe(0);

    await page.getByRole("button", { name: "Reload" }).click();
    await expect.poll(() => navigations, { timeout: 30_000 }).toBe(1);
    await page.waitForLoadState("load");
    expect(await deployOf(page), "the page runs under the new worker").toBe("deploy 2");
    await page.waitForTimeout(1_000);
    expect(navigations, "reloaded once").toBe(1);
    expect(await page.getByText("Update available — reload").count()).toBe(0);

    // The other tab, never reloaded, still runs the old build under the new worker: its Reload (no worker waits any
    // more) reloads it, once, into the new build.
    expect(otherNavigations).toBe(0);
    await other.getByRole("button", { name: "Reload" }).click();
    await expect.poll(() => otherNavigations, { timeout: 30_000 }).toBe(1);
    await other.waitForLoadState("load");
    expect(await deployOf(other)).toBe("deploy 2");
    expect(problems).toEqual([]);
    await context.close();
  });
});
