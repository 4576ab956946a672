import { and, eq } from "drizzle-orm";
import {
  ALREADY_REVERSED_MESSAGE,
  CORRECTION_NOT_REVERSIBLE_MESSAGE,
  CORRECTION_OVERDRAWS_MESSAGE,
  TRANSACTION_NOT_FOUND_MESSAGE,
  type Transaction,
} from "@housemate/contract";
import type { Database, Transaction as DatabaseTransaction } from "../../db/client.js";
import { fundEntries } from "../../db/schema.js";
import { conflict, notFound, violatesConstraint } from "../../lib/errors.js";
import { announceFundChanged } from "../notifications/record.js";
import { presentTransaction, type FundEntryRow } from "./presenter.js";
import { fromMinor } from "../../lib/money.js";
import type { UserRow } from "../../plugins/auth.js";
import { personOf, recordActivity } from "../activity/record.js";

export interface Reversal {
  householdId: string;
  entryId: string;
  admin: UserRow;
  reason: string;
  now: Date;
}

/**
 * An admin reverses one entry of the household's ledger (decision 034): a `correction` of the opposite amount, with
 * the reason as its description, in one transaction that tells every member's sockets once it commits. Nothing is
 * changed or deleted. The database has the last word on what a correction may be (migration 0008): the unique
 * reverses_id and the balance's CHECK decide the races this function's own checks cannot see.
 */
export async function reverseEntry(db: Database, reversal: Reversal): Promise<Transaction> {
  return db.transaction(async (tx) => {
    const entry = await lockedEntry(tx, reversal.householdId, reversal.entryId);
    if (!entry) throw notFound(TRANSACTION_NOT_FOUND_MESSAGE);
    if (entry.type === "correction") throw conflict(CORRECTION_NOT_REVERSIBLE_MESSAGE);
    // The entry is locked: a reversal racing this one waits here, and then sees this one's correction.
    if (await isReversed(tx, entry.id)) throw conflict(ALREADY_REVERSED_MESSAGE);

    const [correction] = await insertingCorrection(
      tx
        .insert(fundEntries)
        .values({
          householdId: entry.householdId,
          type: "correction",
          amountMinor: -entry.amountMinor,
          description: reversal.reason,
          memberId: reversal.admin.id,
          reversesId: entry.id,
          createdAt: reversal.now,
        })
        .returning(),
    );
    if (!correction) throw new Error("correction insert returned no row");
    await recordActivity(tx, {
      householdId: entry.householdId,
      kind: "fund.reversed",
      actor: personOf(reversal.admin),
      subject: { type: "transaction", id: entry.id },
      details: {
        correction_id: correction.id,
        amount: fromMinor(entry.amountMinor),
        description: entry.description,
        reason: reversal.reason,
      },
      at: reversal.now,
    });
    await announceFundChanged(tx, [entry.householdId]);
    return presentTransaction(correction, null);
  });
}

/** The household's entry, locked until the transaction ends (a lock is no UPDATE: the ledger's trigger allows it). */
async function lockedEntry(tx: DatabaseTransaction, householdId: string, entryId: string) {
  const [entry] = await tx
    .select()
    .from(fundEntries)
    .where(and(eq(fundEntries.id, entryId), eq(fundEntries.householdId, householdId)))
    .for("update");
  return entry;
}

async function isReversed(tx: DatabaseTransaction, entryId: string): Promise<boolean> {
  const [found] = await tx
    .select({ id: fundEntries.id })
    .from(fundEntries)
    .where(eq(fundEntries.reversesId, entryId))
    .limit(1);
  return found !== undefined;
}

/**
 * The correction's insert, its database refusals told as people read them: the balance's CHECK when the fund has
 * since spent the income being reversed, and the unique reverses_id should another reversal of the entry commit
 * first by a path that did not lock it.
 */
async function insertingCorrection(insert: Promise<FundEntryRow[]>): Promise<FundEntryRow[]> {
  try {
    return await insert;
  } catch (error) {
    if (violatesConstraint(error, "fund_balances_never_negative")) throw conflict(CORRECTION_OVERDRAWS_MESSAGE);
    if (violatesConstraint(error, "fund_entries_reverses_id_unique")) throw conflict(ALREADY_REVERSED_MESSAGE);
    throw error;
  }
}
