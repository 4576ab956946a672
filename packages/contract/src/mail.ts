import { z } from "zod";
import { notificationTypeIdSchema } from "./notifications.js";

/** An unsubscribe link's token: a person and a notification type, signed by the server (values/mail.ts). */
export const unsubscribeQuery = z.object({ token: z.string().min(1).max(200) });

/** What the link turns off, and whether that email is on now. */
export const unsubscribeSchema = z.object({
  type_id: notificationTypeIdSchema,
  description: z.string(),
  email_enabled: z.boolean(),
});
export type Unsubscribe = z.infer<typeof unsubscribeSchema>;

/**
 * The one-click POST's body: RFC 8058's form field as a mail client sends it, or nothing (the web's page; Fastify gives an empty body as null). Anything else
 * is refused, as every body with a field it does not know is (docs/decisions/011).
 */
export const unsubscribeBody = z.strictObject({ "List-Unsubscribe": z.literal("One-Click").optional() }).nullish();
