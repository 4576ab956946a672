import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { featureNeedsProMessage, householdFullMessage, seatsText, SUPPORT_MESSAGE_SHORT } from "@housemate/contract";
import { startStripeStandIn, type StripeStandIn } from "../apps/server/test/helpers/stripe-stand-in.js";
import type { CapturedMail } from "../apps/server/test/helpers/smtp.js";
import { expectAccessible } from "./helpers/axe.js";
import { expectNoSidewaysScroll, openPage, PHONE } from "./helpers/browser.js";
import { signUpAndCreateHousehold } from "./helpers/household.js";
import { useJourney } from "./helpers/journey.js";
import { callApi, newEmail, signInThroughApi } from "./helpers/session.js";

const SUPPORT = "help@housemate.example";
const WEBHOOK_SECRET = "whsec_journey";
const HOUSEHOLD = "The Busy Flat";

let stripe: StripeStandIn;
/** Where the stand-in sends Stripe's signed events once the app is listening (its port is known only then). */
const standIn: { webhookSecret: string; webhookUrl?: string } = { webhookSecret: WEBHOOK_SECRET };
beforeAll(async () => {
  stripe = await startStripeStandIn(standIn);
});
afterAll(() => stripe.close());

// Registered after the stand-in's hook, so the server starts knowing its address.
const journey = useJourney({
  env: () => ({
    PLANS: "on",
    STRIPE_SECRET_KEY: "sk_test_journey",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_ID: "price_journey",
    STRIPE_API_URL: stripe.url,
    SUPPORT_EMAIL: SUPPORT,
  }),
});
const { open } = journey;
beforeAll(() => {
  standIn.webhookUrl = `${journey.server.url}/api/billing/stripe/webhook`;
});

/** The household page's Plan section: a named region, as a screen reader lists it. */
const planSection = (page: Page) => page.getByRole("region", { name: "Plan" });

