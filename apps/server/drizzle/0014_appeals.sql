-- Appeals (issue 21, docs/decisions/047): the house decides a declined dispute. One appeal per fine, one vote per
-- voter. The fine keeps a copy of its appeal's id, status and closing time, written in the appeal's own transactions,
-- so every statement that reads fines (the list pages, the one-statement issue, pay's RETURNING) presents
-- `fine.appeal` without a join; and when its dispute was declined, from which the appeal window runs.
CREATE TABLE "appeal_votes" (
	"appeal_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"vote" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appeal_votes_appeal_id_user_id_pk" PRIMARY KEY("appeal_id","user_id"),
	CONSTRAINT "appeal_votes_vote" CHECK ("appeal_votes"."vote" in ('uphold', 'cancel'))
);
--> statement-breakpoint
CREATE TABLE "fine_appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fine_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"opened_by" uuid,
	"declined_by" uuid,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome_reason" text,
	"voter_count_at_decision" integer,
	"closes_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fine_appeals_status" CHECK ("fine_appeals"."status" in ('open', 'upheld', 'cancelled', 'void'))
);
--> statement-breakpoint
ALTER TABLE "fines" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fines" ADD COLUMN "appeal_id" uuid;--> statement-breakpoint
ALTER TABLE "fines" ADD COLUMN "appeal_status" text;--> statement-breakpoint
ALTER TABLE "fines" ADD COLUMN "appeal_closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appeal_votes" ADD CONSTRAINT "appeal_votes_appeal_id_fine_appeals_id_fk" FOREIGN KEY ("appeal_id") REFERENCES "public"."fine_appeals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeal_votes" ADD CONSTRAINT "appeal_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fine_appeals" ADD CONSTRAINT "fine_appeals_fine_id_fines_id_fk" FOREIGN KEY ("fine_id") REFERENCES "public"."fines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fine_appeals" ADD CONSTRAINT "fine_appeals_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fine_appeals" ADD CONSTRAINT "fine_appeals_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fine_appeals" ADD CONSTRAINT "fine_appeals_declined_by_users_id_fk" FOREIGN KEY ("declined_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fine_appeals_fine_idx" ON "fine_appeals" USING btree ("fine_id");--> statement-breakpoint
CREATE INDEX "fine_appeals_open_idx" ON "fine_appeals" USING btree ("household_id","closes_at") WHERE "fine_appeals"."status" = 'open';--> statement-breakpoint
CREATE INDEX "fine_appeals_open_closes_idx" ON "fine_appeals" USING btree ("closes_at") WHERE "fine_appeals"."status" = 'open';
--> statement-breakpoint
-- Fines declined before this migration: their window runs from the decline, which is when the dispute was last
-- changed (a declined dispute is never changed again).
UPDATE "fines" SET "declined_at" = (
  SELECT max("disputes"."updated_at") FROM "disputes"
  WHERE "disputes"."fine_id" = "fines"."id" AND "disputes"."status" = 'declined'
)
WHERE "dispute_rejected";
