import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { APPEAL_OPEN_MESSAGE, type Dispute, type Fine, type Member, type Rule } from "@housemate/contract";
import { expectAccessible } from "./helpers/axe.js";
import { dashboardCard, expectNoSidewaysScroll, openLive, openPage, PHONE, screenshot } from "./helpers/browser.js";
import { dismissToasts, signUpAndCreateHousehold, signUpAndJoinHousehold } from "./helpers/household.js";
import { useJourney } from "./helpers/journey.js";
import { callApi, newEmail, signInThroughApi, storedUser } from "./helpers/session.js";

const journey = useJourney();
const { open } = journey;

const HOUSEHOLD = "The Fair House";
const DISHES = "Dishes left overnight";
const REASON = "Casey saw me wash up before bed";

/** The fine's card in the dashboard card titled `card`. */
const fineIn = (page: Page, card: string) => dashboardCard(page, card).getByRole("article", { name: DISHES });

/** Signs `person` in through the API and joins them to the household, acting through a page of their own. */
async function joinThroughApi(person: { name: string; email: string }, householdId: string): Promise<Page> {
  const token = await signInThroughApi(journey.server, person.email, person.name);
  const page = await open();
  await page.goto("/api/health");
  await page.evaluate((value) => localStorage.setItem("authToken", value), token);
  const joined = await callApi(journey.server, page, "POST", `/households/${householdId}/join`, {});
  expect(joined.status).toBeLessThan(300);
  return page;
}

/**
 * Issue 21's journey: in a household of four, Alex fines Blair, Blair disputes and Alex declines; Blair appeals to
 * the house in the browser. Dana votes first (through the API): while the appeal is open Blair sees how many have voted
 * but not who. Casey, the last voter, votes 'Cancel fine' in the browser, and Blair, whose page stays open, sees the
 * fine cancelled on appeal arrive live, then each vote by name. The appeal dialog and the card to vote on are checked
 * on a 360 px phone in the dark, with axe. One server and one household for the file.
 */
