import { transactionSchema, type Transaction } from "@housemate/contract";
import type { fundEntries } from "../../db/schema.js";
import { fromMinor } from "../../lib/money.js";

export type FundEntryRow = typeof fundEntries.$inferSelect;

/** A ledger entry as the API shows it, with the correction that reversed it (null while it stands). */
export function presentTransaction(row: FundEntryRow, reversedById: string | null): Transaction {
  return {
    id: row.id,
    household_id: row.householdId,
    type: transactionSchema.shape.type.parse(row.type),
    amount: fromMinor(row.amountMinor),
    description: row.description,
    created_at: row.createdAt.toISOString(),
    member_id: row.memberId,
    fine_id: row.fineId,
    rule_id: row.ruleId,
    proposal_id: row.proposalId,
    reverses_id: row.reversesId,
    reversed_by_id: reversedById,
  };
}
