import { beforeAll, describe, expect, it } from "vitest";
import { expectAccessible } from "./helpers/axe.js";
import { expectNoSidewaysScroll } from "./helpers/browser.js";
import { makeDashboardHousehold, openAlexDashboard, type DashboardHousehold } from "./helpers/dashboard-household.js";
import { useJourney } from "./helpers/journey.js";

/**
 * Issue 20: the Insights page on the real server, for Alex's household (four people, a dozen fines). The journey
 * through Insights and Activity is another test's; this one checks the page's layout and its accessibility.
 */
const journey = useJourney();
let household: DashboardHousehold;

beforeAll(async () => {
  household = await makeDashboardHousehold(journey.browser, journey.server);
});

describe("the Insights page", () => {
  it("fits a 360 px phone (its hidden tables too), with every card, and passes axe in both themes", async () => {
    const { page, problems } = await openAlexDashboard(journey.browser, journey.server, household, {
      viewport: { width: 360, height: 800 },
      colorScheme: "dark",
    });
    // On a phone Insights is in the avatar menu.
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Insights" }).click();
    await page.getByRole("region", { name: "When fines happen" }).waitFor();
    for (const card of ["Fines per month", "Amount per member", "Most broken rules", "Time to pay", "Disputes"]) {
      await expect.poll(() => page.getByRole("region", { name: card }).count()).toBe(1);
    }
    expect(await page.getByRole("table", { name: "Fines by weekday and hour" }).count()).toBe(1);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, "Insights");
    expect(problems).toEqual([]);
  });
});
