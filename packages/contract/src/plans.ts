import { z } from "zod";
import { timestampSchema } from "./common.js";
import { singleLineText, multiLineText } from "./text.js";
import { PLAN_IDS, PRO_FEATURES } from "./values/plans.js";
import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGE_MIN,
  SUPPORT_MESSAGE_SHORT,
  SUPPORT_SUBJECT_MAX,
} from "./values/support.js";

export const planIdSchema = z.enum(PLAN_IDS);
export const proFeatureSchema = z.enum(PRO_FEATURES);

/**
 * GET /config: what the server offers, before anyone signs in (the invite landing, the support form). Public: it
 * says nothing about any household.
 */
export const appConfigSchema = z.object({
  /** PLANS=on: households have a plan, and the app shows it. */
  plans: z.boolean(),
  /** SUPPORT_EMAIL is set: the 'Contact support' form is shown. */
  support: z.boolean(),
  /** The server's version (package.json), as the support message reports it. */
  version: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

const limitsSchema = z.object({
  /** Null: no limit of the plan's own. */
  members: z.number().int().nullable(),
  rules: z.number().int().nullable(),
});

/** GET /households/{id}/plan: the household's plan, what it allows and uses, and its subscription. */
export const householdPlanSchema = z.object({
  /** False with PLANS=off: `plan` is null, nothing is limited, every feature is there, and the app shows no plan. */
  plans: z.boolean(),
  plan: planIdSchema.nullable(),
  limits: limitsSchema,
  usage: z.object({ members: z.number().int(), rules: z.number().int() }),
  /**
   * What the plan allows now, decided by the server's one rule (so the web never restates a limit): another member
   * may join; another rule may be added; the rules are read-only (more than the plan allows, after a downgrade).
   */
  allows: z.object({ join: z.boolean(), add_rule: z.boolean(), edit_rules: z.boolean() }),
  /** The paid features this household has (all of them with plans off or on Pro). */
  features: z.array(proFeatureSchema),
  /** The Pro subscription, once the household has had one; null otherwise (and always with plans off). */
  subscription: z
    .object({
      /** The provider's status: active, trialing, past_due, canceled, unpaid, incomplete… */
      status: z.string(),
      /** When the current period ends (Pro renews, or ends if cancelled then); null when unknown. */
      current_period_end: timestampSchema.nullable(),
      /** Cancelled in the portal: Pro lasts until `current_period_end`, then the household is on Basic. */
      cancel_at_period_end: z.boolean(),
    })
    .nullable(),
});
export type HouseholdPlan = z.infer<typeof householdPlanSchema>;

/** POST /households/{id}/billing/checkout and /portal: the provider's page to send the admin to. */
export const billingRedirectSchema = z.object({ url: z.url() });
export type BillingRedirect = z.infer<typeof billingRedirectSchema>;

/** POST /billing/stripe/webhook's answer: whether this event changed anything (a replay does not). */
export const webhookReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

/** POST /support: one message to SUPPORT_EMAIL about the sender's household (if any). */
export const supportMessageBody = z.strictObject({
  subject: singleLineText({
    min: 1,
    tooShort: "Subject is required",
    max: SUPPORT_SUBJECT_MAX,
    tooLong: `Subject can be at most ${String(SUPPORT_SUBJECT_MAX)} characters`,
  }),
  message: multiLineText({
    min: SUPPORT_MESSAGE_MIN,
    tooShort: SUPPORT_MESSAGE_SHORT,
    max: SUPPORT_MESSAGE_MAX,
    tooLong: `Message can be at most ${String(SUPPORT_MESSAGE_MAX)} characters`,
  }),
});
export type SupportMessageBody = z.input<typeof supportMessageBody>;
export const supportReceiptSchema = z.object({ success: z.literal(true), priority: z.boolean() });
