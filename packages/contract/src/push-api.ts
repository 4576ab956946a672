/**
 * Issue 23: Web Push for the installed app (values/push.ts, docs/decisions/055). Each acts on the signed-in person's
 * own subscriptions; a subscription is tied to the session that registered it, and signing out removes it.
 * Imported as the `pushApi` namespace (index.ts), so a bundle keeps only the endpoints it uses.
 */
import { envelope, idParams, successSchema } from "./common.js";
import { defineEndpoint } from "./endpoint.js";
import { pushKeySchema, pushSubscriptionBody, pushSubscriptionSchema } from "./push.js";

/** The key a browser subscribes with (`applicationServerKey`). */
export const getPushKey = defineEndpoint({
  method: "GET",
  path: "/push/key",
  response: envelope(pushKeySchema),
  auth: "session",
  errors: [],
});

/**
 * Registers this device for pushes. Registering an endpoint again (the same device, or another person now signed in
 * on it) moves it to the caller's session with the keys sent; an endpoint that is not a trusted push service's is 400.
 */
export const subscribePush = defineEndpoint({
  method: "POST",
  path: "/push/subscriptions",
  body: pushSubscriptionBody,
  status: 201,
  response: envelope(pushSubscriptionSchema),
  auth: "session",
  errors: [],
});

/** Stops pushes to one of the caller's devices; another person's subscription is 404, as one that does not exist. */
export const unsubscribePush = defineEndpoint({
  method: "DELETE",
  path: "/push/subscriptions/:id",
  params: idParams,
  response: envelope(successSchema),
  auth: "session",
  errors: ["NOT_FOUND"],
});
