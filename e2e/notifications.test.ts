import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { choose, openLive, openPage, PHONE, screenshotScreen } from "./helpers/browser.js";
import { signUpAndCreateHousehold, signUpAndJoinHousehold } from "./helpers/household.js";
import { useJourney } from "./helpers/journey.js";
import { callApi, localItem, newEmail } from "./helpers/session.js";

const journey = useJourney();
const { open } = journey;

const RULE = "Bins out on Monday";
/** Writes a house rule through the API with the page's own session, as the rules screen would. */
async function createRule(page: Page, householdId: string) {
  const description = "Whoever is home on Monday evening takes them out.";
  const response = await callApi(journey.server, page, "POST", "/rules", {
    title: RULE,
    description,
    fine_amount: 3,
    household_id: householdId,
  });
  expect(response.status).toBe(201);
}

const bell = (page: Page, name: string) => page.getByRole("banner").getByRole("button", { name, exact: true });

describe("live notifications in the browser", () => {
  const ana = { name: "Ana Lopez", email: newEmail("ana") };
  const ben = { name: "Ben Hall", email: newEmail("ben") };
  let anaPage: Page;
  let benPage: Page;

  it("Ana and Ben share a household; Ben's bell starts with nothing unread", async () => {
    anaPage = await open();
    const householdId = await signUpAndCreateHousehold(anaPage, journey.server, ana, {
      name: "The Cozy Flat",
      currency: "GBP",
    });
    // Written before Ben joins, so the rule's notification is not his.
    await createRule(anaPage, householdId);
    benPage = await open(PHONE);
    await signUpAndJoinHousehold(benPage, journey.server, ben, householdId);
    await bell(benPage, "Notifications").waitFor();
    // Ana hears of Ben joining, live.
    await bell(anaPage, "Notifications, 1 unread").waitFor();
  });

  it("Ana fines Ben; his bell count rises and a toast shows, without a reload", async () => {
    await openLive(benPage, "/dashboard");
    await benPage.evaluate(() => Object.assign(window, { samePageLoad: true }));

    await openPage(anaPage, "/dashboard/fines/new");
    await anaPage.getByRole("heading", { name: "Issue New Fine" }).waitFor();
    await choose(anaPage, "Offender *", ben.name);
    await choose(anaPage, "Rule *", new RegExp(RULE));
    await anaPage.getByRole("button", { name: "Issue Fine" }).click();
    await anaPage.getByText("Fine issued").waitFor();

    await bell(benPage, "Notifications, 1 unread").waitFor();
    const toast = benPage.locator("[data-sonner-toast]").filter({ hasText: "You've been fined" });
    await toast.getByText(`Ana Lopez fined you £3.00 for breaking "${RULE}".`).waitFor();
    // A fine-related notification refreshes Ben's fines on the page he is looking at.
    await benPage.getByText("1 unpaid fine").waitFor();
    expect(await benPage.evaluate(() => "samePageLoad" in window)).toBe(true);
    await screenshotScreen(benPage, "notifications-toast-phone");
    // The counts are kept on the device (SPEC §3).
    expect(JSON.parse((await localItem(benPage, "notification-counts")) ?? "null")).toMatchObject({
      state: { total: 1, unread: 1 },
    });
    // The toast goes by itself after 5 seconds.
    await toast.waitFor({ state: "detached", timeout: 8_000 });
  });

  it("Ben opens the panel, sees the fine and reads it", async () => {
    await openPage(benPage, "/dashboard");
    await bell(benPage, "Notifications, 1 unread").click();
    const panel = benPage.getByRole("dialog", { name: "Notifications" });
    const item = panel.getByRole("button", { name: /You've been fined/ });
    await item.getByText("Unread").waitFor({ state: "attached" });
    await panel.getByRole("button", { name: "Mark all as read" }).waitFor();
    // The sheet slides in; the picture is of where it comes to rest.
    await panel.evaluate((sheet) => Promise.all(sheet.getAnimations().map((animation) => animation.finished)));
    // The sheet is fixed to the screen: a picture of the screen, not of the whole page below it.
    await screenshotScreen(benPage, "notifications-panel-phone");

    await item.click();
    await panel.getByText("You've been fined").waitFor();
    await expect.poll(() => panel.getByRole("button", { name: /You've been fined/ }).count()).toBe(0);
    await expect.poll(() => panel.getByRole("button", { name: "Mark all as read" }).count()).toBe(0);
    await benPage.keyboard.press("Escape");
    await bell(benPage, "Notifications").waitFor();

    // The server kept it read.
    await benPage.reload();
    await bell(benPage, "Notifications").waitFor();
  });

  it("Ana marks everything read at once", async () => {
    await openPage(anaPage, "/dashboard");
    await bell(anaPage, "Notifications, 1 unread").click();
    const panel = anaPage.getByRole("dialog", { name: "Notifications" });
    await panel.getByText("Ben Hall", { exact: false }).first().waitFor();
    await panel.getByRole("button", { name: "Mark all as read" }).click();
    await expect.poll(() => panel.getByText("Unread").count()).toBe(0);
    await anaPage.keyboard.press("Escape");
    await bell(anaPage, "Notifications").waitFor();
  });
});
