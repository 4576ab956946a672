import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { Fine, PushPayload, Rule } from "@housemate/contract";
import {
  startPushEndpoint,
  type PushEndpoint,
  type PushSubscriptionJson,
} from "../apps/server/test/helpers/push-endpoint.js";
import { expectAccessible } from "./helpers/axe.js";
import { choose, openPage, PHONE, screenshotScreen } from "./helpers/browser.js";
import { signUpAndCreateHousehold, signUpAndJoinHousehold } from "./helpers/household.js";
import { useJourney } from "./helpers/journey.js";
import { callApi, localItem, newEmail, signInThroughApi } from "./helpers/session.js";

/**
 * Issue 23: Web Push in real Chromium, end to end but for Google's push service, which this machine cannot reach. The
 * tests' own push service (apps/server/test/helpers/push-endpoint.ts) stands in for it: the page's
 * `PushManager.subscribe` / `getSubscription` are replaced (an init script) by a subscription whose endpoint and keys
 * are that service's, the server is told to trust it (PUSH_SERVICES), and it decrypts what the server sends as the
 * device would. The decrypted push is then handed to the app's real service worker through DevTools
 * (`ServiceWorker.deliverPushMessage`), which shows it.
 */
let pushService: PushEndpoint;
beforeAll(async () => {
  pushService = await startPushEndpoint();
});
afterAll(async () => {
  await pushService.close();
});

const journey = useJourney({ env: () => ({ PUSH_SERVICES: pushService.url }) });
const { open } = journey;

const RULE = "Bins not taken out";
const SUBSCRIPTION_KEY = "e2e:push-subscription";
const alex = { name: "Alex", email: newEmail("alex") };
const blair = { name: "Blair", email: newEmail("blair") };
const QUESTION = "Get a notification on this device when Blair pays?";

let alexPage: Page;
let blairPage: Page;
let householdId: string;
let rule: Rule;
let fine: Fine;

/**
 * In the page (an init script): the browser's push subscription, made by "subscribing" with the test's push service's
 * endpoint and keys, kept in localStorage so it outlives a reload as a real one does.
 */
function standInForThePushService(subscription: PushSubscriptionJson & { storageKey: string }) {
  interface Stored {
    key: number[];
  }
  const made = (stored: Stored): PushSubscription => ({
    endpoint: subscription.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: Uint8Array.from(stored.key).buffer },
    getKey: () => null,
    toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
    unsubscribe: () => {
      localStorage.removeItem(subscription.storageKey);
      return Promise.resolve(true);
    },
  });
  PushManager.prototype.getSubscription = function getSubscription() {
    const stored = localStorage.getItem(subscription.storageKey);
    return Promise.resolve(stored ? made(JSON.parse(stored) as Stored) : null);
  };
  PushManager.prototype.subscribe = function subscribe(options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey;
    const bytes = key instanceof ArrayBuffer || ArrayBuffer.isView(key) ? [...new Uint8Array(key as ArrayBuffer)] : [];
    const stored: Stored = { key: bytes };
    localStorage.setItem(subscription.storageKey, JSON.stringify(stored));
    return Promise.resolve(made(stored));
  };
}

/**
 * Notifications not yet asked about on this device, as in a browser where the person has not answered: headless
 * Chromium answers 'denied' until told otherwise (DevTools' Browser.setPermission, for the page's own context).
 */
async function notificationsNotAskedYet(page: Page) {
  const devtools = await page.context().newCDPSession(page);
  const { targetInfo } = await devtools.send("Target.getTargetInfo");
  await devtools.send("Browser.setPermission", {
    permission: { name: "notifications" },
    setting: "prompt",
    origin: journey.server.url,
    browserContextId: targetInfo.browserContextId,
  });
  await devtools.detach();
}

/** The page's service worker controls it (it registers after load): only then can pushes be turned on. */
const controlledByTheWorker = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

