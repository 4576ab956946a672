import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import type { MemberFixture } from "./seed.js";
import { freePort } from "./server.js";

export const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** A phone's viewport, as Lighthouse's mobile preset emulates it (Moto G Power). */
export const PHONE = { width: 412, height: 823 };

export interface DebuggedChromium {
  /** The remote-debugging port Lighthouse connects to. */
  port: number;
  browser: Browser;
  /** The default context: Lighthouse's tabs share its local storage and HTTP cache. */
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Debian's Chromium, headless, with a debugging port that Lighthouse's Node API and Playwright (connectOverCDP)
 * both drive: Playwright signs in by writing local storage, Lighthouse then measures in the same profile.
 */
export async function launchChromium(workDir: string): Promise<DebuggedChromium> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(workDir, "chromium-"));
  const child = spawn(
    CHROMIUM,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-dev-shm-usage",
      "--disable-gpu",
      "--no-first-run",
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`Chromium (${CHROMIUM}) did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  if (!context) throw new Error("Chromium has no default context");
  return {
    port,
    browser,
    context,
    async close() {
      await browser.close().catch(() => undefined);
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * A script that signs a member in on the page's origin as the web app would after a magic link: the token, its
 * expiry and the user under SPEC §3's keys, and the zustand-persisted `auth-storage` slice. The user is the
 * server's own answer. A script string: the bench compiles without the DOM's types.
 */
export async function signInScript(origin: string, member: MemberFixture): Promise<string> {
  const response = await fetch(`${origin}/api/users/${member.id}`, {
    headers: { authorization: `Bearer ${member.token}` },
  });
  if (!response.ok) throw new Error(`GET /api/users/${member.id}: ${response.status}`);
  const { data: user } = (await response.json()) as { data: Record<string, unknown> };
  const entries = {
    authToken: member.token,
    authExpires: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
    user: JSON.stringify(user),
    "auth-storage": JSON.stringify({ state: { currentUser: user, isAuthenticated: true }, version: 0 }),
  };
  return `if (localStorage.getItem("authToken") !== ${JSON.stringify(member.token)}) { localStorage.clear(); for (const [k, v] of Object.entries(${JSON.stringify(entries)})) localStorage.setItem(k, v); }`;
}

/** Signs a member in, in the page's context (local storage is per origin and context), and checks it took. */
export async function signIn(page: Page, origin: string, member: MemberFixture): Promise<void> {
  const script = await signInScript(origin, member);
  await page.goto(`${origin}/`, { waitUntil: "domcontentloaded" });
  await page.evaluate(script);
  await page.goto(`${origin}/dashboard`, { waitUntil: "networkidle" });
  if (new URL(page.url()).pathname !== "/dashboard")
    throw new Error(`signing ${member.id} in failed: /dashboard went to ${page.url()}`);
}
