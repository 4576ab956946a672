import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { awayLabel, awayRefusalMessage, unsubscribedMessage, utcDate, type Rule } from "@housemate/contract";
import { expectAccessible } from "./helpers/axe.js";
import { dashboardCard, expectNoSidewaysScroll, openPage, PHONE, screenshot } from "./helpers/browser.js";
import { householdIdOf, signUpAndCreateHousehold, signUpAndJoinHousehold } from "./helpers/household.js";
import { useJourney } from "./helpers/journey.js";
import { callApi, newEmail } from "./helpers/session.js";

const journey = useJourney();
const { open } = journey;

/** The UTC date `days` from today: `away_until` is a UTC day. */
function daysFromToday(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return utcDate(date);
}

/** The token of a mail's one-click `List-Unsubscribe` header (RFC 8058), its folded lines joined. */
function listUnsubscribeToken(raw: string): string {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, " ");
  const header = unfolded.split(/\r?\n/).find((line) => line.toLowerCase().startsWith("list-unsubscribe:"));
  if (!header) throw new Error("the mail has no List-Unsubscribe header");
  const url = new URL(header.slice(header.indexOf("<") + 1, header.indexOf(">")));
  expect(url.pathname).toBe("/api/mail/unsubscribe");
  const token = url.searchParams.get("token");
  if (!token) throw new Error("the List-Unsubscribe link has no token");
  return token;
}

/**
 * Issue 22's away mode and reminder settings, in one household signed up once for the file: Blair goes away and Alex
 * cannot fine her; she is back and he can; Alex (the admin) changes the reminder days; and Blair stops one kind of
 * email through the link in a real email, signed out.
 */
