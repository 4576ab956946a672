import { and, eq } from "drizzle-orm";
import { FINE_DISPUTED_NO_EDIT_MESSAGE, type CreateFineBody, type UpdateFineBody } from "@housemate/contract";
import type { Database, Executor } from "../../db/client.js";
import { disputes, fineEdits, fines } from "../../db/schema.js";
import { badRequest, conflict, forbidden } from "../../lib/errors.js";
import { toMinor } from "../../lib/money.js";
import { emptyDelivery, notificationEmail, type Delivery } from "../../lib/notify.js";
import { resolveEvidence, storedNote, type StoredEvidence } from "./evidence.js";
import { formatAmount } from "./money-text.js";
import { FINE_CHANGED_MEANWHILE, storyOf, tell, type Actor } from "./lifecycle.js";
import { fineReceivedText, fineUpdatedText } from "./notifications.js";
import type { FineRow } from "./presenter.js";
import { insertFineWithNotice, SLOT, type IssueFineOutcome, type IssueFineValues } from "./issue-statement.js";
import { ONLY_ISSUER_EDITS, whyCannotEdit } from "./transitions.js";

export interface FineChange {
  fine: FineRow;
  /** Hand to `app.notifier.deliver` once the transaction has committed. */
  delivery: Delivery;
}

/** Who acts, in which household, when: the same as a lifecycle step's actor. */
type Context = Actor;

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
 * The generic PATCH: the issuer may correct the description, amount or evidence of a fine that is still pending
 * and was never disputed (a dispute is about this amount and this text). Status, people and paid_at move only
 * through pay, dispute and review. A real change is kept in fine_edits and told to the offender (`fine_updated`),
 * in the same transaction; an edit that changes nothing writes nothing and tells nobody.
 */
export async function editFine(db: Database, context: Context, fine: FineRow, changes: UpdateFineBody): Promise<FineChange> {
  if (fine.createdBy !== context.user.id) throw forbidden(ONLY_ISSUER_EDITS);
  const refusal = whyCannotEdit(fine);
  if (refusal) throw conflict(refusal);

  return db.transaction(async (tx) => {
    // The row locked: a dispute or payment arriving now waits for this edit (and then applies to the edited fine),
    // or this waits for it and then sees it. Either way the "before" kept below is what was replaced.
    const [current] = await tx.select().from(fines).where(eq(fines.id, fine.id)).for("update");
    if (!current) throw conflict(FINE_CHANGED_MEANWHILE);
    const why = whyCannotEdit(current) ?? ((await wasEverDisputed(tx, fine.id)) ? FINE_DISPUTED_NO_EDIT_MESSAGE : null);
    if (why) throw conflict(why);

    const evidence =
      changes.evidence === undefined
        ? { evidenceNote: current.evidenceNote, evidenceImages: current.evidenceImages }
        : await resolveEvidence(tx, { issuerId: context.user.id, evidence: changes.evidence, publicOrigin: context.publicUrl });
    const next = {
      description: changes.description ?? current.description,
      amountMinor: changes.amount === undefined ? current.amountMinor : toMinor(changes.amount),
      ...evidence,
    };
    const changed = {
      amount: next.amountMinor !== current.amountMinor,
      description: next.description !== current.description,
      evidence: !sameEvidence(next, current),
    };
    if (!changed.amount && !changed.description && !changed.evidence) return { fine: current, delivery: emptyDelivery() };

    const [edited] = await tx
      .update(fines)
      .set({ ...next, updatedAt: context.now })
      .where(and(eq(fines.id, fine.id), eq(fines.status, "pending"), eq(fines.disputeRejected, false)))
      .returning();
    if (!edited) throw conflict(FINE_CHANGED_MEANWHILE);
    await tx.insert(fineEdits).values({
      fineId: edited.id,
      editedBy: context.user.id,
      amountBeforeMinor: current.amountMinor,
      amountAfterMinor: edited.amountMinor,
      descriptionBefore: current.description,
      descriptionAfter: edited.description,
      evidenceChanged: changed.evidence,
      createdAt: context.now,
    });

    const money = (minor: number) => formatAmount(minor, context.household.currency);
    const text = fineUpdatedText(await storyOf(tx, context, edited), {
      amount: changed.amount ? { before: money(current.amountMinor), after: money(edited.amountMinor) } : null,
      description: changed.description,
      evidence: changed.evidence,
    });
    const delivery = await tell(tx, context, edited, { type: "fine_updated", recipientId: edited.offenderId, ...text });
    return { fine: edited, delivery };
  });
}

const sameEvidence = (a: StoredEvidence, b: StoredEvidence) =>
  a.evidenceNote === b.evidenceNote &&
  a.evidenceImages.length === b.evidenceImages.length &&
  a.evidenceImages.every((path, index) => path === b.evidenceImages[index]);

async function wasEverDisputed(tx: Executor, fineId: string): Promise<boolean> {
  const [any] = await tx.select({ id: disputes.id }).from(disputes).where(eq(disputes.fineId, fineId)).limit(1);
  return any !== undefined;
}
