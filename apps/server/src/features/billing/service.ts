import { eq } from "drizzle-orm";
import {
  ALREADY_PRO_MESSAGE,
  BILLING_RETURN_PARAM,
  BILLING_UNAVAILABLE_MESSAGE,
  NO_SUBSCRIPTION_MESSAGE,
} from "@housemate/contract";
import type { Database, Transaction } from "../../db/client.js";
import { billingEvents, households } from "../../db/schema.js";
import { AppError, badRequest, conflict } from "../../lib/errors.js";
import type { HouseholdRow } from "../../lib/access.js";
import { announceHouseholdChanged } from "../notifications/record.js";
import { setHouseholdPlan } from "../plans/plan-change.js";
import {
  InvalidSignatureError,
  planOfStatus,
  ProviderUnavailableError,
  type BillingProvider,
  type ProviderEvent,
  type ProviderSubscription,
} from "./provider.js";

/** The household settings page, where the admin upgrades and where the provider sends them back. */
const settingsUrl = (publicUrl: string) => `${publicUrl}/dashboard/household`;

/** The Stripe-Signature header failed verification: nothing is read from the body, nothing is written. */
export const INVALID_SIGNATURE_MESSAGE = "The webhook's signature is missing or invalid.";

/** Whether the household has a subscription that still gives Pro (paid, on trial, or a payment being retried). */
const hasLiveSubscription = (household: HouseholdRow) =>
  household.stripeSubscriptionId !== null && planOfStatus(household.subscriptionStatus ?? "") === "pro";

/** The provider's Checkout page for Pro, for the household's admin (docs/decisions/048). */
export async function startCheckout(
  provider: BillingProvider,
  params: { household: HouseholdRow; adminEmail: string | null; publicUrl: string },
): Promise<string> {
  const { household } = params;
  if (household.plan === "pro" && hasLiveSubscription(household)) throw conflict(ALREADY_PRO_MESSAGE);
  const returnTo = (outcome: string) => `${settingsUrl(params.publicUrl)}?${BILLING_RETURN_PARAM}=${outcome}`;
  return providerCall(() =>
    provider.startCheckout({
      householdId: household.id,
      householdName: household.name,
      email: params.adminEmail,
      customerId: household.stripeCustomerId,
      successUrl: returnTo("success"),
      cancelUrl: returnTo("cancelled"),
    }),
  );
}

/** The provider's portal, where the admin cancels or changes their card; only once the household has a customer. */
export async function openPortal(
  provider: BillingProvider,
  params: { household: HouseholdRow; publicUrl: string },
): Promise<string> {
  const customerId = params.household.stripeCustomerId;
  if (!customerId) throw conflict(NO_SUBSCRIPTION_MESSAGE);
  return providerCall(() => provider.openPortal({ customerId, returnUrl: settingsUrl(params.publicUrl) }));
}

/** Event types whose subscription is read back from the provider and applied to its household. */
const SUBSCRIPTION_EVENT_PREFIX = "customer.subscription.";
const CHECKOUT_COMPLETED = "checkout.session.completed";

/**
 * One webhook delivery (docs/decisions/048). Verified first (400, nothing written, without a valid signature). For a
 * subscription's events the subscription is read back from the provider, so events applied in any order leave the
 * household in the provider's current state; the event's id is recorded in the same transaction as its effect, so a
 * replay changes nothing. Answers whether it was a replay.
 */
export async function receiveEvent(
  db: Database,
  provider: BillingProvider,
  params: { rawBody: Buffer; signature: string | undefined; now: Date; publicUrl: string },
): Promise<{ duplicate: boolean }> {
  let event: ProviderEvent;
  try {
    event = provider.verifyEvent(params.rawBody, params.signature, params.now);
  } catch (error) {
    if (error instanceof InvalidSignatureError) throw badRequest(INVALID_SIGNATURE_MESSAGE);
    throw error;
  }

  const concernsSubscription = event.type === CHECKOUT_COMPLETED || event.type.startsWith(SUBSCRIPTION_EVENT_PREFIX);
  const subscriptionId = concernsSubscription ? event.subscriptionId : null;
  // Read before the transaction: no row is held while the provider answers. A failure is a 503, which Stripe retries.
  const subscription = subscriptionId ? await providerCall(() => provider.subscription(subscriptionId)) : null;
  const householdId = subscription?.householdId ?? event.householdId;

  return db.transaction(async (tx) => {
    // The household's lock orders this event's effect after any other's for the same household.
    const household = householdId ? await lockedHousehold(tx, householdId) : null;
    const [recorded] = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type, householdId: household?.id ?? null, receivedAt: params.now })
      .onConflictDoNothing({ target: billingEvents.id })
      .returning({ id: billingEvents.id });
    if (!recorded) return { duplicate: true };
    if (household && subscription) await applySubscription(tx, household, subscription, params);
    return { duplicate: false };
  });
}

async function lockedHousehold(tx: Transaction, householdId: string): Promise<HouseholdRow | null> {
  // Metadata is the provider's text: only a well-formed id is looked up (a malformed one would be a database error).
  if (!UUID.test(householdId)) return null;
  const [household] = await tx.select().from(households).where(eq(households.id, householdId)).for("update");
  return household ?? null;
}
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/**
 * The subscription's current state becomes the household's, and its plan follows the status. A subscription that no
 * longer gives Pro and is not the household's current one (an old one's late event, after a new checkout) changes
 * nothing: it must not take Pro from the subscription that pays for it now.
 */
async function applySubscription(
  tx: Transaction,
  household: HouseholdRow,
  subscription: ProviderSubscription,
  { now, publicUrl }: { now: Date; publicUrl: string },
): Promise<void> {
  const plan = planOfStatus(subscription.status);
  const current = household.stripeSubscriptionId;
  if (current !== null && current !== subscription.id && plan === "basic") return;
  await tx
    .update(households)
    .set({
      stripeCustomerId: subscription.customerId,
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      updatedAt: now,
    })
    .where(eq(households.id, household.id));
  const moved = await setHouseholdPlan(tx, { householdId: household.id, plan, now, publicUrl });
  // The admin's settings page shows the subscription (a cancellation at the period's end): it reloads too.
  if (!moved) await announceHouseholdChanged(tx, [household.id]);
}

/** A call to the provider; its failure is the catalogue's 503 with the contract's message. */
async function providerCall<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof ProviderUnavailableError) {
      throw new AppError("SERVICE_UNAVAILABLE", BILLING_UNAVAILABLE_MESSAGE, undefined, { "retry-after": "30" });
    }
    throw error;
  }
}
