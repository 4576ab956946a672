/**
 * Plans and billing (issue 21, docs/decisions/046): the server's offer, a household's plan, the admin's way to Stripe's
 * Checkout and customer portal, and Stripe's webhook.
 * Imported as the `plansApi` namespace (index.ts), so a bundle keeps only the endpoints it uses.
 */
import { envelope, idParams } from "./common.js";
import { defineEndpoint } from "./endpoint.js";
import { appConfigSchema, billingRedirectSchema, householdPlanSchema, webhookReceiptSchema } from "./plans.js";

export const getAppConfig = defineEndpoint({
  method: "GET",
  path: "/config",
  response: envelope(appConfigSchema),
  auth: "public",
  errors: [],
});

export const getHouseholdPlan = defineEndpoint({
  method: "GET",
  path: "/households/:id/plan",
  params: idParams,
  response: envelope(householdPlanSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

/** Admin only; 404 with plans off; 409 when already on Pro. */
export const startCheckout = defineEndpoint({
  method: "POST",
  path: "/households/:id/billing/checkout",
  params: idParams,
  response: envelope(billingRedirectSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

/** Admin only; 404 with plans off; 409 when the household never subscribed. */
export const openBillingPortal = defineEndpoint({
  method: "POST",
  path: "/households/:id/billing/portal",
  params: idParams,
  response: envelope(billingRedirectSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

/**
 * Stripe's events, verified by their `Stripe-Signature` over the raw body (400 without a valid one); 404 with plans
 * off. A replayed event answers `duplicate: true` and changes nothing.
 */
export const receiveStripeWebhook = defineEndpoint({
  method: "POST",
  path: "/billing/stripe/webhook",
  consumes: ["application/json"],
  response: webhookReceiptSchema,
  auth: "public",
  errors: ["NOT_FOUND", "PAYLOAD_TOO_LARGE"],
});
