/**
 * Issue 22: the one-click unsubscribe of every email but the sign-in link (values/mail.ts, docs/decisions/052).
 * `token` names a person and a notification type, signed by the server; it needs no session.
 * Imported as the `mailApi` namespace (index.ts), so a bundle keeps only the endpoints it uses.
 */
import { envelope } from "./common.js";
import { defineEndpoint } from "./endpoint.js";
import { unsubscribeBody, unsubscribeQuery, unsubscribeSchema } from "./mail.js";

/** The web's unsubscribe page reads what the link is for before the person confirms: a GET changes nothing. */
export const getUnsubscribe = defineEndpoint({
  method: "GET",
  path: "/mail/unsubscribe",
  query: unsubscribeQuery,
  response: envelope(unsubscribeSchema),
  auth: "public",
  errors: ["NOT_FOUND"],
});

/**
 * Turns that type's email off. The URL of the mail's `List-Unsubscribe` header: a mail client POSTs
 * `List-Unsubscribe=One-Click` as a form (RFC 8058); the web's page POSTs with no body. Repeating it changes nothing.
 */
export const unsubscribe = defineEndpoint({
  method: "POST",
  path: "/mail/unsubscribe",
  query: unsubscribeQuery,
  body: unsubscribeBody,
  response: envelope(unsubscribeSchema),
  auth: "public",
  errors: ["NOT_FOUND"],
});
