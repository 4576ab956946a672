-- A deleted fine leaves its household's kept list too (decision 014). The function reads "changed_fines":
-- here the deleted rows. A household's own deletion cascades to its fines; the household row is gone by then,
-- so the bump finds nothing to update.
CREATE TRIGGER "fines_deleted_bump_household" AFTER DELETE ON "fines"
  REFERENCING OLD TABLE AS "changed_fines"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_household_fines_version"();
