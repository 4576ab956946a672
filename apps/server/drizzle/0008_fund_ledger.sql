-- The fine fund's append-only ledger and its spending proposals (issue 17, docs/decisions/034). The rules live here,
-- in the database, so no path can break them: an entry is never changed or deleted (only the household's own deletion
-- takes its ledger along); a correction reverses one income or spending entry of its household by its exact opposite,
-- once; a fine that becomes paid is income, in the same statement; and every entry is added to fund_balances, whose
-- CHECK keeps the balance from going below zero, and to its UTC month's income or spending in fund_months (what the
-- stats read). Concurrent spendings queue on the household's fund_balances row, so of several that the balance
-- covers only one of, exactly one commits.
CREATE TABLE "fund_balances" (
	"household_id" uuid PRIMARY KEY NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "fund_balances_never_negative" CHECK ("fund_balances"."balance_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fund_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"type" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"description" text NOT NULL,
	"member_id" uuid,
	"fine_id" uuid,
	"rule_id" uuid,
	"proposal_id" uuid,
	"reverses_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_entries_fine_id_unique" UNIQUE("fine_id"),
	CONSTRAINT "fund_entries_proposal_id_unique" UNIQUE("proposal_id"),
	CONSTRAINT "fund_entries_reverses_id_unique" UNIQUE("reverses_id"),
	CONSTRAINT "fund_entries_shape" CHECK (("fund_entries"."type" = 'income' and "fund_entries"."amount_minor" > 0 and "fund_entries"."fine_id" is not null and "fund_entries"."proposal_id" is null and "fund_entries"."reverses_id" is null)
        or ("fund_entries"."type" = 'spending' and "fund_entries"."amount_minor" < 0 and "fund_entries"."proposal_id" is not null and "fund_entries"."fine_id" is null and "fund_entries"."reverses_id" is null)
        or ("fund_entries"."type" = 'correction' and "fund_entries"."reverses_id" is not null and "fund_entries"."fine_id" is null and "fund_entries"."proposal_id" is null))
);
--> statement-breakpoint
CREATE TABLE "fund_months" (
	"household_id" uuid NOT NULL,
	"month" date NOT NULL,
	"income_minor" bigint DEFAULT 0 NOT NULL,
	"spent_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "fund_months_household_id_month_pk" PRIMARY KEY("household_id","month")
);
--> statement-breakpoint
CREATE TABLE "spending_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"proposed_by" uuid,
	"title" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"note" text,
	"receipt_path" text,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome_reason" text,
	"member_count_at_decision" integer,
	"closes_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spending_proposals_amount_positive" CHECK ("spending_proposals"."amount_minor" > 0),
	CONSTRAINT "spending_proposals_status" CHECK ("spending_proposals"."status" in ('open', 'passed', 'failed', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "spending_votes" (
	"proposal_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"vote" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spending_votes_proposal_id_user_id_pk" PRIMARY KEY("proposal_id","user_id"),
	CONSTRAINT "spending_votes_vote" CHECK ("spending_votes"."vote" in ('yes', 'no'))
);
--> statement-breakpoint
ALTER TABLE "fund_balances" ADD CONSTRAINT "fund_balances_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_entries" ADD CONSTRAINT "fund_entries_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_entries" ADD CONSTRAINT "fund_entries_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_entries" ADD CONSTRAINT "fund_entries_fine_id_fines_id_fk" FOREIGN KEY ("fine_id") REFERENCES "public"."fines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_entries" ADD CONSTRAINT "fund_entries_rule_id_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_entries" ADD CONSTRAINT "fund_entries_proposal_id_spending_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."spending_proposals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_entries" ADD CONSTRAINT "fund_entries_reverses_id_fund_entries_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."fund_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_months" ADD CONSTRAINT "fund_months_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spending_proposals" ADD CONSTRAINT "spending_proposals_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spending_proposals" ADD CONSTRAINT "spending_proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spending_votes" ADD CONSTRAINT "spending_votes_proposal_id_spending_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."spending_proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spending_votes" ADD CONSTRAINT "spending_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fund_entries_household_created_idx" ON "fund_entries" USING btree ("household_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "spending_proposals_household_idx" ON "spending_proposals" USING btree ("household_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "spending_proposals_open_closes_idx" ON "spending_proposals" USING btree ("closes_at") WHERE "spending_proposals"."status" = 'open';--> statement-breakpoint
CREATE FUNCTION "fund_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A household being deleted is already gone from its own statement's view: its ledger goes with it.
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "households" WHERE "id" = OLD."household_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the fund ledger is append-only: an entry is never changed or deleted, only reversed'
    USING ERRCODE = 'check_violation', CONSTRAINT = 'fund_entries_append_only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "fund_entries_append_only" BEFORE UPDATE OR DELETE ON "fund_entries"
  FOR EACH ROW EXECUTE FUNCTION "fund_entries_append_only"();
--> statement-breakpoint
CREATE FUNCTION "fund_entries_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reversed "fund_entries"%ROWTYPE;
  kind text;
BEGIN
  -- The household's row in KEY SHARE before the balance row: a vote holds the household's lock (lib/household-lock.ts)
  -- and then writes its spending, which wants the balance row. A payment that took the balance row first and then
  -- waited for the household (its foreign key's share) would deadlock with it (8 payments of 40 racing a passing vote
  -- answered 500 on PostgreSQL); taken first, every entry queues in the vote's order: household, then balance.
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
  -- The month's income or spending: a correction counts against the type of the entry it reverses, in its own month.
  kind := CASE WHEN NEW."type" = 'correction' THEN reversed."type" ELSE NEW."type" END;
  INSERT INTO "fund_months" ("household_id", "month", "income_minor", "spent_minor")
    VALUES (
      NEW."household_id",
      date_trunc('month', NEW."created_at" AT TIME ZONE 'UTC')::date,
      CASE WHEN kind = 'income' THEN NEW."amount_minor" ELSE 0 END,
      CASE WHEN kind = 'spending' THEN -NEW."amount_minor" ELSE 0 END
    )
    ON CONFLICT ("household_id", "month") DO UPDATE SET
      "income_minor" = "fund_months"."income_minor" + EXCLUDED."income_minor",
      "spent_minor" = "fund_months"."spent_minor" + EXCLUDED."spent_minor";
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "fund_entries_apply" BEFORE INSERT ON "fund_entries"
  FOR EACH ROW EXECUTE FUNCTION "fund_entries_apply"();
--> statement-breakpoint
CREATE FUNCTION "fine_paid_is_income"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "fund_entries" ("household_id", "type", "amount_minor", "description", "member_id", "fine_id", "rule_id", "created_at")
    SELECT NEW."household_id", 'income', NEW."amount_minor", coalesce(r."title", ''), NEW."offender_id", NEW."id",
      NEW."rule_id", coalesce(NEW."paid_at", now())
    FROM (SELECT 1) AS one LEFT JOIN "rules" r ON r."id" = NEW."rule_id";
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "fine_paid_is_income" AFTER UPDATE OF "status" ON "fines"
  FOR EACH ROW WHEN (NEW."status" = 'paid' AND OLD."status" IS DISTINCT FROM 'paid')
  EXECUTE FUNCTION "fine_paid_is_income"();
--> statement-breakpoint
CREATE TRIGGER "fine_inserted_paid_is_income" AFTER INSERT ON "fines"
  FOR EACH ROW WHEN (NEW."status" = 'paid')
  EXECUTE FUNCTION "fine_paid_is_income"();
--> statement-breakpoint
-- The fines paid before the ledger: each becomes its income entry, dated when it was paid.
INSERT INTO "fund_entries" ("household_id", "type", "amount_minor", "description", "member_id", "fine_id", "rule_id", "created_at")
  SELECT f."household_id", 'income', f."amount_minor", coalesce(r."title", ''), f."offender_id", f."id", f."rule_id",
    coalesce(f."paid_at", f."updated_at")
  FROM "fines" f LEFT JOIN "rules" r ON r."id" = f."rule_id"
  WHERE f."status" = 'paid'
  ORDER BY coalesce(f."paid_at", f."updated_at");
