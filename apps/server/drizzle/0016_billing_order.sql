-- Billing's order and its open checkout (issue 21's review, docs/decisions/048). checkout_session_id is the household's
-- open Checkout session, expired before another is made so two tabs or a double click cannot buy two subscriptions.
-- subscription_synced_at is the app's time when the subscription last written was read from the provider: a read
-- that started earlier and commits later is skipped, so two deliveries at once cannot leave the older state.
ALTER TABLE "households" ADD COLUMN "checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "subscription_synced_at" timestamp with time zone;
