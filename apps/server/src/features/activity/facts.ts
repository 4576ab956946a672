import { eq, inArray } from "drizzle-orm";
import { FORMER_MEMBER_NAME, WRITTEN_OFF_LEFT_REASON, type ActivityPerson } from "@housemate/contract";
import type { Executor, Transaction } from "../../db/client.js";
import { fines, rules, users } from "../../db/schema.js";
import { fromMinor } from "../../lib/money.js";
import { recordActivity } from "./record.js";

/**
 * What the log's entries about fines say, read in the change's transaction so names and titles are those of the
 * moment: the offender's name, the amount, the rule's title.
 */
export interface FineFacts {
  offender: ActivityPerson;
  amount: number;
  rule_title: string;
}

const factsQuery = (tx: Executor) =>
  tx
    .select({
      id: fines.id,
      householdId: fines.householdId,
      offenderId: fines.offenderId,
      offenderName: users.displayName,
      amountMinor: fines.amountMinor,
      ruleTitle: rules.title,
    })
    .from(fines)
    .leftJoin(users, eq(users.id, fines.offenderId))
    .leftJoin(rules, eq(rules.id, fines.ruleId));

type FactsRow = Awaited<ReturnType<typeof factsQuery>>[number];
const factsOf = (row: FactsRow): FineFacts => ({
  // No row to name them (never so today: a deleted account keeps its row): named as everywhere else.
  offender: { id: row.offenderId, name: row.offenderName ?? FORMER_MEMBER_NAME },
  amount: fromMinor(row.amountMinor),
  rule_title: row.ruleTitle ?? "",
});

/** The fine's facts as they now are (after the change, for an amount it changed). */
export async function fineFacts(tx: Executor, fineId: string): Promise<FineFacts> {
  const [row] = await factsQuery(tx).where(eq(fines.id, fineId));
  if (!row) throw new Error(`fine ${fineId} not found for its activity entry`);
  return factsOf(row);
}

/**
 * One `fine.written_off` entry for each fine a departure wrote off (decision 032), with the fine's cancel reason.
 * The actor is whoever made the departure: the person leaving, or the admin removing them.
 */
export async function recordWriteOffs(
  tx: Transaction,
  params: { fineIds: string[]; reason: string | null; actor: ActivityPerson; at: Date },
): Promise<void> {
  if (params.fineIds.length === 0) return;
  const rows = await factsQuery(tx).where(inArray(fines.id, params.fineIds)).orderBy(fines.createdAt, fines.id);
  for (const row of rows) {
    await recordActivity(tx, {
      householdId: row.householdId,
      kind: "fine.written_off",
      actor: params.actor,
      subject: { type: "fine", id: row.id },
      details: { ...factsOf(row), reason: params.reason ?? WRITTEN_OFF_LEFT_REASON },
      at: params.at,
    });
  }
}
