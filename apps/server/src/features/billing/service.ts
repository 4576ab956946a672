import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  ALREADY_PRO_MESSAGE,
  BILLING_RETURN_PARAM,
  BILLING_UNAVAILABLE_MESSAGE,
  CANCEL_SUBSCRIPTION_FIRST_MESSAGE,
  NO_SUBSCRIPTION_MESSAGE,
} from "@housemate/contract";
import type { Database, Transaction } from "../../db/client.js";
import { billingEvents, households } from "../../db/schema.js";
import { AppError, badRequest, conflict } from "../../lib/errors.js";
import type { HouseholdRow } from "../../lib/access.js";
import { lockHousehold } from "../../lib/household-lock.js";
import { announceHouseholdChanged } from "../notifications/record.js";
import { setHouseholdPlan } from "../plans/plan-change.js";
import {
  InvalidSignatureError,
  isMissing,
  planOfStatus,
  ProviderRefusedError,
  ProviderUnavailableError,
  type BillingProvider,
  type ProviderEvent,
  type ProviderSubscription,
} from "./provider.js";

/** Where billing writes what the admin is not shown: the provider's failures and the webhook's odd events. */
export type BillingLog = Pick<FastifyBaseLogger, "warn" | "info">;

/** The household settings page, where the admin upgrades and where the provider sends them back. */
const settingsUrl = (publicUrl: string) => `${publicUrl}/dashboard/household`;

/** The Stripe-Signature header failed verification: nothing is read from the body, nothing is written. */
export const INVALID_SIGNATURE_MESSAGE = "The webhook's signature is missing or invalid.";

/** Whether the household has a subscription that still gives Pro (paid, on trial, or a payment being retried). */
const hasLiveSubscription = (household: HouseholdRow) =>
  household.stripeSubscriptionId !== null && planOfStatus(household.subscriptionStatus ?? "") === "pro";

/**
 * Refuses to delete a household (its last member leaving, its admin deleting it, its last member's account deletion)
 * while its subscription will renew: the provider would go on charging for a household that is gone. Once it is
 * cancelled, even if only at the period's end, the household may go; its later events name no household and change
 * nothing.
 */
export function refuseWhileSubscribed(household: HouseholdRow): void {
  if (hasLiveSubscription(household) && !household.cancelAtPeriodEnd) {
    throw conflict(CANCEL_SUBSCRIPTION_FIRST_MESSAGE);
  }
}

/**
 * The provider's Checkout page for Pro, for the household's admin (docs/decisions/048). The session an earlier click
 * or another tab opened is expired first, so it can no longer be paid: one household buys one subscription.
 */
export async function startCheckout(
  db: Database,
  provider: BillingProvider,
  params: { household: HouseholdRow; adminEmail: string | null; publicUrl: string; log: BillingLog },
): Promise<string> {
  const { household, log } = params;
  if (household.plan === "pro" && hasLiveSubscription(household)) throw conflict(ALREADY_PRO_MESSAGE);
  if (household.checkoutSessionId) await expireCheckout(provider, household.checkoutSessionId, log);
  const returnTo = (outcome: string) => `${settingsUrl(params.publicUrl)}?${BILLING_RETURN_PARAM}=${outcome}`;
  const session = await providerCall(log, "start checkout", () =>
    provider.startCheckout({
      householdId: household.id,
      householdName: household.name,
      email: params.adminEmail,
      customerId: household.stripeCustomerId,
      successUrl: returnTo("success"),
      cancelUrl: returnTo("cancelled"),
    }),
  );
  const replaced = await db.transaction(async (tx) => {
    const locked = await lockedHousehold(tx, household.id);
    if (!locked) return null;
    await tx.update(households).set({ checkoutSessionId: session.id }).where(eq(households.id, household.id));
    return locked.checkoutSessionId;
  });
  // A checkout started at the same moment stored its session between our read and our write: it is closed too.
  if (replaced && replaced !== household.checkoutSessionId) await expireCheckout(provider, replaced, log);
  return session.url;
}

