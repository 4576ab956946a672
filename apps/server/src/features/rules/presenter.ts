import type { Rule } from "@housemate/contract";
import type { rules } from "../../db/schema.js";
import { fromMinor } from "../../lib/money.js";

export type RuleRow = typeof rules.$inferSelect;

/** A rule as the API shows it (SPEC §3 Rule). */
export function presentRule(row: RuleRow): Rule {
  return {
    id: row.id,
    household_id: row.householdId,
    title: row.title,
    description: row.description,
    fine_amount: fromMinor(row.fineAmountMinor),
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
