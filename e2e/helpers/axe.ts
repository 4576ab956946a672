import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect } from "vitest";
import type { AxeResults, ImpactValue } from "axe-core";
import type { Page } from "playwright-core";

/**
 * axe-core's source, handed to the page through `evaluate` rather than a <script> tag: the app's
 * Content-Security-Policy refuses inline scripts (and says so in the console, which fails a journey),
 * while DevTools' evaluation is outside its reach.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: what the issue asks the app to meet. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const BLOCKING: readonly ImpactValue[] = ["serious", "critical"];

type Scheme = "light" | "dark";

/**
 * Runs axe on what `page` shows now, in the light theme and then the dark one (the system's, as Playwright emulates
 * it), and fails with one line per serious or critical violation: its rule, impact, element and what was on screen.
 * The page is left in the scheme it was in. The test fails at its end, after the rest of its screens were checked.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const dark = await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches);
  const found: string[] = [];
  try {
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      found.push(...(await violations(page, scheme)));
    }
  } finally {
    await page.emulateMedia({ colorScheme: dark ? "dark" : "light" });
  }
  // Soft: the journey goes on to its other screens, so one run lists every violation rather than the first screen's.
  expect.soft(found, `serious or critical accessibility violations on ${what}`).toEqual([]);
}

async function violations(page: Page, scheme: Scheme): Promise<string[]> {
  await settled(page);
  const injected = await page.evaluate(() => "axe" in window);
  if (!injected) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(
        document,
        { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] },
      ),
    WCAG_TAGS,
  );
  return results.violations
    .filter((violation) => violation.impact && BLOCKING.includes(violation.impact))
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        // The first check's message says the measured contrast, the missing name, …: what to fix.
        const why = [...node.any, ...node.all, ...node.none].find((check) => check.message)?.message ?? violation.help;
        return `${scheme}: ${violation.id} (${violation.impact}) at ${node.target.join(" ")}: ${why}`;
      }),
    );
}

/**
 * Waits for the page's finite animations and colour transitions to end (a dialog popping in, the theme's colours
 * changing), so axe measures the colours a person ends up seeing, not a frame halfway there.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}
