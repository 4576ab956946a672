ALTER TABLE "households" ADD COLUMN "join_code" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "join_by_id" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Existing households keep joining by the ID their members already shared (docs/decisions/020): the join code
-- starts as the household's id, exactly as a new household's does.
UPDATE "households" SET "join_code" = "id";--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_join_code_unique" UNIQUE("join_code");
