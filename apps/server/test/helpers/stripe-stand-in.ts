import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A stand-in for Stripe's API (issue 21), since no machine here reaches Stripe: a real HTTP server the official
 * `stripe` client is pointed at (STRIPE_API_URL → its host, port and protocol options). It answers the calls the app
 * makes (Checkout sessions, portal sessions, reading a subscription) with Stripe-shaped JSON and errors, records what it
 * was asked, and serves two pages a browser can use: a checkout page whose 'Pay £5.00' makes the subscription active
 * and a portal page whose 'Cancel plan' cancels it, each sending Stripe's signed events to the app's webhook before it
 * returns the browser to the app, as Stripe does.
 *
 * Shared by the server's tests and the browser journeys, so it imports nothing from a test runner.
 */

/** One call the app made to the stand-in's API. */
export interface StandInRequest {
  method: string;
  path: string;
  /** The form-encoded body, by Stripe's bracketed keys: `line_items[0][price]`, `subscription_data[metadata][household_id]`. */
  form: Record<string, string>;
  authorization: string | undefined;
}

/** What the app's webhook answered one delivery with. */
export interface Delivery {
  type: string;
  eventId: string;
  status: number;
  body: string;
}

/** A subscription as the stand-in keeps it, in Stripe's shape (API version 2025-03-31 and later: periods per item). */
export interface StandInSubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  metadata: Record<string, string>;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  created: number;
  items: {
    object: "list";
    data: {
      id: string;
      object: "subscription_item";
      current_period_start: number;
      current_period_end: number;
      quantity: number;
      price: { id: string; object: "price" };
    }[];
  };
}

interface CheckoutSession {
  id: string;
  object: "checkout.session";
  url: string;
  mode: string;
  status: "open" | "complete";
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  subscription: string | null;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  /** What the app asked for, kept to build the subscription from. */
  price: string | null;
  subscriptionMetadata: Record<string, string>;
}

interface PortalSession {
  id: string;
  object: "billing_portal.session";
  url: string;
  customer: string;
  return_url: string;
}

export interface StripeStandInOptions {
  /** The app's webhook signing secret (STRIPE_WEBHOOK_SECRET): events the stand-in sends are signed with it. */
  webhookSecret: string;
  /** The app's webhook, for a real server (a browser journey): `http://127.0.0.1:port/api/billing/stripe/webhook`. */
  webhookUrl?: string;
  /** Sends one signed event to the app another way (a test's `app.inject`); takes precedence over webhookUrl. */
  deliver?: (payload: string, signature: string) => Promise<{ status: number; body: string }>;
  /** The secret key the app must call with (STRIPE_SECRET_KEY); any key is accepted when unset. */
  secretKey?: string;
  /** The stand-in's clock for signatures and periods; the real time unless a test moves the app's. */
  now?: () => Date;
}

export interface SendOptions {
  /** Signs with another secret (a forged event). */
  secret?: string;
  /** The signature's time (an old, replayed event); the stand-in's clock otherwise. */
  timestamp?: Date;
  /** The event's id: the same id twice is a replay. */
  eventId?: string;
}

export interface StripeStandIn {
  /** STRIPE_API_URL for the app. */
  url: string;
  requests: StandInRequest[];
  deliveries: Delivery[];
  /** Answers every API call with this status and Stripe's api_error until set back to null. */
  failWith(status: number | null): void;
  /** Pays the checkout session as its page's 'Pay £5.00' does: an active subscription, its two events sent. */
  completeCheckout(sessionId: string): Promise<StandInSubscription>;
  /** Cancels the subscription at once, as the portal's 'Cancel plan' does, and sends customer.subscription.deleted. */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** Changes a subscription without telling the app (a test then sends the event it chooses). */
  updateSubscription(
    subscriptionId: string,
    changes: Partial<Pick<StandInSubscription, "status" | "cancel_at_period_end">>,
  ): StandInSubscription;
  subscription(subscriptionId: string): StandInSubscription;
  /** Sends one signed event to the app, with `object` as its data.object; what the app answered. */
  sendEvent(type: string, object: object, options?: SendOptions): Promise<Delivery>;
  /** A signed event's body and Stripe-Signature header, without sending it. */
  signedEvent(
    type: string,
    object: object,
    options?: SendOptions,
  ): { payload: string; signature: string; eventId: string };
  close(): Promise<void>;
}

const PERIOD_SECONDS = 30 * 24 * 60 * 60;

