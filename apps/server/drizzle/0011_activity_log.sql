-- The household's activity log (issue 20, docs/decisions/042): one row per change, written in the change's own
-- transaction. Append-only: the trigger below refuses every UPDATE and every DELETE except the cascade of the
-- household's own deletion (the household is gone, and its log with it). People are cited by id (users rows are never
-- deleted, only emptied) beside their name at the time; a deleted account reads as 'Former member' at read.
CREATE TABLE "activity_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"household_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"member_id" uuid,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_household_created_idx" ON "activity_log" USING btree ("household_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_actor_idx" ON "activity_log" USING btree ("household_id","actor_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_member_idx" ON "activity_log" USING btree ("household_id","member_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE FUNCTION "activity_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A household being deleted is already gone from its own statement's view: its log goes with it.
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "households" WHERE "id" = OLD."household_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the activity log is append-only: an entry is never changed or deleted'
    USING ERRCODE = 'check_violation', CONSTRAINT = 'activity_log_append_only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_log_append_only" BEFORE UPDATE OR DELETE ON "activity_log"
  FOR EACH ROW EXECUTE FUNCTION "activity_log_append_only"();
