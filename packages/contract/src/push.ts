import { z } from "zod";
import { idSchema, timestampSchema } from "./common.js";
import { PUSH_ENDPOINT_MAX_LENGTH } from "./values/push.js";

/**
 * Unpadded base64url (RFC 4648 §5), as `PushSubscription.toJSON()` gives a subscription's keys; padding is allowed.
 * Written out for each length (65 bytes: 87 characters; 16 bytes: 22), so every pattern is a literal the linear-time
 * check reads (decision 018).
 */
const base64url = (pattern: RegExp, bytes: number) => z.string().regex(pattern, `must be ${bytes} bytes in base64url`);
const P256DH_BASE64URL = /^[A-Za-z0-9_-]{87}=?$/;
const AUTH_BASE64URL = /^[A-Za-z0-9_-]{22}={0,2}$/;

/**
 * A browser's push subscription, as `PushSubscription.toJSON()` gives it: the push service's endpoint and the
 * device's keys, `p256dh` its P-256 public key (65 bytes, uncompressed) and `auth` its 16-byte secret (RFC 8291).
 */
export const pushSubscriptionBody = z.strictObject({
  endpoint: z.url({ protocol: /^https?$/ }).max(PUSH_ENDPOINT_MAX_LENGTH),
  expirationTime: z.number().int().nonnegative().nullish(),
  keys: z.strictObject({ p256dh: base64url(P256DH_BASE64URL, 65), auth: base64url(AUTH_BASE64URL, 16) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** A registered subscription: its id is what `DELETE /push/subscriptions/{id}` takes. */
export const pushSubscriptionSchema = z.object({ id: idSchema, created_at: timestampSchema });
export type PushSubscriptionRecord = z.infer<typeof pushSubscriptionSchema>;

/** The server's VAPID public key (RFC 8292): the browser's `applicationServerKey`, base64url. */
export const pushKeySchema = z.object({ public_key: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;
