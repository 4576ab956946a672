ALTER TABLE "households" ADD COLUMN "fines_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Any insert or change of a fine bumps its household's fines_version in the same transaction, so a cached
-- fines list (features/fines/list-cache.ts) can never outlive the rows it was made from, whichever code path
-- or instance wrote them. Statement-level, so a multi-row write bumps each household once.
CREATE FUNCTION "bump_household_fines_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "households" SET "fines_version" = "fines_version" + 1
  WHERE "id" IN (SELECT DISTINCT "household_id" FROM "changed_fines");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "fines_inserted_bump_household" AFTER INSERT ON "fines"
  REFERENCING NEW TABLE AS "changed_fines"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_household_fines_version"();
--> statement-breakpoint
CREATE TRIGGER "fines_updated_bump_household" AFTER UPDATE ON "fines"
  REFERENCING NEW TABLE AS "changed_fines"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_household_fines_version"();