async function expireCheckout(provider: BillingProvider, sessionId: string, log: BillingLog): Promise<void> {
  try {
    await provider.expireCheckout(sessionId);
  } catch (error) {
    // Paid already, or expired by the provider after a day: nothing is left open to pay.
    if (error instanceof ProviderRefusedError) {
      log.info({ sessionId, provider: error.details }, "the earlier checkout session was no longer open");
      return;
    }
    throw providerFailure(error, log, "expire checkout");
  }
}

/** The provider's portal, where the admin cancels or changes their card; only once the household has a customer. */
export async function openPortal(
  provider: BillingProvider,
  params: { household: HouseholdRow; publicUrl: string; log: BillingLog },
): Promise<string> {
  const customerId = params.household.stripeCustomerId;
  if (!customerId) throw conflict(NO_SUBSCRIPTION_MESSAGE);
  return providerCall(params.log, "open portal", () =>
    provider.openPortal({ customerId, returnUrl: settingsUrl(params.publicUrl) }),
  );
}

/** Event types whose subscription is read back from the provider and applied to its household. */
const SUBSCRIPTION_EVENT_PREFIX = "customer.subscription.";
const CHECKOUT_COMPLETED = "checkout.session.completed";

/**
 * One webhook delivery (docs/decisions/048). Verified first (400, nothing written, without a valid signature). For a
 * subscription's events the subscription is read back from the provider, so events applied in any order leave the
 * household in the provider's current state; the read's start time is kept with it, so of two deliveries at once the
 * one that read earlier cannot commit over the later one. The event's id is recorded in the same transaction as its
 * effect, so a replay changes nothing. Answers whether it was a replay.
 */
export async function receiveEvent(
  db: Database,
  provider: BillingProvider,
  params: { rawBody: Buffer; signature: string | undefined; now: Date; publicUrl: string; log: BillingLog },
): Promise<{ duplicate: boolean }> {
  const { now, log } = params;
  let event: ProviderEvent;
  try {
    event = provider.verifyEvent(params.rawBody, params.signature, now);
  } catch (error) {
    if (error instanceof InvalidSignatureError) throw badRequest(INVALID_SIGNATURE_MESSAGE);
    throw error;
  }
  const about = { eventId: event.id, type: event.type };

  const concernsSubscription = event.type === CHECKOUT_COMPLETED || event.type.startsWith(SUBSCRIPTION_EVENT_PREFIX);
  const subscriptionId = concernsSubscription ? event.subscriptionId : null;
  // Read before the transaction: no row is held while the provider answers. A failure that may pass is a 503, which
  // Stripe retries; a subscription the provider does not have is recorded and applies nothing (no retry mends it).
  let subscription: ProviderSubscription | null = null;
  if (subscriptionId) {
    try {
      subscription = await provider.subscription(subscriptionId);
    } catch (error) {
      if (!isMissing(error)) throw providerFailure(error, log, "read subscription");
      log.warn(
        { ...about, subscriptionId },
        "the webhook's subscription is not at the payment provider: nothing applied",
      );
    }
  }
  const householdId = householdOf(event, subscription, log);

  const outcome = await db.transaction(async (tx) => {
    // The household's lock orders this event's effect after any other's for the same household.
    const household = householdId ? await lockedHousehold(tx, householdId) : null;
    const [recorded] = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type, householdId: household?.id ?? null, receivedAt: now })
      .onConflictDoNothing({ target: billingEvents.id })
      .returning({ id: billingEvents.id });
    if (!recorded) return { duplicate: true, extra: null };
    if (householdId && !household) {
      log.warn({ ...about, householdId }, "the webhook names a household that is not here: nothing applied");
    }
    const extra =
      household && subscription
        ? await applySubscription(tx, household, subscription, { readAt: now, publicUrl: params.publicUrl })
        : null;
    return { duplicate: false, extra };
  });

  if (outcome.extra) await cancelExtra(provider, outcome.extra, { ...about, householdId }, log);
  return { duplicate: outcome.duplicate };
}

/**
 * The household an event is for. A checkout names it twice (its client_reference_id and its subscription's metadata,
 * both written by our own checkout); should they differ, the metadata wins: it stays on the subscription for every
 * later event, so following it keeps every event of one subscription on one household.
 */