describe("an appeal decided by the house", () => {
  const alex = { name: "Alex Moreau", email: newEmail("alex") };
  const blair = { name: "Blair Quinn", email: newEmail("blair") };
  const casey = { name: "Casey Ndiaye", email: newEmail("casey") };
  const dana = { name: "Dana Okafor", email: newEmail("dana") };
  let blairPage: Page;
  let danaPage: Page;
  let caseyPage: Page;
  let householdId: string;
  let fine: Fine;

  it("Blair and Casey sign up into one household, Alex and Dana join; Alex fines Blair, Blair disputes, Alex declines", async () => {
    blairPage = await open();
    householdId = await signUpAndCreateHousehold(blairPage, journey.server, blair, {
      name: HOUSEHOLD,
      currency: "GBP",
    });
    caseyPage = await open(PHONE);
    await signUpAndJoinHousehold(caseyPage, journey.server, casey, householdId);

    // Alex only needs to fine and to decline, Dana to vote: each signed in and joined through the API.
    const alexPage = await joinThroughApi(alex, householdId);
    danaPage = await joinThroughApi(dana, householdId);
    const members = await callApi<Member[]>(journey.server, alexPage, "GET", `/users?householdId=${householdId}`);
    expect(members.data).toHaveLength(4);

    // The fine and its dispute through the API, as the fines screens would (their journey is fines.test.ts).
    const rule = await callApi<Rule>(journey.server, alexPage, "POST", "/rules", {
      title: DISHES,
      description: "Wash up before bed.",
      fine_amount: 2.5,
      household_id: householdId,
    });
    expect(rule.status).toBe(201);
    const issued = await callApi<Fine>(journey.server, alexPage, "POST", "/fines", {
      offender_id: (await storedUser(blairPage)).id,
      rule_id: rule.data.id,
      amount: 2.5,
      description: "Pans left in the sink",
      household_id: householdId,
    });
    expect(issued.status).toBe(201);
    const finePath = `/fines/household/${householdId}/fines/${issued.data.id}`;
    const disputed = await callApi<{ dispute: Dispute }>(journey.server, blairPage, "POST", `${finePath}/disputes`, {
      reason: "They were soaking",
    });
    expect(disputed.status).toBe(201);
    const declined = await callApi<{ fine: Fine }>(
      journey.server,
      alexPage,
      "PUT",
      `${finePath}/disputes/${disputed.data.dispute.id}`,
      { action: "decline", reason: "Three days is not soaking" },
    );
    expect(declined.status).toBe(200);
    fine = declined.data.fine;
    expect(fine.declined_at).not.toBeNull();
  });

  it("Blair appeals to the house from the dashboard, on her phone in the dark: the dialog passes axe", async () => {
    await blairPage.emulateMedia({ colorScheme: "dark" });
    await openPage(blairPage, "/dashboard", PHONE);
    const card = fineIn(blairPage, "Your Pending Fines");
    await card.getByRole("button", { name: "Appeal to the house" }).click();
    const dialog = blairPage.getByRole("dialog", { name: "Appeal to the house" });
    const reason = dialog.getByRole("textbox", { name: "Reason" });
    await reason.waitFor();
    await expectNoSidewaysScroll(blairPage);
    await expectAccessible(blairPage, "the appeal dialog on a phone");
    await screenshot(blairPage, "appeal-dialog-phone-dark");

    await reason.fill(REASON);
    await dialog.getByRole("button", { name: "Submit Appeal" }).click();
    await blairPage.getByText("Appeal submitted").waitFor();
    await blairPage.getByText("The house will decide within 3 days.").waitFor();
    await dialog.waitFor({ state: "detached" });
    // The button and its dialog are gone: focus is on the fine's new line, not lost to the page.
    await expect
      .poll(() => blairPage.evaluate(() => document.activeElement?.textContent ?? ""))
      .toContain("Under appeal until");

    // Under appeal: Pay is off and says why; there is nothing more to appeal or dispute.
    await card.getByText("Under appeal until").waitFor();
    const pay = card.getByRole("button", { name: "Pay" });
    await expect.poll(() => pay.getAttribute("aria-disabled")).toBe("true");
    await card.getByText(APPEAL_OPEN_MESSAGE).waitFor();
    expect(await card.getByRole("button", { name: "Appeal to the house" }).count()).toBe(0);
    await dismissToasts(blairPage);
    await expectNoSidewaysScroll(blairPage);
    await expectAccessible(blairPage, "a fine under appeal on a phone");
  });

  it("Dana votes first: Blair, whose page stays open, sees how many have voted but not who", async () => {
    const voted = await callApi(
      journey.server,
      danaPage,
      "POST",
      `/fines/household/${householdId}/fines/${fine.id}/appeal/votes`,
      {
        vote: "cancel",
      },
    );
    expect(voted.status).toBe(201);

    // Live from here on: the outcome must reach this page without a reload.
    await openLive(blairPage, "/dashboard");
    await fineIn(blairPage, "Recent Activity")
      .getByRole("button", { name: /Details/ })
      .click();
    const details = blairPage.getByRole("dialog", { name: "Fine Details" });
    const appeal = details.getByRole("region", { name: "Appeal to the house" });
    await appeal.getByText("1 of 2 have voted.", { exact: false }).waitFor();
    expect(await appeal.getByRole("list", { name: "Votes" }).count()).toBe(0);
    expect(await appeal.textContent()).not.toContain(dana.name);
    expect(await appeal.getByText("Uphold:", { exact: false }).count()).toBe(0);
    await blairPage.keyboard.press("Escape");
    await details.waitFor({ state: "detached" });
  });

  it("Casey, the last voter, sees it to vote on on her phone in the dark, and votes 'Cancel fine'", async () => {
    await caseyPage.emulateMedia({ colorScheme: "dark" });
    await openLive(caseyPage, "/dashboard", PHONE);
    const toVoteOn = fineIn(caseyPage, "Appeals to vote on");
    await toVoteOn.getByText(`Appeal: ${REASON}`).waitFor();
    expect(await toVoteOn.textContent()).toContain(`${alex.name} fined ${blair.name}`);
    await expectNoSidewaysScroll(caseyPage);
    await expectAccessible(caseyPage, "the appeals to vote on, on a phone");
    await screenshot(caseyPage, "appeals-to-vote-on-phone-dark");

    await toVoteOn.getByRole("button", { name: "Cancel fine" }).click();
    const confirmation = caseyPage.getByRole("alertdialog", { name: "Cancel the fine?" });
    await confirmation.getByText("A vote is final: it cannot be changed.").waitFor();
    await expectAccessible(caseyPage, "the vote's confirmation on a phone");
    await confirmation.getByRole("button", { name: "Cancel fine" }).click();
    await caseyPage.getByText("Vote recorded").waitFor();
    // Hers was the last vote: the appeal closed, and nothing is left to vote on. Focus stays on the page.
    await dashboardCard(caseyPage, "Appeals to vote on").waitFor({ state: "detached" });
    await expect.poll(() => caseyPage.evaluate(() => document.activeElement?.id)).toBe("main");
  });

  it("Blair sees the fine 'Cancelled on appeal' arrive live, then the house's decision and who voted", async () => {
    // No reload: the live appeal_decided brings the outcome to the dashboard Blair left open.
    await fineIn(blairPage, "Recent Activity").getByText("Cancelled on appeal").waitFor();
    // Pending Fines is a query of its own, refetched beside Recent Activity: it empties a moment later, not at once.
    await expect.poll(() => fineIn(blairPage, "Your Pending Fines").count()).toBe(0);

    // Fine Details, from Recent Activity: now that it has closed, each vote by name.
    await fineIn(blairPage, "Recent Activity")
      .getByRole("button", { name: /Details/ })
      .click();
    const details = blairPage.getByRole("dialog", { name: "Fine Details" });
    const appeal = details.getByRole("region", { name: "Appeal to the house" });
    await appeal.getByText(`${casey.name}: Cancel the fine`).waitFor();
    await appeal.getByText(`${dana.name}: Cancel the fine`).waitFor();
    await appeal.getByText("Uphold: 0 · Cancel: 2").waitFor();
    await expectAccessible(blairPage, "Fine Details of a fine cancelled on appeal");
    await screenshot(blairPage, "appeal-decided-dark");
    await blairPage.keyboard.press("Escape");
    await details.waitFor({ state: "detached" });

    await openPage(blairPage, "/dashboard/fines");
    const card = blairPage.getByRole("main").getByRole("article", { name: DISHES });
    await card.getByText("Cancelled on appeal").first().waitFor();
    await card.getByText("Appeal decided").waitFor();
    await card.getByText("Cancelled by the house, 2 votes to 0.").waitFor();
    expect(await card.getByRole("button", { name: "Pay" }).count()).toBe(0);
  });
});
