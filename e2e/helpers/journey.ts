import { afterAll, beforeAll } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { DESKTOP, launchBrowser, newPage, type Viewport } from "./browser.js";
import { startServer, type RunningServer } from "./server.js";

export interface Journey {
  /** The real server the file's journeys run against. */
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A page in a fresh context (a person on their own device), closed with the rest after the file. */
  open(viewport?: Viewport): Promise<Page>;
}

/**
 * One server and one Chromium for a test file: registers the hooks that start them before its tests
 * and close every page, the browser and the server after. Call it once, at the top of the file; read
 * `server` and `browser` inside tests, where they have started.
 */
export function useJourney(): Journey {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await server?.stop();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} starts in beforeAll: use it inside a test or hook`);
    return value;
  };
  const journey: Journey = {
    get server() {
      return started(server, "server");
    },
    get browser() {
      return started(browser, "browser");
    },
    // A closure rather than a method, so `const { open } = useJourney()` works.
    async open(viewport = DESKTOP) {
      const { context, page } = await newPage(journey.browser, journey.server.url, viewport);
      contexts.push(context);
      return page;
    },
  };
  return journey;
}
