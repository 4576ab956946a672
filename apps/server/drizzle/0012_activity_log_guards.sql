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
--> statement-breakpoint
-- Issue 20's live log: once a change that wrote entries commits, every instance hears which households' logs grew
-- (the broadcast of src/features/notifications/broadcast.ts, on its channel) and tells their members' sockets. Per
-- statement, so a change costs no extra round trip (issuing a fine writes its entry in the fine's own statement);
-- PostgreSQL holds the NOTIFY until the commit, drops it on a rollback, and folds a transaction's equal payloads.
CREATE FUNCTION "activity_log_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "new_entries") THEN
    PERFORM pg_notify('housemate_events', json_build_object(
      'from', 'database',
      'activity', (SELECT json_agg(DISTINCT "household_id") FROM "new_entries")
    )::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_log_announce" AFTER INSERT ON "activity_log"
  REFERENCING NEW TABLE AS "new_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "activity_log_announce"();
