/**
 * Web Push (issue 23, docs/decisions/055): a device's subscription, what a push carries, and their limits. The server
 * encrypts each push for the subscription's keys (RFC 8291) and signs it with its VAPID key (RFC 8292); the browser's
 * push service only relays it. A subscription belongs to the session that registered it: signing out removes it.
 *
 * A module of values/: no schema library (docs/decisions/033).
 */
import { NOTIFICATION_TYPES } from "./notifications.js";

/** At most this many devices of one person get pushes; registering another drops the one unused longest. */
export const PUSH_SUBSCRIPTION_LIMIT = 10;
/** A push service's endpoint URL, as long as any browser's is with room to spare. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;
/** A push is dropped when it cannot be delivered in this long (the push service's TTL, and our own retries). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * What every push's (decrypted) payload is: JSON the service worker turns into a system notification. `url` is a path
 * of the app the notification opens; `tag` lets a newer push about the same thing replace an older one.
 */
export interface PushPayload {
  notification_id: string;
  type_id: string;
  title: string;
  body: string;
  url: string;
  tag: string;
}

/**
 * A push's title and body are cut to this many characters (Unicode code points): a lock screen shows a few lines, and
 * a push service takes at most 4,096 encrypted bytes (413 beyond, and the push is lost). A dispute's reason may run to
 * 1,000 characters; cut, even of 4-byte characters or ones JSON escapes as `\u00XX`, the payload stays well under it.
 */
export const PUSH_TITLE_MAX_LENGTH = 100;
export const PUSH_BODY_MAX_LENGTH = 300;

/** The text cut to `max` characters, never inside one (a surrogate pair), ending in an ellipsis when cut. */
export function pushText(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max
    ? text
    : `${characters
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

/** The refusal of an endpoint that is not a push service's (the server only sends to the push services it trusts). */
export const PUSH_ENDPOINT_REFUSED_MESSAGE = "This push service is not supported.";

/** The refusal of keys that are not a P-256 public key (65 bytes, uncompressed) and a 16-byte auth secret. */
export const PUSH_KEYS_INVALID_MESSAGE = "This device's push keys are not valid.";

/** The app's page for each kind of notification (apps/web's router): where tapping its push opens the app. */
const PUSH_PAGES = {
  fines: "/dashboard/fines",
  household: "/dashboard/household",
  rules: "/dashboard/rules",
  fund: "/dashboard/fund",
} as const satisfies Record<(typeof NOTIFICATION_TYPES)[number]["category"], string>;

/** The page a push about this type opens (the dashboard for a type it does not know). */
export function pushUrlOf(typeId: string): string {
  const type = NOTIFICATION_TYPES.find((t) => t.id === typeId);
  return type ? PUSH_PAGES[type.category] : "/dashboard";
}
