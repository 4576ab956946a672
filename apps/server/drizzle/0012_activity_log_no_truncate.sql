-- The activity log's append-only trigger (0011) is per row, and TRUNCATE fires no row trigger: it would empty the log
-- in one statement. Refused too, by a statement trigger (written by hand: drizzle-kit generates no triggers). Nothing
-- of ours truncates a table (a restore loads into an empty database); a household's log still goes with it by cascade.
CREATE FUNCTION "activity_log_no_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the activity log is append-only: it is never truncated'
    USING ERRCODE = 'check_violation', CONSTRAINT = 'activity_log_append_only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_log_no_truncate" BEFORE TRUNCATE ON "activity_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "activity_log_no_truncate"();
