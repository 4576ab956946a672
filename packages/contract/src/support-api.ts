/**
 * 'Contact support' (issue 21): a signed-in person writes to SUPPORT_EMAIL.
 * Imported as the `supportApi` namespace (index.ts), so a bundle keeps only the endpoints it uses.
 */
import { envelope } from "./common.js";
import { defineEndpoint } from "./endpoint.js";
import { supportMessageBody, supportReceiptSchema } from "./plans.js";

/** 404 when SUPPORT_EMAIL is unset; 429 beyond SUPPORT_MESSAGES_PER_HOUR. */
export const sendSupportMessage = defineEndpoint({
  method: "POST",
  path: "/support",
  body: supportMessageBody,
  status: 201,
  response: envelope(supportReceiptSchema),
  auth: "session",
  errors: ["NOT_FOUND", "RATE_LIMITED"],
});
