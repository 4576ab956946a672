import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { dashboardCard, expectNoSidewaysScroll } from "./helpers/browser.js";
import { makeDashboardHousehold, openAlexDashboard, type DashboardHousehold } from "./helpers/dashboard-household.js";
import { useJourney } from "./helpers/journey.js";

/**
 * Issue 18: the dashboard laid out as the landing page's preview. Alex's household (four people, a dozen fines, four
 * notes) is made once through the API; each test opens Alex's dashboard at its size, in a context of its own.
 */
const journey = useJourney();
let household: DashboardHousehold;

beforeAll(async () => {
  household = await makeDashboardHousehold(journey.browser, journey.server);
});

/** Alex's dashboard, loaded, and what it logs as a warning or error (which, as in every journey, must be nothing). */
const alexDashboard = (viewport: { width: number; height: number }) =>
  openAlexDashboard(journey.browser, journey.server, household, { viewport, colorScheme: "light" });

/** Where `locator`'s box is, in the viewport's coordinates. */
async function box(page: Page, locator: ReturnType<Page["locator"]>) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not on the page");
  return found;
}

describe("the dashboard's layout", () => {
  it("on a laptop, shows the housemates and the notes beside ten activity rows, without scrolling", async () => {
    const { page, problems } = await alexDashboard({ width: 1280, height: 800 });
    const recent = dashboardCard(page, "Recent Activity");
    await expect.poll(() => recent.getByRole("article").count()).toBe(10);
    expect(await recent.getByRole("article").first().textContent()).toContain("Sam Patel fined Alex Morgan");

    const housemates = await box(page, dashboardCard(page, "Housemates"));
    const notes = await box(page, dashboardCard(page, "Household Notes"));
    const activity = await box(page, recent);
    // The whole housemates card, and the notes card's top with its first line, on the first screen.
    expect(housemates.y).toBeGreaterThanOrEqual(0);
    expect(housemates.y + housemates.height).toBeLessThanOrEqual(800);
    expect(notes.y + 100).toBeLessThanOrEqual(800);
    // In a column of their own, to the right of the fines, as in the preview.
    expect(housemates.x).toBeGreaterThan(activity.x + activity.width);
    expect(notes.x).toBeGreaterThan(activity.x + activity.width);
    const pending = await box(page, dashboardCard(page, "Your Pending Fines"));
    const disputed = await box(page, dashboardCard(page, "Disputed Fines to Review"));
    expect(disputed.y).toBe(pending.y);
    expect(activity.y).toBeGreaterThan(pending.y + pending.height);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("on a phone, scrolls only up and down, with a bottom bar made for a thumb", async () => {
    const { page, problems } = await alexDashboard({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);

    const bar = page.getByRole("navigation", { name: "Mobile" });
    const targets = bar.locator("a, button");
    // SPEC §2's order word for word; New Fine fourth, under a right thumb.
    expect(await targets.allTextContents()).toEqual(["Dashboard", "Rules", "Fines", "New Fine", "Invite"]);
    for (const target of await targets.all()) {
      const { width, height } = await box(page, target);
      expect(width).toBeGreaterThanOrEqual(44);
      expect(height).toBeGreaterThanOrEqual(44);
    }
    // New Fine and the first Pay are in the bottom half of the screen, where a thumb reaches.
    const newFine = await box(page, bar.getByRole("link", { name: "New Fine" }));
    expect(newFine.y).toBeGreaterThan(844 / 2);
    const pay = await box(page, dashboardCard(page, "Your Pending Fines").getByRole("button", { name: "Pay" }).first());
    expect(pay.y).toBeGreaterThan(844 / 2);
    expect(pay.height).toBeGreaterThanOrEqual(44);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
