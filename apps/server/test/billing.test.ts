import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { and, eq } from "drizzle-orm";
import {
  ALREADY_PRO_MESSAGE,
  BILLING_UNAVAILABLE_MESSAGE,
  HOUSEHOLD_ADMIN_ONLY_MESSAGE,
  NO_SUBSCRIPTION_MESSAGE,
} from "@housemate/contract";
import { activityLog, billingEvents, households } from "../src/db/schema.js";
import { INVALID_SIGNATURE_MESSAGE } from "../src/features/billing/service.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import { buildHouseholdWithMembers } from "./helpers/factories.js";
import { freePort } from "./helpers/free-port.js";
import { startStripeStandIn, type StripeStandIn } from "./helpers/stripe-stand-in.js";

/**
 * Issue 21's payments (docs/decisions/048): Checkout and the portal for the household's admin, and Stripe's webhook,
 * verified, idempotent and indifferent to the order its events arrive in, all against a stand-in for Stripe's API that
 * the official client is pointed at.
 */

const STRIPE_ENV = {
  PLANS: "on",
  STRIPE_SECRET_KEY: "sk_test_standin",
  STRIPE_WEBHOOK_SECRET: "whsec_standin",
  STRIPE_PRICE_ID: "price_pro_monthly",
};
const WEBHOOK = "/api/billing/stripe/webhook";
const MINUTE = 60_000;

let t: TestContext;
let stripe: StripeStandIn;
/** While set, the stand-in's events are kept here instead of delivered: a test then delivers them in its own order. */
let held: { payload: string; signature: string }[] | null = null;

async function deliver(payload: string, signature: string) {
  if (held) {
    held.push({ payload, signature });
    return { status: 0, body: "held" };
  }
  const res = await t.request({
    method: "POST",
    url: WEBHOOK,
    headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
    payload,
  });
  return { status: res.statusCode, body: res.body };
}

beforeAll(async () => {
  stripe = await startStripeStandIn({
    webhookSecret: STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
    secretKey: STRIPE_ENV.STRIPE_SECRET_KEY,
    deliver,
    now: () => t.clock.now,
  });
  t = await createTestContext({ env: { ...STRIPE_ENV, STRIPE_API_URL: stripe.url } });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

type Flat = Awaited<ReturnType<typeof buildHouseholdWithMembers>>;

const checkout = (flat: Flat, token = flat.owner.token) =>
  t.request({ method: "POST", url: `/api/households/${flat.household.id}/billing/checkout`, token });
const portal = (flat: Flat, token = flat.owner.token) =>
  t.request({ method: "POST", url: `/api/households/${flat.household.id}/billing/portal`, token });

async function householdRow(flat: Flat) {
  const [row] = await t.db.select().from(households).where(eq(households.id, flat.household.id));
  if (!row) throw new Error("household gone");
  return row;
}

async function planChanges(flat: Flat) {
  const entries = await t.db
    .select({ details: activityLog.details, actorName: activityLog.actorName })
    .from(activityLog)
    .where(and(eq(activityLog.householdId, flat.household.id), eq(activityLog.kind, "household.plan_changed")))
    .orderBy(activityLog.createdAt, activityLog.id);
  return entries.map((entry) => entry.details);
}

/** The checkout session the stand-in made for the admin's last checkout. */
async function startedCheckout(flat: Flat): Promise<string> {
  const res = await checkout(flat);
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json<{ data: { url: string } }>().data.url);
  return url.pathname.split("/")[2] ?? "";
}

/** A household on Pro through Checkout, its two events delivered: the stand-in's subscription. */
async function subscribed(flat: Flat) {
  return stripe.completeCheckout(await startedCheckout(flat));
}

const lastRequest = () => stripe.requests.at(-1);

describe("Checkout", () => {
  it("sends the admin to Stripe's Checkout for the Pro price, the household named in its reference and metadata", async () => {
    const flat = await buildHouseholdWithMembers(t.db);
    const res = await checkout(flat);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { url: string } }>().data.url.startsWith(`${stripe.url}/checkout/cs_test_`)).toBe(true);
    expect(lastRequest()).toMatchObject({
      method: "POST",
      path: "/v1/checkout/sessions",
      authorization: `Bearer ${STRIPE_ENV.STRIPE_SECRET_KEY}`,
      form: {
        mode: "subscription",
        "line_items[0][price]": STRIPE_ENV.STRIPE_PRICE_ID,
        "line_items[0][quantity]": "1",
        client_reference_id: flat.household.id,
        "subscription_data[metadata][household_id]": flat.household.id,
        customer_email: flat.owner.user.email,
        success_url: `${PUBLIC_URL}/dashboard/household?billing=success`,
        cancel_url: `${PUBLIC_URL}/dashboard/household?billing=cancelled`,
      },
    });
    // Nothing changes until Stripe says the subscription is paid.
    expect((await householdRow(flat)).plan).toBe("basic");
  });

  it("refuses a member who is not the admin, and another household's member, before asking Stripe", async () => {
    const flat = await buildHouseholdWithMembers(t.db);
    const other = await buildHouseholdWithMembers(t.db, 0);
    const asked = stripe.requests.length;
    const [member] = flat.members;
    const res = await checkout(flat, member?.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(HOUSEHOLD_ADMIN_ONLY_MESSAGE);
    expect((await checkout(flat, other.owner.token)).statusCode).toBe(403);
    expect(stripe.requests.length).toBe(asked);
  });

  it("refuses a household already on Pro with a live subscription (409)", async () => {
    const flat = await buildHouseholdWithMembers(t.db);
    await subscribed(flat);
    const res = await checkout(flat);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: "CONFLICT", message: ALREADY_PRO_MESSAGE });
  });

  it("answers 503 with the contract's message when Stripe answers with an error", async () => {
    const flat = await buildHouseholdWithMembers(t.db);
    stripe.failWith(500);
    try {
      const res = await checkout(flat);
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({ code: "SERVICE_UNAVAILABLE", message: BILLING_UNAVAILABLE_MESSAGE });
      expect((await portal(flat)).statusCode).toBe(409);
    } finally {
      stripe.failWith(null);
    }
  });

  it("checks out again with the household's own customer after a cancellation", async () => {
    const flat = await buildHouseholdWithMembers(t.db);
    const first = await subscribed(flat);
    await stripe.cancelSubscription(first.id);
    expect((await householdRow(flat)).plan).toBe("basic");
    await startedCheckout(flat);
    expect(lastRequest()?.form).toMatchObject({ customer: first.customer });
    expect(lastRequest()?.form.customer_email).toBeUndefined();
  });
});

