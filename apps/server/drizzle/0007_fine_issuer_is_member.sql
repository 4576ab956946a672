-- A fine is written only by and to members of its household at that moment (docs/decisions/032, review fixes). 0006
-- checked the offender only: a fine whose issuer was leaving at the same moment could commit after the leave had
-- handed their reviews over, and stay with nobody to review it. The issuer now takes the same shared membership lock
-- and check. Shared locks never wait for each other, and a departure holds the exclusive lock of one person only, so
-- taking two here cannot deadlock with it.
CREATE FUNCTION "fine_people_are_members"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."offender_id" IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock_shared(hashtext('household-member:' || NEW."offender_id"::text));
    PERFORM 1 FROM "users"
      WHERE "id" = NEW."offender_id" AND "household_id" = NEW."household_id" AND "deleted_at" IS NULL;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'the person fined is not a member of the household'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'fines_offender_is_member';
    END IF;
  END IF;
  IF NEW."created_by" IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock_shared(hashtext('household-member:' || NEW."created_by"::text));
    PERFORM 1 FROM "users"
      WHERE "id" = NEW."created_by" AND "household_id" = NEW."household_id" AND "deleted_at" IS NULL;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'the person issuing the fine is not a member of the household'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'fines_issuer_is_member';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "fines_offender_is_member" ON "fines";--> statement-breakpoint
DROP FUNCTION "fine_offender_is_member"();--> statement-breakpoint
CREATE TRIGGER "fines_people_are_members" BEFORE INSERT ON "fines"
  FOR EACH ROW EXECUTE FUNCTION "fine_people_are_members"();
