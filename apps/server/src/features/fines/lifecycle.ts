import { and, eq, isNull, ne, or } from "drizzle-orm";
import type { NotificationTypeId, ReviewBody } from "@housemate/contract";
import { DISPUTE_DECLINED_MARKER, DISPUTE_REASON_MARKER } from "@housemate/contract";
import type { Database, Executor, Transaction } from "../../db/client.js";
import { disputes, fundEntries, fines } from "../../db/schema.js";
import type { Actor } from "../../lib/access.js";
import { conflict, forbidden, notFound } from "../../lib/errors.js";
import { shareHousehold } from "../../lib/household-lock.js";
import { announceFundChanged, recordNotification } from "../notifications/record.js";
import { fineFacts } from "../activity/facts.js";
import { personOf, recordActivity } from "../activity/record.js";
import { expireDueAppeals, isAppealDue } from "../appeals/closing.js";
import { appendSection } from "./description.js";
import { formatAmount } from "./money-text.js";
import { disputeResolvedText, fineDisputedText, finePaidText } from "./notifications.js";
import { reviewerOf, type FineRow } from "./presenter.js";
import { findDispute, findFine, fineStory } from "./queries.js";
import {
  DISPUTE_ALREADY_REVIEWED,
  ONLY_ISSUER_REVIEWS,
  ONLY_OFFENDER_DISPUTES,
  ONLY_OFFENDER_PAYS,
  whyCannotDispute,
  whyCannotPay,
  whyCannotReview,
} from "./transitions.js";

/**
 * DESIGN §3's fine lifecycle. Each step runs in one transaction and moves the fine with an update
 * conditional on its current state, so of several concurrent requests exactly one has an effect and
 * the others get the 409 the state now calls for.
 */

export const FINE_NOT_FOUND_MESSAGE = "Fine not found";
export const FINE_CHANGED_MEANWHILE = "This fine changed meanwhile. Please reload it.";
export const OFFENDER_CANNOT_REVIEW = "You cannot review the dispute of a fine you owe.";

/** The fine, which must belong to the household in the path (else 404, so ids from elsewhere reveal nothing). */
export async function fineInHousehold(db: Executor, householdId: string, fineId: string): Promise<FineRow> {
  const fine = await findFine(db, fineId);
  if (!fine || fine.householdId !== householdId) throw notFound(FINE_NOT_FOUND_MESSAGE);
  return fine;
}

/**
 * `fineInHousehold` at the start of a change to the fine: the household's share is taken first (shareHousehold), since
 * the change goes on to write what cites the household — its notification, and a payment's ledger entry.
 */
async function lockedFineInHousehold(tx: Transaction, householdId: string, fineId: string): Promise<FineRow> {
  await shareHousehold(tx, householdId);
  return fineInHousehold(tx, householdId, fineId);
}

/** What every log entry of a lifecycle step shares: the household, who, when, and the fine. */
const activityOf = (actor: Actor, fine: FineRow) => ({
  householdId: fine.householdId,
  actor: personOf(actor.user),
  subject: { type: "fine" as const, id: fine.id },
  at: actor.now,
});

/** After a conditional update matched nothing: say why, from the state another request left behind. */
async function refuseFromCurrentState(
  tx: Executor,
  fineId: string,
  why: (fine: FineRow) => string | null,
): Promise<never> {
  const current = await findFine(tx, fineId);
  throw conflict((current && why(current)) ?? FINE_CHANGED_MEANWHILE);
}

/** Notifies one party of the fine (none when that account is gone), inside the step's transaction. */
export async function tell(
  tx: Transaction,
  actor: Actor,
  fine: FineRow,
  event: { type: NotificationTypeId; recipientId: string | null; title: string; message: string },
): Promise<void> {
  const { recipientId, ...text } = event;
  const recipientIds = recipientId ? [recipientId] : [];
  await recordNotification(
    tx,
    { ...text, householdId: fine.householdId, recipientIds, subject: `fine:${fine.id}` },
    actor.publicUrl,
  );
}

export async function storyOf(tx: Executor, actor: Actor, fine: FineRow) {
  return { ...(await fineStory(tx, fine)), amount: formatAmount(fine.amountMinor, actor.household.currency) };
}

/** Thrown inside pay's transaction when the fine's appeal is past its closing time but not yet closed. */
class AppealDue extends Error {}

/**
 * The offender pays a pending fine: status paid, paid_at now, once. A fine under appeal is refused; one whose appeal
 * is past its closing time has it closed first (by the same expiry as the sweep, which needs the household's lock, so
 * outside this transaction) and is then paid, or refused, as the house decided. Only that rare case reads more.
 */
export async function payFine(db: Database, actor: Actor, fineId: string) {
  try {
    return await payOnce(db, actor, fineId);
  } catch (error) {
    if (!(error instanceof AppealDue)) throw error;
    await expireDueAppeals(db, { now: actor.now, publicUrl: actor.publicUrl, householdId: actor.household.id });
    return payOnce(db, actor, fineId);
  }
}

/** Not under an open appeal (the fine's copy of its appeal's status: decision 047). */
const notUnderAppeal = or(isNull(fines.appealStatus), ne(fines.appealStatus, "open"));