describe("away mode, reminders and unsubscribing", () => {
  const alex = { name: "Alex Reed", email: newEmail("alex") };
  const blair = { name: "Blair Shaw", email: newEmail("blair") };
  const awayUntil = daysFromToday(5);
  let alexPage: Page;
  let blairPage: Page;

  it("Alex creates the household with a rule, and Blair joins", async () => {
    alexPage = await open();
    blairPage = await open(PHONE);
    const householdId = await signUpAndCreateHousehold(alexPage, journey.server, alex, { name: "The Cozy Flat" });
    await signUpAndJoinHousehold(blairPage, journey.server, blair, householdId);
    const rule = await callApi<Rule>(journey.server, alexPage, "POST", "/rules", {
      title: "Dishes left overnight",
      description: "Wash up before bed.",
      fine_amount: 2,
      household_id: await householdIdOf(alexPage),
    });
    expect(rule.status).toBe(201);
  });

  it("Blair marks herself away on a phone; Alex sees 'Away until …' and cannot choose her in Issue Fine", async () => {
    await openPage(blairPage, "/dashboard/profile");
    await blairPage.getByLabel("I'm away until").fill(awayUntil);
    await blairPage.getByRole("button", { name: "Save", exact: true }).click();
    await blairPage.getByText("Away mode saved").waitFor();
    await blairPage.getByRole("button", { name: "I'm back" }).waitFor();
    await expectNoSidewaysScroll(blairPage);
    await screenshot(blairPage, "away-profile-phone");
    await expectAccessible(blairPage, "the profile with away mode on");
    // Her own face on the phone's Housemates: first name, '(you)' and 'Away' are three lines, none of them cut off.
    await openPage(blairPage, "/dashboard");
    const ownName = dashboardCard(blairPage, "Housemates")
      .getByRole("listitem")
      .filter({ hasText: "(you)" })
      .getByText("Away", { exact: true });
    await ownName.waitFor();
    const clipped = await ownName.evaluate((away) => {
      const cell = away.parentElement?.parentElement;
      if (!cell) return "no cell";
      const [inner, outer] = [away.getBoundingClientRect(), cell.getBoundingClientRect()];
      return inner.bottom > outer.bottom + 0.5 ? `'Away' ends ${inner.bottom - outer.bottom}px below its cell` : null;
    });
    expect(clipped).toBeNull();

    await openPage(alexPage, "/dashboard/household");
    const blairRow = alexPage
      .getByRole("list", { name: "Members" })
      .getByRole("listitem")
      .filter({ hasText: blair.name });
    await blairRow.getByText(awayLabel(awayUntil)).waitFor();
    await expectAccessible(alexPage, "the household page with a housemate away");
    await openPage(alexPage, "/dashboard");
    // The badge where there is room; a phone has 'Away' under the face instead.
    await dashboardCard(alexPage, "Housemates").getByText(awayLabel(awayUntil)).filter({ visible: true }).waitFor();

    await openPage(alexPage, "/dashboard/fines/new");
    const reason = awayRefusalMessage(blair.name, awayUntil);
    await alexPage.getByText(reason).waitFor();
    await alexPage.getByLabel("Offender *").click();
    const option = alexPage.getByRole("option", { name: blair.name });
    await expect.poll(() => option.getAttribute("aria-disabled")).toBe("true");
    const describedBy = await option.getAttribute("aria-describedby");
    expect(await alexPage.locator(`[id="${describedBy}"]`).textContent()).toBe(reason);
    // Moving through the list skips a disabled option, so the list's trigger is described by the reason too.
    expect((await alexPage.getByLabel("Offender *").getAttribute("aria-describedby"))?.split(" ")).toContain(
      describedBy,
    );
    // Checked closed: an open Radix list hides the page behind it from screen readers, which axe reads as a fault.
    await alexPage.keyboard.press("Escape");
    await expectAccessible(alexPage, "Issue Fine with an away housemate");
  });

  it("Blair is back, and Alex can fine her again", async () => {
    await openPage(blairPage, "/dashboard/profile");
    await blairPage.getByRole("button", { name: "I'm back" }).click();
    await blairPage.getByText("Welcome back").waitFor();

    await openPage(alexPage, "/dashboard/fines/new");
    await alexPage.getByLabel("Offender *").click();
    await alexPage.getByRole("option", { name: blair.name }).click();
    await alexPage.getByLabel("Rule *").click();
    await alexPage.getByRole("option", { name: /Dishes left overnight/ }).click();
    await alexPage.getByRole("button", { name: "Issue Fine" }).click();
    await alexPage.getByText("Fine issued").waitFor();
  });

  it("Alex changes the reminder days; Blair, a member, sees them as they are", async () => {
    await openPage(alexPage, "/dashboard/household");
    const reminders = alexPage.getByRole("region", { name: "Reminders" });
    const first = reminders.getByLabel("First reminder after");
    await expect.poll(() => first.inputValue()).toBe("3");
    await first.fill("5");
    await reminders.getByRole("checkbox", { name: "Tell the issuer: off" }).check();
    const save = reminders.getByRole("button", { name: "Save Reminders" });
    await save.click();
    await alexPage.getByText("Household updated").waitFor();
    await expect.poll(() => first.inputValue()).toBe("5");
    // The form is refilled, not remounted: the keyboard is still on the button just pressed.
    expect(await save.evaluate((button) => button === document.activeElement)).toBe(true);

    await openPage(blairPage, "/dashboard/household");
    const shown = blairPage.getByRole("region", { name: "Reminders" });
    await shown.getByText("5 days").waitFor();
    await shown.getByText("Off", { exact: true }).waitFor();
    await expectNoSidewaysScroll(blairPage);
    await blairPage.emulateMedia({ colorScheme: "dark" });
    await screenshot(blairPage, "reminders-member-phone-dark");
    await blairPage.emulateMedia({ colorScheme: "light" });
    await expectAccessible(alexPage, "the household page's reminder settings");
  });

  it("Blair stops fine emails with the link in the email about her fine, signed out, and Preferences say so", async () => {
    // The email about the fine Alex issued once she was back: its token names the type it turns off.
    const mail = await journey.server.smtp.waitFor(
      blair.email,
      (candidate) =>
        candidate.raw.toLowerCase().includes("list-unsubscribe:") && candidate.raw.includes(".fine_received."),
      20_000,
    );
    const token = listUnsubscribeToken(mail.raw);
    // The footer's link is the web's page, with the same token.
    expect(mail.body).toContain(`/unsubscribe?token=${token}`);

    const signedOut = await open(PHONE);
    await openPage(signedOut, `/unsubscribe?token=${token}`);
    const description = "Someone issued you a fine";
    await signedOut.getByRole("heading", { name: `Stop emails for: ${description}?` }).waitFor();
    await expectAccessible(signedOut, "the unsubscribe page");
    await signedOut.getByRole("button", { name: "Unsubscribe" }).click();
    // The pressed button is gone: its answer takes the focus, so a screen reader reads it out.
    const answer = signedOut.getByRole("heading", { name: unsubscribedMessage(description) });
    await answer.waitFor();
    expect(await answer.evaluate((heading) => heading === document.activeElement)).toBe(true);
    await expectAccessible(signedOut, "the unsubscribe page's answer");
    await expectNoSidewaysScroll(signedOut);
    await signedOut.emulateMedia({ colorScheme: "dark" });
    await screenshot(signedOut, "unsubscribed-phone-dark");

    await openPage(blairPage, "/dashboard/profile?tab=preferences");
    const email = blairPage.getByRole("switch", { name: `${description} (email)` });
    await expect.poll(() => email.getAttribute("aria-checked")).toBe("false");
    expect(await blairPage.getByRole("switch", { name: `${description} (in-app)` }).getAttribute("aria-checked")).toBe(
      "true",
    );
  });
});