export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const now = options.now ?? (() => new Date());
  const requests: StandInRequest[] = [];
  const deliveries: Delivery[] = [];
  const checkoutSessions = new Map<string, CheckoutSession>();
  const portalSessions = new Map<string, PortalSession>();
  const subscriptions = new Map<string, StandInSubscription>();
  let failure: number | null = null;
  let base = "";

  const seconds = () => Math.floor(now().getTime() / 1000);

  function signedEvent(type: string, object: object, send: SendOptions = {}) {
    const eventId = send.eventId ?? newId("evt");
    const payload = JSON.stringify(
      {
        id: eventId,
        object: "event",
        api_version: Stripe.API_VERSION,
        created: seconds(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      },
      null,
      2,
    );
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: send.secret ?? options.webhookSecret,
      timestamp: Math.floor((send.timestamp ?? now()).getTime() / 1000),
    });
    return { payload, signature, eventId };
  }

  async function sendEvent(type: string, object: object, send: SendOptions = {}): Promise<Delivery> {
    const { payload, signature, eventId } = signedEvent(type, object, send);
    const answer = await deliver(payload, signature);
    const delivery = { type, eventId, ...answer };
    deliveries.push(delivery);
    return delivery;
  }

  async function deliver(payload: string, signature: string): Promise<{ status: number; body: string }> {
    if (options.deliver) return options.deliver(payload, signature);
    if (!options.webhookUrl) throw new Error("The stand-in has no webhook to send events to");
    try {
      const response = await fetch(options.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
        body: payload,
      });
      return { status: response.status, body: await response.text() };
    } catch (error) {
      // Stripe would retry later; the stand-in records the failure for the test to see.
      return { status: 0, body: error instanceof Error ? error.message : "unreachable" };
    }
  }

  function subscription(id: string): StandInSubscription {
    const found = subscriptions.get(id);
    if (!found) throw new Error(`The stand-in has no subscription ${id}`);
    return found;
  }

  async function completeCheckout(sessionId: string): Promise<StandInSubscription> {
    const session = checkoutSessions.get(sessionId);
    if (!session) throw new Error(`The stand-in has no checkout session ${sessionId}`);
    const start = seconds();
    const created: StandInSubscription = {
      id: newId("sub"),
      object: "subscription",
      customer: session.customer ?? newId("cus"),
      status: "active",
      metadata: session.subscriptionMetadata,
      cancel_at_period_end: false,
      canceled_at: null,
      created: start,
      items: {
        object: "list",
        data: [
          {
            id: newId("si"),
            object: "subscription_item",
            current_period_start: start,
            current_period_end: start + PERIOD_SECONDS,
            quantity: 1,
            price: { id: session.price ?? "price_unknown", object: "price" },
          },
        ],
      },
    };
    subscriptions.set(created.id, created);
    Object.assign(session, { status: "complete", customer: created.customer, subscription: created.id });
    await sendEvent("checkout.session.completed", publicSession(session));
    await sendEvent("customer.subscription.created", { ...created });
    return created;
  }

  async function cancelSubscription(subscriptionId: string): Promise<void> {
    const cancelled = subscription(subscriptionId);
    Object.assign(cancelled, { status: "canceled", canceled_at: seconds() });
    await sendEvent("customer.subscription.deleted", { ...cancelled });
  }

  function updateSubscription(
    subscriptionId: string,
    changes: Partial<Pick<StandInSubscription, "status" | "cancel_at_period_end">>,
  ): StandInSubscription {
    return Object.assign(subscription(subscriptionId), changes);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", base);
    const body = await readBody(request);
    const form = Object.fromEntries(new URLSearchParams(body));
    const [, first, second, third] = url.pathname.split("/");

    // The pages a browser sees.
    if (first === "checkout" && second) return checkoutPage(request.method, second, third, response);
    if (first === "portal" && second) return portalPage(request.method, second, third, response);

    // The API the app's client calls.
    requests.push({
      method: request.method ?? "GET",
      path: url.pathname,
      form,
      authorization: request.headers.authorization,
    });
    if (failure !== null) {
      stripeError(response, failure, "api_error", "The stand-in was told to fail.");
      return;
    }
    if (options.secretKey && request.headers.authorization !== `Bearer ${options.secretKey}`) {
      stripeError(response, 401, "authentication_error", "Invalid API Key provided.");
      return;
    }
    if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      json(response, 200, createCheckout(form));
      return;
    }
    if (request.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
      const customer = form.customer;
      if (!customer) {
        stripeError(response, 400, "invalid_request_error", "Missing required param: customer.");
        return;
      }
      const id = newId("bps");
      const session: PortalSession = {
        id,
        object: "billing_portal.session",
        url: `${base}/portal/${id}`,
        customer,
        return_url: form.return_url ?? base,
      };
      portalSessions.set(id, session);
      json(response, 200, session);
      return;
    }
    if (request.method === "GET" && first === "v1" && second === "subscriptions" && third) {
      const found = subscriptions.get(third);
      if (!found) {
        stripeError(response, 404, "invalid_request_error", `No such subscription: '${third}'`);
        return;
      }
      json(response, 200, found);
      return;
    }
    stripeError(
      response,
      404,
      "invalid_request_error",
      `Unrecognized request URL (${request.method ?? ""}: ${url.pathname}).`,
    );
  }

  function createCheckout(form: Record<string, string>): ReturnType<typeof publicSession> {
    const id = newId("cs_test");
    const subscriptionMetadata: Record<string, string> = {};
    const prefix = "subscription_data[metadata][";
    for (const [key, value] of Object.entries(form)) {
      if (key.startsWith(prefix) && key.endsWith("]")) subscriptionMetadata[key.slice(prefix.length, -1)] = value;
    }
    const session: CheckoutSession = {
      id,
      object: "checkout.session",
      url: `${base}/checkout/${id}`,
      mode: form.mode ?? "payment",
      status: "open",
      client_reference_id: form.client_reference_id ?? null,
      customer: form.customer ?? null,
      customer_email: form.customer_email ?? null,
      subscription: null,
      success_url: form.success_url ?? base,
      cancel_url: form.cancel_url ?? base,
      metadata: {},
      price: form["line_items[0][price]"] ?? null,
      subscriptionMetadata,
    };
    checkoutSessions.set(id, session);
    return publicSession(session);
  }

  async function checkoutPage(
    method: string | undefined,
    id: string,
    action: string | undefined,
    response: ServerResponse,
  ) {
    const session = checkoutSessions.get(id);
    if (!session) {
      page(response, 404, "Not found", "<p>This checkout session does not exist.</p>");
      return;
    }
    if (method === "POST" && action === "pay") {
      if (session.status === "open") await completeCheckout(id);
      redirect(response, session.success_url);
      return;
    }
    page(
      response,
      200,
      "Subscribe to Housemate Pro",
      `<h1>Housemate Pro</h1><p>£5.00 a month</p>
<form method="post" action="/checkout/${id}/pay"><button type="submit">Pay £5.00</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>`,
    );
  }

  async function portalPage(
    method: string | undefined,
    id: string,
    action: string | undefined,
    response: ServerResponse,
  ) {
    const session = portalSessions.get(id);
    if (!session) {
      page(response, 404, "Not found", "<p>This portal session does not exist.</p>");
      return;
    }
    const live = [...subscriptions.values()].find(
      (each) => each.customer === session.customer && each.status !== "canceled",
    );
    if (method === "POST" && action === "cancel") {
      if (live) await cancelSubscription(live.id);
      redirect(response, session.return_url);
      return;
    }
    page(
      response,
      200,
      "Manage your subscription",
      `<h1>Your subscription</h1><p>${live ? "Housemate Pro, £5.00 a month" : "No current subscription"}</p>
${live ? `<form method="post" action="/portal/${id}/cancel"><button type="submit">Cancel plan</button></form>` : ""}
<p><a href="${escapeHtml(session.return_url)}">Return to Housemate</a></p>`,
    );
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      stripeError(response, 500, "api_error", error instanceof Error ? error.message : "The stand-in failed");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;

  return {
    url: base,
    requests,
    deliveries,
    failWith(status) {
      failure = status;
    },
    completeCheckout,
    cancelSubscription,
    updateSubscription,
    subscription,
    sendEvent,
    signedEvent,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A checkout session as Stripe answers it: without the stand-in's own bookkeeping. */
function publicSession(session: CheckoutSession) {
  const { price: _price, subscriptionMetadata: _metadata, ...answer } = session;
  return answer;
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("hex")}`;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function json(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
  response.end(JSON.stringify(body));
}

/** Stripe's error body; `stripe-should-retry: false` so the client gives up at once, as Stripe tells it for these. */
function stripeError(response: ServerResponse, status: number, type: string, message: string): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  response.writeHead(status, {
    "content-type": "application/json",
    "request-id": newId("req"),
    "stripe-should-retry": "false",
  });
  response.end(JSON.stringify({ error: { type, message } }));
}

function page(response: ServerResponse, status: number, title: string, content: string): void {
  response.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  response.end(
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>:root{color-scheme:light dark}body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:24rem;padding:0 1rem}button{font:inherit;padding:.5rem 1rem}</style></head>
<body><main>${content}</main></body></html>`,
  );
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { location });
  response.end();
}

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
