-- Issue 22 (docs/decisions/051, 052, 054): reminders of unpaid fines (the household's days, one row per fine and stage so
-- each is sent once), away mode, the weekly digest (one row per household and week), the server's scheduled tasks (each
-- claim with its owner's token), the secrets it makes for itself (the unsubscribe links' key), the outbox's priority (a
-- sign-in link is sent first, the digest last) and an index of sent mail for its hourly prune.
CREATE TABLE "fine_reminders" (
	"fine_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fine_reminders_fine_id_stage_pk" PRIMARY KEY("fine_id","stage"),
	CONSTRAINT "fine_reminders_stage_check" CHECK ("fine_reminders"."stage" in ('first', 'second', 'issuer'))
);
--> statement-breakpoint
CREATE TABLE "household_digests" (
	"household_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"recipients" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_digests_household_id_week_start_pk" PRIMARY KEY("household_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "instance_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_tasks" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_run_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
DROP INDEX "mail_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "first_reminder_days" integer DEFAULT 3;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "second_reminder_days" integer DEFAULT 7;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "issuer_notice_days" integer DEFAULT 14;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "priority" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "away_until" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "away_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fine_reminders" ADD CONSTRAINT "fine_reminders_fine_id_fines_id_fk" FOREIGN KEY ("fine_id") REFERENCES "public"."fines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_digests" ADD CONSTRAINT "household_digests_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fines_pending_created_idx" ON "fines" USING btree ("created_at") WHERE "fines"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mail_outbox_sent_idx" ON "mail_outbox" USING btree ("sent_at") WHERE "mail_outbox"."sent_at" is not null;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("priority","created_at") WHERE "mail_outbox"."sent_at" is null;--> statement-breakpoint
-- Data, not schema (docs/decisions/051): every household takes the default days above, so without this the first sweep
-- after the upgrade would remind every old unpaid fine at once and tell the issuer of every one over 14 days old. The
-- stages an existing pending fine has already reached are written as skipped (sent_at null), as `remindersDue` writes
-- an overtaken stage; only the stages still ahead of it are sent. Whole 24-hour days, as the sweep counts them.
INSERT INTO "fine_reminders" ("fine_id", "stage", "sent_at", "created_at")
SELECT "fines"."id", "stages"."stage", NULL, now()
FROM "fines"
INNER JOIN "households" ON "households"."id" = "fines"."household_id"
CROSS JOIN LATERAL (VALUES
	('first', "households"."first_reminder_days"),
	('second', "households"."second_reminder_days"),
	('issuer', "households"."issuer_notice_days")
) AS "stages" ("stage", "days")
WHERE "fines"."status" = 'pending'
	AND "stages"."days" IS NOT NULL
	AND coalesce("fines"."declined_at", "fines"."created_at") + make_interval(hours => "stages"."days" * 24) <= now()
ON CONFLICT DO NOTHING;
