-- Plans (issue 21, docs/decisions/046): the plan a household pays for and its subscription as the payment provider's
-- latest event described it. Every household starts on Basic; with PLANS=off (the default) the plan is never read.
-- billing_events keeps the provider's event ids already applied, so a webhook delivered twice changes nothing.
CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"household_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "plan" text DEFAULT 'basic' NOT NULL;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "subscription_status" text;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "current_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_stripe_customer_id_unique" UNIQUE("stripe_customer_id");--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_plan_check" CHECK ("households"."plan" in ('basic', 'pro'));