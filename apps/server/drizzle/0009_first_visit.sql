-- The first visit and the chosen name (issue 18, defect 14). A person has been here before once they had signed in
-- before the session they are using: each magic-link verification moves last_signed_in_at into previous_signed_in_at,
-- so previous_signed_in_at is null only during the session that made the account ('Welcome', not 'Welcome back').
-- display_name_chosen is false while the name is the one made from the email's local part (an account made through
-- /login), and onboarding asks for it first. Both are the person's own: housemates never see them.
ALTER TABLE "users" ADD COLUMN "display_name_chosen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_signed_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "previous_signed_in_at" timestamp with time zone;--> statement-breakpoint
-- Everyone already here has been here before, under a name nobody will ask them for again. Their account was made at
-- a sign-in, the best date there is for both.
UPDATE "users"
SET "display_name_chosen" = true, "last_signed_in_at" = "created_at", "previous_signed_in_at" = "created_at";
