/**
 * The payment provider as the rest of the app sees it (issue 21, docs/decisions/048): a page to subscribe on, a page
 * to manage the subscription on, the provider's signed events, and a subscription's state as the provider holds it now.
 * Stripe is the one implementation (stripe-provider.ts); nothing outside features/billing names Stripe.
 */

export interface CheckoutRequest {
  householdId: string;
  householdName: string;
  /** The admin's address, for a household that has no customer at the provider yet. */
  email: string | null;
  /** The household's customer from an earlier subscription, so its history stays in one place. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

/** A subscription as the provider holds it when asked, whatever order its events arrived in. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused. */
  status: string;
  /** The household it was bought for (its metadata), null if it carries none. */
  householdId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** One verified event: its id (the idempotency key), its type, and the subscription it concerns, if any. */
export interface ProviderEvent {
  id: string;
  type: string;
  subscriptionId: string | null;
  /** The household the event names (a checkout's client_reference_id, a subscription's metadata), if any. */
  householdId: string | null;
}

export interface BillingProvider {
  /** The provider's checkout page for the Pro subscription. */
  startCheckout(request: CheckoutRequest): Promise<string>;
  /** The provider's page where the customer cancels or changes their card. */
  openPortal(request: { customerId: string; returnUrl: string }): Promise<string>;
  /** The event the raw body carries; throws InvalidSignatureError unless the signature is the provider's and recent. */
  verifyEvent(rawBody: Buffer, signature: string | undefined, now: Date): ProviderEvent;
  /** The subscription as the provider holds it now. */
  subscription(id: string): Promise<ProviderSubscription>;
}

/** The event's signature is missing, wrong, or too old: the body is not from the provider, or is a replay of an old one. */
export class InvalidSignatureError extends Error {
  override name = "InvalidSignatureError";
}

/** The provider could not be reached, timed out, or refused the call. */
export class ProviderUnavailableError extends Error {
  override name = "ProviderUnavailableError";
}

/** Which plan a subscription in this status gives: Pro while it is paid for or about to be retried, Basic otherwise. */
export function planOfStatus(status: string): "basic" | "pro" {
  return PRO_STATUSES.has(status) ? "pro" : "basic";
}
const PRO_STATUSES = new Set(["active", "trialing", "past_due"]);
