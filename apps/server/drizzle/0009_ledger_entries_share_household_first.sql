-- Every ledger entry takes its household's row in KEY SHARE before it touches the balance row (issue 17, decision
-- 034). The entry's foreign key takes that share anyway, but only after this BEFORE trigger has locked the balance
-- row; a vote holds the household's row lock (lib/household-lock.ts) and then writes its spending, which wants the
-- balance row. A payment in between held the balance and waited for the household, the vote the other way round:
-- PostgreSQL found a deadlock and the payment answered 500 (8 payments of 40 racing a passing vote). Taken first, the
-- share queues every entry behind a household lock's holder in the same order as the vote: household, then balance.
CREATE OR REPLACE FUNCTION "fund_entries_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reversed "fund_entries"%ROWTYPE;
BEGIN
  PERFORM 1 FROM "households" WHERE "id" = NEW."household_id" FOR KEY SHARE;
  IF NEW."type" = 'correction' THEN
    SELECT * INTO reversed FROM "fund_entries" WHERE "id" = NEW."reverses_id";
    IF NOT FOUND OR reversed."household_id" <> NEW."household_id" OR reversed."type" = 'correction'
      OR NEW."amount_minor" <> -reversed."amount_minor" THEN
      RAISE EXCEPTION 'a correction reverses one income or spending entry of its household by its exact opposite'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'fund_entries_correction_reverses';
    END IF;
  END IF;
  -- The row first, at zero, then the update: an INSERT … ON CONFLICT checks the CHECK on the row it proposes before it
  -- finds the conflict, so a negative entry would be refused however much the fund held. The update takes the row's
  -- lock, so concurrent entries queue here and each sees the balance the one before it left.
  INSERT INTO "fund_balances" ("household_id", "balance_minor") VALUES (NEW."household_id", 0)
    ON CONFLICT ("household_id") DO NOTHING;
  UPDATE "fund_balances" SET "balance_minor" = "balance_minor" + NEW."amount_minor"
    WHERE "household_id" = NEW."household_id";
  RETURN NEW;
END;
$$;
