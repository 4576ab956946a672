import { and, eq } from "drizzle-orm";
import type { CreateFineBody, UpdateFineBody } from "@housemate/contract";
import type { Database } from "../../db/client.js";
import { fines } from "../../db/schema.js";
import type { HouseholdRow } from "../../lib/access.js";
import { badRequest, conflict, forbidden } from "../../lib/errors.js";
import { toMinor } from "../../lib/money.js";
import { notify, type Delivery } from "../../lib/notify.js";
import type { UserRow } from "../../plugins/auth.js";
import { resolveEvidence } from "./evidence.js";
import { formatAmount } from "./money-text.js";
import { fineReceivedText } from "./notifications.js";
import type { FineRow } from "./presenter.js";
import { findFine, findOffenderAndRule } from "./queries.js";
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
 * Issues a fine from the caller to another member of the household under one of its rules in force,
 * and tells the offender, in one transaction.
 */
export async function issueFine(
  db: Database,
  context: Context,
  body: Omit<CreateFineBody, "household_id" | "created_by">,
): Promise<FineChange> {
  if (body.offender_id === context.user.id) throw badRequest("You cannot fine yourself.");
  return db.transaction(async (tx) => {
    const found = await findOffenderAndRule(tx, context.household.id, body.offender_id, body.rule_id);
    if (!found) throw badRequest("The person you are fining is not a member of your household.");
    const { offender, rule } = found;
    if (!rule) throw badRequest("That rule is not one of your household's rules.");
    const evidence = await resolveEvidence(tx, {
      issuerId: context.user.id,
      evidence: body.evidence,
      publicOrigin: context.publicUrl,
    });

    const [fine] = await tx
      .insert(fines)
      .values({
        householdId: context.household.id,
        offenderId: offender.id,
        createdBy: context.user.id,
        ruleId: rule.id,
        amountMinor: toMinor(body.amount),
        status: "pending",
        description: body.description ?? "",
        ...evidence,
        createdAt: context.now,
        updatedAt: context.now,
      })
      .returning();
    if (!fine) throw new Error("fine insert returned no row");

    const text = fineReceivedText({
      issuerName: context.user.displayName,
      offenderName: offender.displayName,
      ruleTitle: rule.title,
      amount: formatAmount(fine.amountMinor, context.household.currency),
    });
    const delivery = await notify(
      tx,
      { type: "fine_received", householdId: context.household.id, recipientIds: [offender.id], ...text },
      context.publicUrl,
    );
    return { fine, delivery };
  });
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
