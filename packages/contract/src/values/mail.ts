/**
 * Email (issue 22, docs/decisions/052): the one-click unsubscribe's texts. Every email but the sign-in link carries
 * `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058) for its notification type; the link works without signing
 * in and turns off exactly that type's email.
 *
 * A module of values/: no schema library (docs/decisions/033).
 */

/** 404 on an unsubscribe link that is not one of ours (tampered, or its account deleted). */
export const UNSUBSCRIBE_INVALID_MESSAGE =
  "This unsubscribe link is not valid. You can turn emails off in Profile > Preferences.";

/** What the unsubscribe page says once it is done. */
export const unsubscribedMessage = (description: string): string =>
  `You will no longer get emails for: ${description}. You can turn them back on in Profile > Preferences.`;
