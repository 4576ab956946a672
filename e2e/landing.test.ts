import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newPage, PHONE, screenshot } from "./helpers/browser.js";
import { startServer, type RunningServer } from "./helpers/server.js";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the public site", () => {
  it("serves the app and answers client routes with the page", async () => {
    const res = await fetch(`${server.url}/dashboard/rules`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
  });

  it("shows the landing page at desktop and phone widths", async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto("/");
    await expect(page.title()).resolves.toContain("Housemate");
    await screenshot(page, "landing-desktop");
    await page.setViewportSize(PHONE);
    await screenshot(page, "landing-phone");
    await context.close();
  });
});