/** The titles of the notifications the app's service worker shows now. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => notification.title),
  );

describe("push notifications on the web (issue 23)", () => {
  it("Alex and Blair share a household with a rule", async () => {
    alexPage = await open(PHONE);
    householdId = await signUpAndCreateHousehold(alexPage, journey.server, alex, { name: "Flat 9", currency: "GBP" });
    blairPage = await open();
    await signUpAndJoinHousehold(blairPage, journey.server, blair, householdId);
    ({ data: rule } = await callApi<Rule>(journey.server, alexPage, "POST", "/rules", {
      household_id: householdId,
      title: RULE,
      description: "Bins go out on Tuesday night.",
      fine_amount: 3,
    }));
    await alexPage.context().addInitScript(standInForThePushService, {
      ...pushService.subscription(),
      storageKey: SUBSCRIPTION_KEY,
    });
  });

  it("offers pushes only once Alex has issued a fine, and Turn on subscribes this device", async () => {
    await notificationsNotAskedYet(alexPage);
    await openPage(alexPage, "/dashboard");
    await controlledByTheWorker(alexPage);
    expect(await alexPage.evaluate(() => Notification.permission)).toBe("default");
    // Never on load.
    expect(await alexPage.getByText(QUESTION).count()).toBe(0);

    await openPage(alexPage, "/dashboard/fines/new");
    await alexPage.getByRole("heading", { name: "Issue New Fine" }).waitFor();
    await choose(alexPage, "Offender *", blair.name);
    await choose(alexPage, "Rule *", new RegExp(RULE));
    await alexPage.getByRole("button", { name: "Issue Fine" }).click();
    await alexPage.getByText("Fine issued").waitFor();
    const prompt = alexPage.locator("[data-sonner-toast]").filter({ hasText: QUESTION });
    await prompt.waitFor();
    await expectAccessible(alexPage, "the push prompt");
    await screenshotScreen(alexPage, "push-prompt-phone", { animations: "disabled" });

    // What the browser's own permission prompt would ask: Alex allows it.
    await alexPage.context().grantPermissions(["notifications"]);
    await prompt.getByRole("button", { name: "Turn on" }).click();
    await alexPage.getByText("Push notifications turned on").waitFor();
    const stored = JSON.parse((await localItem(alexPage, SUBSCRIPTION_KEY)) ?? "null") as { key: number[] } | null;
    const { data: key } = await callApi<{ public_key: string }>(journey.server, alexPage, "GET", "/push/key");
    pushService.expectVapidKey(key.public_key);
    // The page subscribed with the server's VAPID key, as the push service will check it: an uncompressed P-256 point.
    expect(stored?.key).toHaveLength(65);
    expect(stored?.key[0]).toBe(0x04);
    expect(stored?.key).toEqual([...Buffer.from(key.public_key, "base64url")]);
    const { data: fines } = await callApi<Fine[]>(journey.server, alexPage, "GET", `/fines/household/${householdId}`);
    const [issued] = fines;
    if (!issued) throw new Error("Alex's fine is not in the household's list");
    fine = issued;
    expect(fine.rule_id).toBe(rule.id);
  });

  it("tells Alex's phone when Blair pays: the push arrives encrypted for it, and its service worker shows it", async () => {
    const paid = await callApi(
      journey.server,
      blairPage,
      "PUT",
      `/fines/household/${householdId}/fines/${fine.id}/pay`,
    );
    expect(paid.status).toBe(200);
    await expect.poll(() => pushService.received().length, { timeout: 20_000 }).toBe(1);
    const [push] = pushService.received();
    const payload = push?.payload as unknown as PushPayload;
    expect(payload.type_id).toBe("fine_paid");
    expect(pushService.refused()).toEqual([]);

    const devtools = await alexPage.context().newCDPSession(alexPage);
    const registration = new Promise<string>((resolve) =>
      devtools.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const own = registrations.find((each) => each.scopeURL === `${journey.server.url}/` && !each.isDeleted);
        if (own) resolve(own.registrationId);
      }),
    );
    await devtools.send("ServiceWorker.enable");
    await devtools.send("ServiceWorker.deliverPushMessage", {
      origin: journey.server.url,
      registrationId: await registration,
      data: JSON.stringify(payload),
    });
    // The worker may have to start first (a busy machine took over a second).
    await expect.poll(() => shownNotifications(alexPage), { timeout: 15_000 }).toContain(payload.title);
    await devtools.detach();
  });

  it("shows Alex's phone as on in Preferences, with a Push switch per type, readable in light and dark", async () => {
    await openPage(alexPage, "/dashboard/profile?tab=preferences", PHONE);
    const device = alexPage.getByRole("region", { name: "Push notifications on this device" });
    await device.getByText("On for this device.").waitFor();
    await device.getByRole("button", { name: "Turn off on this device" }).waitFor();
    expect(await alexPage.getByRole("switch", { name: "A fine you issued was paid (push)" }).isChecked()).toBe(true);
    await expectAccessible(alexPage, "Preferences with push on");
    await screenshotScreen(alexPage, "push-preferences-phone", { animations: "disabled" });
  });

  it("signing out ends Alex's pushes here: the browser forgets the subscription and the server sends it nothing", async () => {
    // A signed-in start registers the browser's subscription again, for this session.
    const resumed = alexPage.waitForResponse(
      (response) => new URL(response.url()).pathname === "/api/push/subscriptions" && response.status() === 201,
    );
    await openPage(alexPage, "/dashboard");
    await resumed;
    await alexPage.getByRole("button", { name: "Account menu" }).click();
    await alexPage.getByRole("menuitem", { name: "Log out" }).click();
    await alexPage.waitForURL("**/login");
    expect(await localItem(alexPage, SUBSCRIPTION_KEY)).toBeNull();

    // Alex's other device, signed in elsewhere, still gets pushes: it is how this test knows the fine was sent out.
    const laptop = pushService.device();
    const elsewhere = await signInThroughApi(journey.server, alex.email);
    const registered = await fetch(`${journey.server.url}/api/push/subscriptions`, {
      method: "POST",
      headers: { Authorization: `Bearer ${elsewhere}`, "Content-Type": "application/json" },
      body: JSON.stringify(laptop.subscription()),
    });
    expect(registered.status).toBe(201);
    const tries = pushService.attempts();
    // Blair fines Alex, who issued the first fine.
    const issued = await callApi(journey.server, blairPage, "POST", "/fines", {
      household_id: householdId,
      offender_id: fine.created_by,
      rule_id: rule.id,
      amount: 3,
    });
    expect(issued.status).toBe(201);
    await expect.poll(() => laptop.received().length, { timeout: 20_000 }).toBe(1);
    expect(laptop.received()[0]?.payload.type_id).toBe("fine_received");
    expect(pushService.attempts()).toBe(tries);
  });
});