async function payOnce(db: Database, actor: Actor, fineId: string) {
  return db.transaction(async (tx) => {
    const fine = await lockedFineInHousehold(tx, actor.household.id, fineId);
    if (fine.offenderId !== actor.user.id) throw forbidden(ONLY_OFFENDER_PAYS);
    if (isAppealDue(fine, actor.now)) throw new AppealDue();
    const refusal = whyCannotPay(fine);
    if (refusal) throw conflict(refusal);

    const [paid] = await tx
      .update(fines)
      .set({ status: "paid", paidAt: actor.now, updatedAt: actor.now })
      .where(and(eq(fines.id, fine.id), eq(fines.status, "pending"), notUnderAppeal))
      .returning();
    if (!paid) return refuseFromCurrentState(tx, fine.id, whyCannotPay);

    // The ledger's income entry was written with the update (migration 0008): every member's fund has changed.
    await announceFundChanged(tx, [paid.householdId]);
    const [income] = await tx.select({ id: fundEntries.id }).from(fundEntries).where(eq(fundEntries.fineId, paid.id));
    await recordActivity(tx, {
      ...activityOf(actor, paid),
      kind: "fine.paid",
      details: { ...(await fineFacts(tx, paid.id)), transaction_id: income?.id ?? null },
    });
    const text = finePaidText(await storyOf(tx, actor, paid));
    await tell(tx, actor, paid, { type: "fine_paid", recipientId: paid.createdBy, ...text });
    return { fine: paid };
  });
}

/** The offender disputes a pending fine, once: status disputed, a pending dispute, the reason appended. */
export async function disputeFine(db: Database, actor: Actor, fineId: string, reason: string) {
  return db.transaction(async (tx) => {
    const fine = await lockedFineInHousehold(tx, actor.household.id, fineId);
    if (fine.offenderId !== actor.user.id) throw forbidden(ONLY_OFFENDER_DISPUTES);
    const refusal = whyCannotDispute(fine);
    if (refusal) throw conflict(refusal);

    const [disputed] = await tx
      .update(fines)
      .set({
        status: "disputed",
        description: appendSection(`${DISPUTE_REASON_MARKER} ${reason}`),
        updatedAt: actor.now,
      })
      .where(and(eq(fines.id, fine.id), eq(fines.status, "pending"), eq(fines.disputeRejected, false)))
      .returning();
    if (!disputed) return refuseFromCurrentState(tx, fine.id, whyCannotDispute);

    const [dispute] = await tx
      .insert(disputes)
      .values({
        fineId: fine.id,
        raisedBy: actor.user.id,
        reason,
        status: "pending",
        createdAt: actor.now,
        updatedAt: actor.now,
      })
      .returning();
    if (!dispute) throw new Error("dispute insert returned no row");
    await recordActivity(tx, {
      ...activityOf(actor, disputed),
      kind: "fine.disputed",
      details: { ...(await fineFacts(tx, disputed.id)), reason },
    });

    const text = fineDisputedText(await storyOf(tx, actor, disputed), reason);
    await tell(tx, actor, disputed, { type: "fine_disputed", recipientId: reviewerOf(disputed), ...text });
    return { fine: disputed, dispute };
  });
}

/**
 * The issuer reviews the pending dispute of a disputed fine. Accept cancels the fine (kept, never listed
 * or counted); decline returns it to pending with dispute_rejected set and the reason appended.
 */
export async function reviewDispute(db: Database, actor: Actor, fineId: string, disputeId: string, review: ReviewBody) {
  return db.transaction(async (tx) => {
    const fine = await lockedFineInHousehold(tx, actor.household.id, fineId);
    // The issuer, or the admin their disputes were handed to when they left (decision 032).
    if (reviewerOf(fine) !== actor.user.id) throw forbidden(ONLY_ISSUER_REVIEWS);
    // Never their own: a handover picks someone else (departure.ts), and this holds whatever data says otherwise.
    if (fine.offenderId === actor.user.id) throw forbidden(OFFENDER_CANNOT_REVIEW);
    const pending = await findDispute(tx, fine.id, disputeId);
    if (!pending) throw notFound("Dispute not found");
    if (pending.status !== "pending") throw conflict(DISPUTE_ALREADY_REVIEWED);
    const refusal = whyCannotReview(fine);
    if (refusal) throw conflict(refusal);

    const accepted = review.action === "accept";
    const [reviewed] = await tx
      .update(fines)
      .set(
        accepted
          ? { status: "cancelled", updatedAt: actor.now }
          : {
              status: "pending",
              disputeRejected: true,
              // The appeal window runs from here (decision 047).
              declinedAt: actor.now,
              description: appendSection(`${DISPUTE_DECLINED_MARKER} ${review.reason}`),
              updatedAt: actor.now,
            },
      )
      .where(and(eq(fines.id, fine.id), eq(fines.status, "disputed")))
      .returning();
    if (!reviewed) return refuseFromCurrentState(tx, fine.id, whyCannotReview);

    const [dispute] = await tx
      .update(disputes)
      .set({
        status: accepted ? "accepted" : "declined",
        reviewerNote: review.reason,
        reviewedBy: actor.user.id,
        updatedAt: actor.now,
      })
      .where(and(eq(disputes.id, pending.id), eq(disputes.status, "pending")))
      .returning();
    if (!dispute) throw conflict(DISPUTE_ALREADY_REVIEWED);
    await recordActivity(tx, {
      ...activityOf(actor, reviewed),
      kind: "fine.reviewed",
      details: {
        ...(await fineFacts(tx, reviewed.id)),
        outcome: accepted ? "accepted" : "declined",
        // Every member reads the log; an acceptance's reason is the dispute's parties' only (the decline's is public
        // already, in the description).
        ...(accepted ? {} : { reason: review.reason }),
      },
    });

    const text = disputeResolvedText(await storyOf(tx, actor, reviewed), review.action, review.reason);
    await tell(tx, actor, reviewed, { type: "dispute_resolved", recipientId: reviewed.offenderId, ...text });
    return { fine: reviewed, dispute };
  });
}