describe("the customer portal", () => {
  it("sends the admin of a subscribed household to Stripe's portal, returning to the settings page", async () => {
    const flat = await buildHouseholdWithMembers(t.db);
    const subscription = await subscribed(flat);
    const res = await portal(flat);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { url: string } }>().data.url.startsWith(`${stripe.url}/portal/`)).toBe(true);
    expect(lastRequest()).toMatchObject({
      path: "/v1/billing_portal/sessions",
      form: { customer: subscription.customer, return_url: `${PUBLIC_URL}/dashboard/household` },
    });
  });

  it("refuses a household that never subscribed (409), and a member who is not the admin (403)", async () => {
    const flat = await buildHouseholdWithMembers(t.db);
    const res = await portal(flat);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(NO_SUBSCRIPTION_MESSAGE);
    const refused = await portal(flat, flat.members[0]?.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(HOUSEHOLD_ADMIN_ONLY_MESSAGE);
  });
});

describe("Stripe's webhook", () => {
  it("moves the household to Pro when the checkout is paid, with one activity entry by Housemate", async () => {
    const flat = await buildHouseholdWithMembers(t.db);
    const subscription = await subscribed(flat);
    expect(
      stripe.deliveries.slice(-2).map(({ type, status, body }) => ({ type, status, body: JSON.parse(body) })),
    ).toEqual([
      { type: "checkout.session.completed", status: 200, body: { received: true, duplicate: false } },
      { type: "customer.subscription.created", status: 200, body: { received: true, duplicate: false } },
    ]);
    const row = await householdRow(flat);
    expect(row).toMatchObject({
      plan: "pro",
      stripeCustomerId: subscription.customer,
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: "active",
      cancelAtPeriodEnd: false,
    });
    expect(row.currentPeriodEnd?.getTime()).toBe((subscription.items.data[0]?.current_period_end ?? 0) * 1000);
    expect(await planChanges(flat)).toEqual([{ from: "basic", to: "pro" }]);
  });

  it("shows the plan and the subscription on the household's plan endpoint", async () => {
    const flat = await buildHouseholdWithMembers(t.db);
    const subscription = await subscribed(flat);
    const res = await t.request({
      method: "GET",
      url: `/api/households/${flat.household.id}/plan`,
      token: flat.members[0]?.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const periodEnd = (subscription.items.data[0]?.current_period_end ?? 0) * 1000;
    expect(res.json().data).toMatchObject({
      plans: true,
      plan: "pro",
      subscription: {
        status: "active",
        current_period_end: new Date(periodEnd).toISOString(),
        cancel_at_period_end: false,
      },
    });
  });

  describe("refuses an event Stripe did not sign, or signed too long ago, and writes nothing", () => {
    let flat: Flat;
    let subscriptionObject: object;
    beforeAll(async () => {
      flat = await buildHouseholdWithMembers(t.db);
      held = [];
      try {
        subscriptionObject = { ...(await subscribed(flat)) };
      } finally {
        held = null;
      }
    });

    const cases: [string, () => { payload: string; signature: string | undefined }][] = [
      [
        "signed with another secret",
        () => stripe.signedEvent("customer.subscription.created", subscriptionObject, { secret: "whsec_forged" }),
      ],
      [
        "its body changed after signing",
        () => {
          const { payload, signature } = stripe.signedEvent("customer.subscription.updated", subscriptionObject);
          return { payload: payload.replace('"active"', '"trialing"'), signature };
        },
      ],
      [
        "with no signature",
        () => ({ ...stripe.signedEvent("customer.subscription.created", subscriptionObject), signature: undefined }),
      ],
      [
        "signed six minutes ago",
        () =>
          stripe.signedEvent("customer.subscription.created", subscriptionObject, {
            timestamp: new Date(t.clock.now.getTime() - 6 * MINUTE),
          }),
      ],
    ];
    it.each(cases)("%s: 400", async (_name, event) => {
      const { payload, signature } = event();
      const eventId = (JSON.parse(payload) as { id: string }).id;
      const res = await t.request({
        method: "POST",
        url: WEBHOOK,
        headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: "VALIDATION_ERROR", message: INVALID_SIGNATURE_MESSAGE });
      expect(await t.db.select().from(billingEvents).where(eq(billingEvents.id, eventId))).toEqual([]);
      expect((await householdRow(flat)).plan).toBe("basic");
      expect(await planChanges(flat)).toEqual([]);
    });

    it("takes an event signed four minutes ago (Stripe's five-minute tolerance)", async () => {
      const delivery = await stripe.sendEvent("customer.subscription.created", subscriptionObject, {
        timestamp: new Date(t.clock.now.getTime() - 4 * MINUTE),
      });
      expect(delivery.status).toBe(200);
      expect((await householdRow(flat)).plan).toBe("pro");
    });
  });

  it("changes nothing when the same event arrives twice", async () => {
    const flat = await buildHouseholdWithMembers(t.db);
    const subscription = await subscribed(flat);
    const created = stripe.deliveries.at(-1);
    await stripe.cancelSubscription(subscription.id);
    // Stripe delivers the created event again: the household stays as the cancellation left it.
    const replay = await stripe.sendEvent("customer.subscription.created", subscription, { eventId: created?.eventId });
    expect(replay.status).toBe(200);
    expect(JSON.parse(replay.body)).toEqual({ received: true, duplicate: true });
    expect((await householdRow(flat)).plan).toBe("basic");
    expect(await planChanges(flat)).toEqual([
      { from: "basic", to: "pro" },
      { from: "pro", to: "basic" },
    ]);
  });

  it("records a replay as one event, even when both copies arrive at once", async () => {
    const flat = await buildHouseholdWithMembers(t.db);
    held = [];
    let subscription;
    try {
      subscription = await subscribed(flat);
    } finally {
      held = null;
    }
    const event = stripe.signedEvent("customer.subscription.created", subscription);
    const answers = await Promise.all([
      deliver(event.payload, event.signature),
      deliver(event.payload, event.signature),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => (JSON.parse(answer.body) as { duplicate: boolean }).duplicate).sort()).toEqual([
      false,
      true,
    ]);
    expect(await planChanges(flat)).toEqual([{ from: "basic", to: "pro" }]);
  });

  it("ends on Basic when the cancellation arrives before the subscription's creation", async () => {
    const flat = await buildHouseholdWithMembers(t.db);
    held = [];
    let events;
    try {
      const subscription = await subscribed(flat);
      await stripe.cancelSubscription(subscription.id);
      events = held;
    } finally {
      held = null;
    }
    // deleted, then created, then the checkout's completion: each reads the subscription back, cancelled.
    for (const event of [...events].reverse()) {
      expect((await deliver(event.payload, event.signature)).status).toBe(200);
    }
    const row = await householdRow(flat);
    expect(row).toMatchObject({ plan: "basic", subscriptionStatus: "canceled" });
    expect(await planChanges(flat)).toEqual([]);
  });

  it("stays on Basic when an old 'active' update arrives after the cancellation", async () => {
    const flat = await buildHouseholdWithMembers(t.db);
    const subscription = await subscribed(flat);
    const stale = { ...subscription, status: "active" };
    await stripe.cancelSubscription(subscription.id);
    const late = await stripe.sendEvent("customer.subscription.updated", stale);
    expect(JSON.parse(late.body)).toEqual({ received: true, duplicate: false });
    expect((await householdRow(flat)).plan).toBe("basic");
    expect(await planChanges(flat)).toEqual([
      { from: "basic", to: "pro" },
      { from: "pro", to: "basic" },
    ]);
  });

  it("keeps Pro while a cancellation waits for the period's end, and moves to Basic when it ends", async () => {
    const flat = await buildHouseholdWithMembers(t.db);
    const subscription = await subscribed(flat);
    const updated = stripe.updateSubscription(subscription.id, { cancel_at_period_end: true });
    await stripe.sendEvent("customer.subscription.updated", { ...updated });
    expect(await householdRow(flat)).toMatchObject({ plan: "pro", cancelAtPeriodEnd: true });
    await stripe.cancelSubscription(subscription.id);
    expect(await householdRow(flat)).toMatchObject({ plan: "basic", subscriptionStatus: "canceled" });
    expect(await planChanges(flat)).toEqual([
      { from: "basic", to: "pro" },
      { from: "pro", to: "basic" },
    ]);
  });

  it("keeps Pro while a renewal's payment is retried (past_due), and moves to Basic when it is unpaid", async () => {
    const flat = await buildHouseholdWithMembers(t.db);
    const subscription = await subscribed(flat);
    await stripe.sendEvent("customer.subscription.updated", {
      ...stripe.updateSubscription(subscription.id, { status: "past_due" }),
    });
    expect(await householdRow(flat)).toMatchObject({ plan: "pro", subscriptionStatus: "past_due" });
    await stripe.sendEvent("customer.subscription.updated", {
      ...stripe.updateSubscription(subscription.id, { status: "unpaid" }),
    });
    expect(await householdRow(flat)).toMatchObject({ plan: "basic", subscriptionStatus: "unpaid" });
  });

  it("lets no late event of a cancelled subscription take Pro from the household's new one", async () => {
    const flat = await buildHouseholdWithMembers(t.db);
    const first = await subscribed(flat);
    await stripe.cancelSubscription(first.id);
    const second = await subscribed(flat);
    await stripe.sendEvent("customer.subscription.deleted", { ...first });
    expect(await householdRow(flat)).toMatchObject({ plan: "pro", stripeSubscriptionId: second.id });
  });

  it("records an event it has no use for, and answers its replay as a duplicate", async () => {
    const first = await stripe.sendEvent("invoice.paid", { id: "in_standin", object: "invoice" });
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ received: true, duplicate: false });
    const [recorded] = await t.db.select().from(billingEvents).where(eq(billingEvents.id, first.eventId));
    expect(recorded).toMatchObject({ type: "invoice.paid", householdId: null });
    const again = await stripe.sendEvent(
      "invoice.paid",
      { id: "in_standin", object: "invoice" },
      { eventId: first.eventId },
    );
    expect(JSON.parse(again.body)).toEqual({ received: true, duplicate: true });
  });

  it("answers 503, records nothing, and so is retried by Stripe, while Stripe cannot be asked for the subscription", async () => {
    const flat = await buildHouseholdWithMembers(t.db);
    held = [];
    let subscription;
    try {
      subscription = await subscribed(flat);
    } finally {
      held = null;
    }
    stripe.failWith(500);
    let failed;
    try {
      failed = await stripe.sendEvent("customer.subscription.created", subscription);
    } finally {
      stripe.failWith(null);
    }
    expect(failed.status).toBe(503);
    const retried = await stripe.sendEvent("customer.subscription.created", subscription, { eventId: failed.eventId });
    expect(JSON.parse(retried.body)).toEqual({ received: true, duplicate: false });
    expect((await householdRow(flat)).plan).toBe("pro");
  });

  it("answers any body with any signature that is not Stripe's with 400, recording nothing", async () => {
    const before = (await t.db.select().from(billingEvents)).length;
    const valid = stripe.signedEvent("customer.subscription.created", { id: "sub_x", object: "subscription" });
    const signature = fc.oneof(
      fc.string({ maxLength: 200 }),
      // Well-formed headers with a wrong or truncated signature, at any time.
      fc
        .tuple(fc.integer({ min: 0, max: 2 ** 32 }), fc.stringMatching(/^[\da-f]{0,64}$/))
        .map(([time, hex]) => `t=${String(time)},v1=${hex}`),
      // Stripe's own signature with its last digit changed.
      fc.constant(`${valid.signature.slice(0, -1)}${valid.signature.endsWith("0") ? "1" : "0"}`),
    );
    const body = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.json({ maxDepth: 3 }),
      // Stripe's event, one character changed or added: its signature no longer matches.
      fc.constant(valid.payload.replace("sub_x", "sub_y")),
      fc.constant(`${valid.payload} `),
    );
    await fc.assert(
      fc.asyncProperty(body, signature, async (payload, header) => {
        const res = await t.request({
          method: "POST",
          url: WEBHOOK,
          headers: { "content-type": "application/json", "stripe-signature": header },
          payload,
        });
        expect(res.statusCode, `${header} ${payload.slice(0, 100)} → ${res.body}`).toBe(400);
        expect(res.json().error.code).toBe("VALIDATION_ERROR");
      }),
      { numRuns: 150 },
    );
    expect((await t.db.select().from(billingEvents)).length).toBe(before);
  });

  it("refuses a body over 1 MiB (413)", async () => {
    const res = await t.request({
      method: "POST",
      url: WEBHOOK,
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      payload: `{"pad":"${"x".repeat(1024 * 1024)}"}`,
    });
    expect(res.statusCode).toBe(413);
  });
});

