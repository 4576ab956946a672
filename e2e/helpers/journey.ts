import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { DESKTOP, launchBrowser, newPage, problemsOf, type Viewport } from "./browser.js";
import { startServer, type RunningServer } from "./server.js";

export interface Journey {
  /** The real server the file's journeys run against. */
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A page in a fresh context (a person on their own device), closed with the rest after the file. */
  open: (viewport?: Viewport) => Promise<Page>;
}

/** Chromium's line for each request the server refused, which journeys provoke on purpose (a 401, a 404). */
const REFUSED_REQUEST = /^Failed to load resource: the server responded with a status of \d+/;

/**
 * One server and one Chromium for a test file: registers the hooks that start them before its tests
 * and close every page, the browser and the server after. Call it once, at the top of the file; read
 * `server` and `browser` inside tests, where they have started.
 *
 * A test fails when a page it opened logged a warning or an error, or threw: React's and the router's
 * warnings, a Content-Security-Policy refusal or an uncaught error all count; refused requests do not.
 */
export function useJourney(
  options: {
    /** The server's environment beyond the defaults, read when it starts: after the file's earlier beforeAll hooks. */
    env?: () => Record<string, string>;
  } = {},
): Journey {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const logged: string[] = [];

  beforeAll(async () => {
    server = await startServer(options.env?.());
    browser = await launchBrowser();
  });
  afterEach(() => {
    const problems = logged.splice(0).filter((line) => !REFUSED_REQUEST.test(line));
    expect(problems, "what the browser logged as a warning or error").toEqual([]);
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
      problemsOf(page, logged);
      return page;
    },
  };
  return journey;
}
