import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import {
  awayRefusalMessage,
  FINE_DISPUTED_NO_EDIT_MESSAGE,
  isAway,
  type CreateFineBody,
  type UpdateFineBody,
} from "@housemate/contract";
import type { Database, Executor } from "../../db/client.js";
import { disputes, fineEdits, fines } from "../../db/schema.js";
import type { Actor } from "../../lib/access.js";
import { badRequest, conflict, forbidden, violatesConstraint } from "../../lib/errors.js";
import { shareHousehold } from "../../lib/household-lock.js";
import { fromMinor, toMinor } from "../../lib/money.js";
import { notificationWrites } from "../notifications/record.js";
import { fineFacts } from "../activity/facts.js";
import { activityWrite, personOf, recordActivity } from "../activity/record.js";
import { resolveEvidence, type StoredEvidence } from "./evidence.js";
import { formatAmount } from "./money-text.js";
import { FINE_CHANGED_MEANWHILE, storyOf, tell } from "./lifecycle.js";
import { fineReceivedText, fineUpdatedText } from "./notifications.js";
import type { FineRow } from "./presenter.js";
import { findOffenderAndRule } from "./queries.js";
import { ONLY_ISSUER_EDITS, whyCannotEdit } from "./transitions.js";
import { changedFields } from "../activity/changed-fields.js";

/** Who acts, in which household, when: the same as a lifecycle step's actor. */
type Context = Actor;

export const NOT_A_MEMBER_MESSAGE = "The person you are fining is not a member of your household.";
export const NOT_A_RULE_MESSAGE = "That rule is not one of your household's rules.";

/**
 * Issues a fine from the caller to another member of the household under one of its rules in force, and tells the
 * offender. The fine and its notification are written by one statement, which is a transaction by itself.
 */
export async function issueFine(
  db: Database,
  context: Context,
  body: Omit<CreateFineBody, "household_id" | "created_by">,
): Promise<FineRow> {
  if (body.offender_id === context.user.id) throw badRequest("You cannot fine yourself.");
  const evidence = await resolveEvidence(db, {
    issuerId: context.user.id,
    evidence: body.evidence,
    publicOrigin: context.publicUrl,
  });
  const found = await findOffenderAndRule(db, {
    householdId: context.household.id,
    offenderId: body.offender_id,
    ruleId: body.rule_id,
  });
  if (!found) throw badRequest(NOT_A_MEMBER_MESSAGE);
  const { offender, rule, awayUntil, awayEndsAt } = found;
  if (!rule) throw badRequest(NOT_A_RULE_MESSAGE);
  // Read with the offender, just before the write: a change of away date reads no fine, so a fine whose check came
  // first is one issued before they went away, however the two requests' commits fall (docs/decisions/054).
  if (awayUntil !== null && isAway(awayEndsAt, context.now)) {
    throw conflict(awayRefusalMessage(offender.displayName, awayUntil));
  }

  const amountMinor = toMinor(body.amount);
  const text = fineReceivedText({
    issuerName: context.user.displayName,
    offenderName: offender.displayName,
    ruleTitle: rule.title,
    amount: formatAmount(amountMinor, context.household.currency),
  });
  // Nothing is read between the checks above and the write, so there is no transaction to open: the offender's
  // notification, mail, pushes and NOTIFY, and the log's entry, go in the insert's WITH, and one statement commits (or
  // fails) them all. The fine's id is made here so the entry and the push can name it.
  const fineId = randomUUID();
  const event = {
    type: "fine_received" as const,
    householdId: context.household.id,
    householdName: context.household.name,
    recipients: [offender],
    subject: `fine:${fineId}`,
    ...text,
  };
  const toldOffender = await notificationWrites(db, event, context.publicUrl);
  const logged = activityWrite(db, {
    householdId: context.household.id,
    kind: "fine.issued",
    actor: personOf(context.user),
    subject: { type: "fine", id: fineId },
    details: {
      offender: personOf(offender),
      amount: fromMinor(amountMinor),
      rule_title: rule.title,
      description: body.description ?? "",
    },
    at: context.now,
  });
  const [fine] = await insertingFine(
    db
      .with(...toldOffender, logged)
      .insert(fines)
      .values({
        id: fineId,
        householdId: context.household.id,
        offenderId: offender.id,
        createdBy: context.user.id,
        ruleId: rule.id,
        amountMinor,
        status: "pending",
        description: body.description ?? "",
        ...evidence,
        createdAt: context.now,
        updatedAt: context.now,
      })
      .returning(),
  );
  if (!fine) throw new Error("fine insert returned no row");
  return fine;
}

