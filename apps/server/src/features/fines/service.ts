import { and, eq } from "drizzle-orm";
import type { CreateFineBody, UpdateFineBody } from "@housemate/contract";
import type { Database } from "../../db/client.js";
import { fines } from "../../db/schema.js";
import type { HouseholdRow } from "../../lib/access.js";
import { badRequest, conflict, forbidden } from "../../lib/errors.js";
import { toMinor } from "../../lib/money.js";
import { notificationEmail, type Delivery } from "../../lib/notify.js";
import type { UserRow } from "../../plugins/auth.js";
import { resolveEvidence, storedNote, type StoredEvidence } from "./evidence.js";
import { formatAmount } from "./money-text.js";
import { fineReceivedText } from "./notifications.js";
import type { FineRow } from "./presenter.js";
import { insertFineWithNotice, SLOT, type IssueFineOutcome, type IssueFineValues } from "./issue-statement.js";
import { findFine } from "./queries.js";
import { ONLY_ISSUER_EDITS, whyCannotEdit } from "./transitions.js";

export interface FineChange {
  fine: FineRow;
  /** Hand to `app.notifier.deliver` once the transaction has committed. */
  delivery: Delivery;
}

interface Context {
  user: UserRow;
  household: HouseholdRow;
  now: Date;
  publicUrl: string;
}

/**
 * Issues a fine from the caller to another member of the household under one of its rules in force, and tells the
 * offender, atomically (one statement: see issue-statement.ts).
 */
export async function issueFine(
  db: Database,
  context: Context,
  body: Omit<CreateFineBody, "household_id" | "created_by">,
): Promise<FineChange> {
  if (body.offender_id === context.user.id) throw badRequest("You cannot fine yourself.");
  const evidence = await resolveEvidence(db, {
    issuerId: context.user.id,
    evidence: body.evidence,
    publicOrigin: context.publicUrl,
  });
  const values = issueValues(context.household.id, context.household.currency, body, evidence, context);
  const outcome = await insertFineWithNotice(db, { id: context.user.id }, values);
  if (!outcome.issued) {
    throw badRequest(
      outcome.offenderFound
        ? "That rule is not one of your household's rules."
        : "The person you are fining is not a member of your household.",
    );
  }
  return issued(outcome);
}

/**
 * The same in one round trip for the holder of a session token, with no evidence photos: the statement checks the
 * session and every rule `issueFine`'s caller checks before it (see SESSION_ISSUER). Null when anything is amiss,
 * or when the household's currency is not `currency` (the texts were written in it): nothing is written then, and
 * the caller takes the ordinary path, which says what was wrong.
 */
export async function issueFineBySession(
  db: Database,
  context: { tokenHash: string; currency: string; now: Date; publicUrl: string },
  body: CreateFineBody,
): Promise<FineChange | null> {
  if (body.evidence?.images?.length) return null;
  const evidence = { evidenceNote: storedNote(body.evidence), evidenceImages: [] };
  const values = issueValues(body.household_id, context.currency, body, evidence, context);
  const session = { tokenHash: context.tokenHash, createdBy: body.created_by ?? null, currency: context.currency };
  const outcome = await insertFineWithNotice(db, { session }, values);
  return outcome.issued ? issued(outcome) : null;
}

function issueValues(
  householdId: string,
  currency: string,
  body: Omit<CreateFineBody, "household_id" | "created_by">,
  evidence: StoredEvidence,
  context: { now: Date; publicUrl: string },
): IssueFineValues {
  const amountMinor = toMinor(body.amount);
  const notification = fineReceivedText({
    issuerName: SLOT.issuerName,
    offenderName: SLOT.offenderName,
    ruleTitle: SLOT.ruleTitle,
    amount: formatAmount(amountMinor, currency),
  });
  return {
    householdId,
    offenderId: body.offender_id,
    ruleId: body.rule_id,
    amountMinor,
    description: body.description ?? "",
    ...evidence,
    now: context.now,
    notification,
    mail: notificationEmail({ type: "fine_received", ...notification }, SLOT.offenderName, context.publicUrl),
  };
}

function issued(outcome: Extract<IssueFineOutcome, { issued: true }>): FineChange {
  const offenderIds = outcome.notificationIds.length > 0 && outcome.fine.offenderId ? [outcome.fine.offenderId] : [];
  return {
    fine: outcome.fine,
    delivery: { notificationIds: outcome.notificationIds, userIds: offenderIds, mail: outcome.mailed },
  };
}

/**
 * The generic PATCH: the issuer may correct the description, amount or evidence of a fine that is still
 * pending. Status, people and paid_at move only through pay, dispute and review.
 */
export async function editFine(db: Database, context: Context, fine: FineRow, changes: UpdateFineBody): Promise<FineRow> {
  if (fine.createdBy !== context.user.id) throw forbidden(ONLY_ISSUER_EDITS);
  const refusal = whyCannotEdit(fine);
  if (refusal) throw conflict(refusal);

  return db.transaction(async (tx) => {
    const evidence =
      changes.evidence === undefined
        ? {}
        : await resolveEvidence(tx, { issuerId: context.user.id, evidence: changes.evidence, publicOrigin: context.publicUrl });
    const [edited] = await tx
      .update(fines)
      .set({
        ...(changes.description === undefined ? {} : { description: changes.description }),
        ...(changes.amount === undefined ? {} : { amountMinor: toMinor(changes.amount) }),
        ...evidence,
        updatedAt: context.now,
      })
      // Paid or disputed meanwhile: the edit loses.
      .where(and(eq(fines.id, fine.id), eq(fines.status, "pending")))
      .returning();
    if (edited) return edited;
    const current = await findFine(tx, fine.id);
    throw conflict((current && whyCannotEdit(current)) ?? "This fine changed meanwhile. Please reload it.");
  });
}