function householdOf(event: ProviderEvent, subscription: ProviderSubscription | null, log: BillingLog) {
  const fromSubscription = subscription?.householdId ?? null;
  if (fromSubscription && event.householdId && fromSubscription !== event.householdId) {
    log.warn(
      { eventId: event.id, type: event.type, reference: event.householdId, metadata: fromSubscription },
      "the checkout and its subscription name different households: the subscription's is used",
    );
  }
  return fromSubscription ?? event.householdId;
}

async function lockedHousehold(tx: Transaction, householdId: string): Promise<HouseholdRow | null> {
  // Metadata is the provider's text: only a well-formed id is looked up (a malformed one would be a database error).
  if (!UUID.test(householdId)) return null;
  if (!(await lockHousehold(tx, householdId))) return null;
  const [household] = await tx.select().from(households).where(eq(households.id, householdId));
  return household ?? null;
}
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/**
 * The subscription's current state becomes the household's, and its plan follows the status. Changes nothing when:
 * - it is the household's subscription as read earlier than the state already written (two deliveries at once);
 * - it no longer gives Pro and is not the household's current one (an old one's late event, after a new checkout):
 *   it must not take Pro from the subscription that pays for it now;
 * - it gives Pro while another live one already does (two checkouts both paid): answered as the extra subscription,
 *   which the caller cancels once this commits.
 */
async function applySubscription(
  tx: Transaction,
  household: HouseholdRow,
  subscription: ProviderSubscription,
  { readAt, publicUrl }: { readAt: Date; publicUrl: string },
): Promise<string | null> {
  const plan = planOfStatus(subscription.status);
  const current = household.stripeSubscriptionId;
  if (current === subscription.id) {
    const synced = household.subscriptionSyncedAt;
    if (synced && synced.getTime() > readAt.getTime()) return null;
  } else if (current !== null) {
    if (plan === "basic") return null;
    if (hasLiveSubscription(household)) return subscription.id;
  }
  await tx
    .update(households)
    .set({
      stripeCustomerId: subscription.customerId,
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      subscriptionSyncedAt: readAt,
      updatedAt: readAt,
    })
    .where(eq(households.id, household.id));
  const moved = await setHouseholdPlan(tx, { householdId: household.id, plan, now: readAt, publicUrl });
  // The admin's settings page shows the subscription (a cancellation at the period's end): it reloads too.
  if (!moved) await announceHouseholdChanged(tx, [household.id]);
  return null;
}

/**
 * A second subscription bought while the first still pays (two checkouts paid before either's event arrived): the
 * household keeps the first, and the second is cancelled so it is not charged again. Should the call fail, the
 * subscription's next event (each reads it back) tries again.
 */
async function cancelExtra(
  provider: BillingProvider,
  subscriptionId: string,
  about: { eventId: string; type: string; householdId: string | null },
  log: BillingLog,
): Promise<void> {
  log.warn({ ...about, subscriptionId }, "a second live subscription for the household: cancelling it");
  try {
    await provider.cancelSubscription(subscriptionId);
  } catch (error) {
    providerFailure(error, log, "cancel extra subscription");
  }
}

/** A call to the provider; its failure is logged, and one that may pass is the catalogue's 503 with the contract's message. */
async function providerCall<T>(log: BillingLog, call: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw providerFailure(error, log, call);
  }
}

/** Logs a provider's failure with what the provider said (type, code, request id; never a key); answers what to throw. */
function providerFailure(error: unknown, log: BillingLog, call: string): unknown {
  if (error instanceof ProviderUnavailableError) {
    log.warn({ call, provider: error.details, reason: error.message }, "payment provider unavailable");
    return new AppError("SERVICE_UNAVAILABLE", BILLING_UNAVAILABLE_MESSAGE, undefined, { "retry-after": "30" });
  }
  if (error instanceof ProviderRefusedError) {
    log.warn({ call, provider: error.details, reason: error.message }, "payment provider refused the call");
  }
  return error;
}