/**
 * The fine's insert, with the database's last word on its people: migration 0007's trigger refuses a fine to someone
 * who stopped being a member after they were read above (they left, or were removed, meanwhile), or from an issuer
 * who did (who is then refused as anyone outside the household is).
 */
async function insertingFine(insert: Promise<FineRow[]>): Promise<FineRow[]> {
  try {
    return await insert;
  } catch (error) {
    if (violatesConstraint(error, "fines_offender_is_member")) throw badRequest(NOT_A_MEMBER_MESSAGE);
    if (violatesConstraint(error, "fines_issuer_is_member")) throw forbidden();
    throw error;
  }
}

/**
 * The generic PATCH: the issuer may correct the description, amount or evidence of a fine that is still pending
 * and was never disputed (a dispute is about this amount and this text). Status, people and paid_at move only
 * through pay, dispute and review. A real change is kept in fine_edits and told to the offender (`fine_updated`),
 * in the same transaction; an edit that changes nothing writes nothing and tells nobody.
 */
export async function editFine(
  db: Database,
  context: Context,
  fine: FineRow,
  changes: UpdateFineBody,
): Promise<FineRow> {
  if (fine.createdBy !== context.user.id) throw forbidden(ONLY_ISSUER_EDITS);
  const refusal = whyCannotEdit(fine);
  if (refusal) throw conflict(refusal);

  return db.transaction(async (tx) => {
    // The household shared first, as every change to a fine does (lib/household-lock.ts). Then the row locked: a
    // dispute or payment arriving now waits for this edit (and then applies to the edited fine), or this waits for it
    // and then sees it. Either way the "before" kept below is what was replaced.
    await shareHousehold(tx, fine.householdId);
    const [current] = await tx.select().from(fines).where(eq(fines.id, fine.id)).for("update");
    if (!current) throw conflict(FINE_CHANGED_MEANWHILE);
    const why = whyCannotEdit(current) ?? ((await wasEverDisputed(tx, fine.id)) ? FINE_DISPUTED_NO_EDIT_MESSAGE : null);
    if (why) throw conflict(why);

    const evidence =
      changes.evidence === undefined
        ? { evidenceNote: current.evidenceNote, evidenceImages: current.evidenceImages }
        : await resolveEvidence(tx, {
            issuerId: context.user.id,
            evidence: changes.evidence,
            publicOrigin: context.publicUrl,
          });
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
    if (!changed.amount && !changed.description && !changed.evidence) return current;

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
    const fieldsOf = (row: FineRow) => ({ amount: fromMinor(row.amountMinor), description: row.description });
    await recordActivity(tx, {
      householdId: edited.householdId,
      kind: "fine.edited",
      actor: personOf(context.user),
      subject: { type: "fine", id: edited.id },
      details: {
        ...(await fineFacts(tx, edited.id)),
        ...changedFields(fieldsOf(current), fieldsOf(edited)),
        evidence_changed: changed.evidence,
      },
      at: context.now,
    });

    const money = (minor: number) => formatAmount(minor, context.household.currency);
    const text = fineUpdatedText(await storyOf(tx, context, edited), {
      amount: changed.amount ? { before: money(current.amountMinor), after: money(edited.amountMinor) } : null,
      description: changed.description,
      evidence: changed.evidence,
    });
    await tell(tx, context, edited, { type: "fine_updated", recipientId: edited.offenderId, ...text });
    return edited;
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