/** The message's header block, unfolded, by lower-cased name. */
function headersOf(mail: CapturedMail): Map<string, string> {
  const block = mail.raw.slice(0, mail.raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
  return new Map(
    block.split("\r\n").map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
}

/**
 * Issue 21's plans journey, on a server with PLANS=on whose Stripe is the stand-in: a household fills Basic's five
 * seats (a sixth person is told before registering), its admin upgrades through the stand-in's checkout, uses
 * Insights, writes to support (marked priority on Pro), then cancels in the portal and is back on Basic with every
 * member kept. Then the Plan section on a phone, in the dark, with axe.
 */
describe("plans: Basic's limit, upgrading to Pro and back", () => {
  const alex = { name: "Alex Moreau", email: newEmail("alex") };
  let alexPage: Page;
  let householdId: string;
  let inviteUrl: string;

  it("Alex signs up through the emailed link and reads '1 of 5 flatmates on Basic'; Insights offers Pro", async () => {
    alexPage = await open();
    householdId = await signUpAndCreateHousehold(alexPage, journey.server, alex, { name: HOUSEHOLD, currency: "GBP" });
    await openPage(alexPage, "/dashboard/household");
    await planSection(alexPage).getByText(seatsText("basic", 1)).waitFor();

    await openPage(alexPage, "/dashboard/insights");
    await alexPage
      .getByText(featureNeedsProMessage("analytics").split(".")[0] ?? "")
      .first()
      .waitFor();
  });

  it("four more join through the API; a sixth person opening the invite link is told it is full before registering", async () => {
    for (const name of ["Blair", "Casey", "Dev", "Eli"]) {
      const token = await signInThroughApi(journey.server, newEmail(name.toLowerCase()), `${name} Example`);
      const joined = await fetch(`${journey.server.url}/api/households/${householdId}/join`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: "{}",
      });
      expect(joined.status, await joined.text()).toBe(200);
    }
    const invite = await callApi<{ inviteUrl: string }>(
      journey.server,
      alexPage,
      "POST",
      `/households/${householdId}/invites`,
    );
    expect(invite.status).toBe(201);
    inviteUrl = invite.data.inviteUrl;

    const sixth = await open(PHONE);
    await openPage(sixth, new URL(inviteUrl).pathname);
    await sixth.getByText(householdFullMessage("basic")).waitFor();
    // Nothing to join or register with: the page has its answer, and offers neither.
    expect(await sixth.getByRole("button", { name: /Join|Create Account|Sign up/ }).count()).toBe(0);
    expect(await sixth.getByRole("link", { name: /Join|Create Account|Sign up/ }).count()).toBe(0);

    await openPage(alexPage, "/dashboard/household");
    await planSection(alexPage).getByText(seatsText("basic", 5)).waitFor();
  });

  it("Alex upgrades to Pro through Stripe's checkout and lands back on Housemate Pro, with Insights open", async () => {
    await openPage(alexPage, "/dashboard/household");
    await planSection(alexPage).getByRole("button", { name: "Upgrade to Pro" }).click();
    await alexPage.waitForURL((url) => url.origin === stripe.url);
    await alexPage.getByRole("button", { name: "Pay £5.00" }).click();
    await alexPage.waitForURL((url) => url.origin === journey.server.url && url.pathname === "/dashboard/household");
    await alexPage.getByText("Welcome to Housemate Pro").waitFor();
    await planSection(alexPage).getByText("Housemate Pro").first().waitFor();
    await planSection(alexPage).getByRole("button", { name: "Manage subscription" }).waitFor();
    // The return address's ?billing= is gone, so a reload does not greet again.
    await expect.poll(() => new URL(alexPage.url()).search).toBe("");
    expect(stripe.deliveries.map((delivery) => [delivery.type, delivery.status])).toEqual([
      ["checkout.session.completed", 200],
      ["customer.subscription.created", 200],
    ]);

    await openPage(alexPage, "/dashboard/insights");
    // The figures themselves, asked of the server: none yet in a household with no fines.
    await alexPage.getByText("No fines in the last 12 months").waitFor();
    expect(await alexPage.getByText(featureNeedsProMessage("analytics")).count()).toBe(0);
  });

  it("on Pro, Alex's message to support is mailed marked priority", async () => {
    await openPage(alexPage, "/dashboard/household");
    await alexPage.getByRole("button", { name: "Contact support" }).click();
    const dialog = alexPage.getByRole("dialog", { name: "Contact support" });
    await dialog.getByLabel("Subject").fill("Receipts for our records");
    await dialog.getByLabel("Message").fill("Where can we find the receipts for the Pro plan?");
    await dialog.getByRole("button", { name: "Send message" }).click();
    await alexPage.getByText("Message sent").waitFor();

    const mail = await journey.server.smtp.waitFor(SUPPORT, (m) => m.subject.includes("Receipts for our records"));
    expect(mail.subject).toBe("[Priority] Housemate support: Receipts for our records");
    const headers = headersOf(mail);
    expect(headers.get("x-priority")).toBe("1");
    expect(headers.get("importance")).toBe("high");
    expect(headers.get("reply-to")).toBe(alex.email);
    expect(mail.body).toContain(`Household: ${HOUSEHOLD} (${householdId})`);
    expect(mail.body).toContain("Plan: Housemate Pro");
  });

  it("'Manage subscription' → 'Cancel plan' brings the household back to Basic with its five members", async () => {
    await openPage(alexPage, "/dashboard/household");
    await planSection(alexPage).getByRole("button", { name: "Manage subscription" }).click();
    await alexPage.waitForURL((url) => url.origin === stripe.url);
    await alexPage.getByRole("button", { name: "Cancel plan" }).click();
    await alexPage.waitForURL((url) => url.origin === journey.server.url && url.pathname === "/dashboard/household");
    await planSection(alexPage).getByText(seatsText("basic", 5)).waitFor();
    await planSection(alexPage).getByRole("button", { name: "Upgrade to Pro" }).waitFor();
    expect(stripe.deliveries.at(-1)?.type).toBe("customer.subscription.deleted");
    // The members list is a query of its own beside the plan's: waited for, not read at once.
    await expect.poll(() => alexPage.getByRole("list", { name: "Members" }).getByRole("listitem").count()).toBe(5);
  });

  it("the Plan section and the support form on a phone, in the dark: no sideways scroll, axe finds nothing serious", async () => {
    await alexPage.emulateMedia({ colorScheme: "dark" });
    await openPage(alexPage, "/dashboard/household", PHONE);
    const plan = planSection(alexPage);
    await plan.getByText(seatsText("basic", 5)).waitFor();
    await plan.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(alexPage);
    await expectAccessible(alexPage, "the household page's Plan section");

    // The 'Contact support' form on the phone too, reached and filled with the keyboard alone.
    const contact = alexPage.getByRole("button", { name: "Contact support" });
    await contact.focus();
    await alexPage.keyboard.press("Enter");
    const dialog = alexPage.getByRole("dialog", { name: "Contact support" });
    await expect
      .poll(() => dialog.getByLabel("Subject").evaluate((field) => field === document.activeElement))
      .toBe(true);
    await alexPage.keyboard.type("Hi");
    await alexPage.keyboard.press("Tab");
    await alexPage.keyboard.type("Too short");
    await dialog.getByRole("button", { name: "Send message" }).press("Enter");
    await dialog.getByText(SUPPORT_MESSAGE_SHORT).waitFor();
    await expectNoSidewaysScroll(alexPage);
    await expectAccessible(alexPage, "the 'Contact support' dialog");
    await alexPage.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await alexPage.emulateMedia({ colorScheme: "light" });
  });
});
