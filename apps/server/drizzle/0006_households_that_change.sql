CREATE TABLE "household_removals" (
	"household_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"removed_by" uuid,
	"reason" text NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_removals_household_id_user_id_pk" PRIMARY KEY("household_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "fines" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "fines" ADD COLUMN "reviewer_id" uuid;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "times_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "joined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "household_removals" ADD CONSTRAINT "household_removals_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_removals" ADD CONSTRAINT "household_removals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_removals" ADD CONSTRAINT "household_removals_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fines" ADD CONSTRAINT "fines_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Everyone already in a household joined it no later than their account was made: the best date there is.
UPDATE "users" SET "joined_at" = "created_at" WHERE "household_id" IS NOT NULL;--> statement-breakpoint
-- Admin-only actions now exist: a household left without an admin (its only admin deleted their account before account
-- deletion handed the role over) gets its longest-standing member as admin, so someone can run it.
UPDATE "users" SET "is_admin" = true WHERE "id" IN (
  SELECT DISTINCT ON ("household_id") "id" FROM "users"
  WHERE "household_id" IS NOT NULL AND "deleted_at" IS NULL
    AND "household_id" NOT IN (
      SELECT "household_id" FROM "users" WHERE "is_admin" AND "deleted_at" IS NULL AND "household_id" IS NOT NULL
    )
  ORDER BY "household_id", "created_at", "id"
);--> statement-breakpoint
-- A fine is written only to someone who is a member of its household at that moment, whichever path writes it
-- (docs/decisions/032). The shared advisory lock pairs with the exclusive one that leaving, removal and account
-- deletion take on the same person first: a fine being issued to someone who is leaving either commits before the
-- leave reads their fines (and is written off with them), or waits and is then refused, because the check below is
-- a statement of its own and so sees what committed while it waited. An advisory lock rather than FOR SHARE on the
-- user's row: it writes nothing to the table, and issuing fines is the busiest write there is.
CREATE FUNCTION "fine_offender_is_member"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."offender_id" IS NULL THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(hashtext('household-member:' || NEW."offender_id"::text));
  PERFORM 1 FROM "users"
    WHERE "id" = NEW."offender_id" AND "household_id" = NEW."household_id" AND "deleted_at" IS NULL;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the person fined is not a member of the household'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'fines_offender_is_member';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "fines_offender_is_member" BEFORE INSERT ON "fines"
  FOR EACH ROW EXECUTE FUNCTION "fine_offender_is_member"();