describe("the stand-in's pages, as a browser uses them", () => {
  it("'Pay £5.00' makes the household Pro and returns to the settings page; 'Cancel plan' returns it to Basic", async () => {
    const flat = await buildHouseholdWithMembers(t.db);
    const res = await checkout(flat);
    const url = res.json<{ data: { url: string } }>().data.url;
    const page = await fetch(url);
    expect(await page.text()).toContain("Pay £5.00");
    const paid = await fetch(`${url}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`${PUBLIC_URL}/dashboard/household?billing=success`);
    expect((await householdRow(flat)).plan).toBe("pro");

    const portalUrl = (await portal(flat)).json<{ data: { url: string } }>().data.url;
    expect(await (await fetch(portalUrl)).text()).toContain("Cancel plan");
    const cancelled = await fetch(`${portalUrl}/cancel`, { method: "POST", redirect: "manual" });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe(`${PUBLIC_URL}/dashboard/household`);
    expect((await householdRow(flat)).plan).toBe("basic");
  });
});

describe("with Stripe unreachable", () => {
  let down: TestContext;
  beforeAll(async () => {
    const nothingListens = `http://127.0.0.1:${String(await freePort())}`;
    down = await createTestContext({ env: { ...STRIPE_ENV, STRIPE_API_URL: nothingListens } });
  });
  afterAll(() => down.close());

  it("answers checkout with 503 and the contract's message", async () => {
    const flat = await buildHouseholdWithMembers(down.db);
    const res = await down.request({
      method: "POST",
      url: `/api/households/${flat.household.id}/billing/checkout`,
      token: flat.owner.token,
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe(BILLING_UNAVAILABLE_MESSAGE);
  });
});

describe("with plans off", () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestContext();
  });
  afterAll(() => off.close());

  it("has no checkout, portal or webhook (404), still refusing a member who is not the admin (403)", async () => {
    const flat = await buildHouseholdWithMembers(off.db);
    for (const action of ["checkout", "portal"]) {
      const url = `/api/households/${flat.household.id}/billing/${action}`;
      expect((await off.request({ method: "POST", url, token: flat.owner.token })).statusCode).toBe(404);
      expect((await off.request({ method: "POST", url, token: flat.members[0]?.token })).statusCode).toBe(403);
    }
    const event = stripe.signedEvent("invoice.paid", { id: "in_off", object: "invoice" });
    const res = await off.request({
      method: "POST",
      url: WEBHOOK,
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
      payload: event.payload,
    });
    expect(res.statusCode).toBe(404);
    expect(await off.db.select().from(billingEvents)).toEqual([]);
  });
});
