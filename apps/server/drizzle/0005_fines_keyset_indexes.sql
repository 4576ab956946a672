-- Decision 022: every list of fines is a keyset page, newest first (created_at DESC, id DESC, the NULLS FIRST of
-- ORDER BY … DESC), so each list's index ends in that order and a page is one index range; status and amount
-- follow so the page's counts and sum by status are an index-only scan.
DROP INDEX "fines_household_created_idx";--> statement-breakpoint
DROP INDEX "fines_offender_created_idx";--> statement-breakpoint
DROP INDEX "fines_issuer_idx";--> statement-breakpoint
CREATE INDEX "fines_household_created_idx" ON "fines" USING btree ("household_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status","amount_minor");--> statement-breakpoint
CREATE INDEX "fines_offender_created_idx" ON "fines" USING btree ("offender_id","household_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status","amount_minor");--> statement-breakpoint
CREATE INDEX "fines_issuer_idx" ON "fines" USING btree ("created_by","household_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status","amount_minor");