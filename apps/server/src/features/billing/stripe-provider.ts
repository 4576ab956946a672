import Stripe from "stripe";
import type { PlansConfig } from "../../config.js";
import {
  InvalidSignatureError,
  ProviderUnavailableError,
  type BillingProvider,
  type ProviderEvent,
  type ProviderSubscription,
} from "./provider.js";

/** An admin waits for this call: a slow provider is answered with 503 rather than a spinner that never ends. */
const STRIPE_TIMEOUT_MS = 10_000;
/** Stripe's client retries idempotently (it sends an Idempotency-Key); one retry covers a dropped connection. */
const STRIPE_RETRIES = 1;
/** Stripe's own default: an event signed longer ago than this is refused, so a captured one cannot be replayed later. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The metadata key a subscription names its household by (set at checkout, read on every event). */
export const HOUSEHOLD_METADATA_KEY = "household_id";

/** Stripe through its official client (docs/decisions/048). `apiUrl` points it at a stand-in (tests, stripe-mock). */
export function stripeProvider(config: PlansConfig["stripe"]): BillingProvider {
  const stripe = new Stripe(config.secretKey, {
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: STRIPE_RETRIES,
    telemetry: false,
    appInfo: { name: "Housemate" },
    ...(config.apiUrl ? addressOf(config.apiUrl) : {}),
  });

  return {
    async startCheckout(request) {
      const session = await call(() =>
        stripe.checkout.sessions.create({
          mode: "subscription",
          line_items: [{ price: config.priceId, quantity: 1 }],
          client_reference_id: request.householdId,
          subscription_data: {
            metadata: { [HOUSEHOLD_METADATA_KEY]: request.householdId },
            description: request.householdName,
          },
          ...(request.customerId
            ? { customer: request.customerId }
            : request.email
              ? { customer_email: request.email }
              : {}),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        }),
      );
      if (!session.url) throw new ProviderUnavailableError("Stripe's checkout session has no URL");
      return session.url;
    },

    async openPortal(request) {
      const session = await call(() =>
        stripe.billingPortal.sessions.create({ customer: request.customerId, return_url: request.returnUrl }),
      );
      return session.url;
    },

    verifyEvent(rawBody, signature, now) {
      if (!signature) throw new InvalidSignatureError("No Stripe-Signature header");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          config.webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
          undefined,
          // The app's clock (in milliseconds), so the window is measured as everything else the server does.
          now.getTime(),
        );
      } catch (error) {
        throw new InvalidSignatureError(error instanceof Error ? error.message : "Invalid signature");
      }
      return eventOf(event);
    },

    async subscription(id) {
      return subscriptionOf(await call(() => stripe.subscriptions.retrieve(id)));
    },
  };
}

/** STRIPE_API_URL as the client's host, port and protocol options. */
function addressOf(apiUrl: string): { host: string; port: number; protocol: "http" | "https" } {
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443, protocol };
}

/** Any failure of a call to Stripe (network, timeout, an error answer) is the provider being unavailable to us. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw new ProviderUnavailableError(error instanceof Error ? error.message : "Stripe call failed", {
      cause: error,
    });
  }
}

function eventOf(event: Stripe.Event): ProviderEvent {
  if (event.type === "checkout.session.completed") {
    const session = event.data.object;
    return {
      id: event.id,
      type: event.type,
      subscriptionId: idOf(session.subscription),
      householdId: session.client_reference_id,
    };
  }
  if (event.type.startsWith("customer.subscription.")) {
    const object: unknown = event.data.object;
    if (isSubscription(object)) {
      return {
        id: event.id,
        type: event.type,
        subscriptionId: object.id,
        householdId: object.metadata[HOUSEHOLD_METADATA_KEY] ?? null,
      };
    }
  }
  return { id: event.id, type: event.type, subscriptionId: null, householdId: null };
}

function isSubscription(object: unknown): object is Stripe.Subscription {
  return typeof object === "object" && object !== null && "object" in object && object.object === "subscription";
}

function subscriptionOf(subscription: Stripe.Subscription): ProviderSubscription {
  // Since API version 2025-03-31 a period belongs to each item; with one price there is one item, and the earliest
  // end is when the subscription next renews (or ends, if cancelled).
  const ends = subscription.items.data.map((item) => item.current_period_end);
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? "",
    status: subscription.status,
    householdId: subscription.metadata[HOUSEHOLD_METADATA_KEY] ?? null,
    currentPeriodEnd: ends.length > 0 ? new Date(Math.min(...ends) * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

/** Stripe gives a related object as its id, or expanded. */
function idOf(value: string | { id: string } | null): string | null {
  return typeof value === "string" ? value : (value?.id ?? null);
}
