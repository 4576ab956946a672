import {
  appealStatusSchema,
  DISPUTE_STATUSES,
  fineStatusSchema,
  type Dispute,
  type Fine,
  type FineEdit,
} from "@housemate/contract";
import type { disputes, fineEdits, fines } from "../../db/schema.js";
import { fromMinor } from "../../lib/money.js";
import { publicUrlFor } from "../storage/file-path.js";

export type FineRow = typeof fines.$inferSelect;
export type DisputeRow = typeof disputes.$inferSelect;
export type FineEditRow = typeof fineEdits.$inferSelect;

/** Who reviews the fine's dispute: its issuer, unless it was handed to an admin when the issuer left. */
export const reviewerOf = (fine: FineRow): string | null => fine.reviewerId ?? fine.createdBy;

/**
 * A fine as the API shows it (SPEC §3 Fine). Evidence images are stored as upload paths and shown as
 * the addresses a browser loads them from; evidence is null when there is neither a note nor an image.
 * A fine cancelled by an accepted dispute is never presented (lists leave it out, the review answers null); one
 * written off is, with its reason (decision 032).
 */
export function presentFine(row: FineRow, publicOrigin: string): Fine {
  const note = row.evidenceNote ?? null;
  const images = row.evidenceImages.map((filePath) => publicUrlFor(publicOrigin, filePath));
  return {
    id: row.id,
    household_id: row.householdId,
    offender_id: row.offenderId,
    created_by: row.createdBy,
    rule_id: row.ruleId,
    amount: fromMinor(row.amountMinor),
    status: fineStatusSchema.parse(row.status),
    description: row.description,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
    dispute_rejected: row.disputeRejected,
    evidence: note !== null || images.length > 0 ? { note, images } : null,
    cancel_reason: row.cancelReason,
    reviewer_id: reviewerOf(row),
    declined_at: row.declinedAt ? row.declinedAt.toISOString() : null,
    // The fine's own copy of its appeal (decision 047), so no list joins the appeals.
    appeal:
      row.appealId && row.appealClosesAt
        ? {
            id: row.appealId,
            status: appealStatusSchema.parse(row.appealStatus),
            closes_at: row.appealClosesAt.toISOString(),
          }
        : null,
  };
}

const disputeStatus = (status: string) => DISPUTE_STATUSES.find((known) => known === status) ?? "pending";

/** A dispute (SPEC §3 Dispute): the reason is offered as both `reason` and `explanation`. */
export function presentDispute(row: DisputeRow): Dispute {
  return {
    id: row.id,
    fine_id: row.fineId,
    reason: row.reason,
    explanation: row.reason,
    status: disputeStatus(row.status),
    reviewer_note: row.reviewerNote,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** One of the issuer's changes to a fine (what `PATCH /fines/{id}` kept), amounts in major units. */
export function presentFineEdit(row: FineEditRow): FineEdit {
  return {
    id: row.id,
    fine_id: row.fineId,
    edited_by: row.editedBy,
    amount_before: fromMinor(row.amountBeforeMinor),
    amount_after: fromMinor(row.amountAfterMinor),
    description_before: row.descriptionBefore,
    description_after: row.descriptionAfter,
    evidence_changed: row.evidenceChanged,
    created_at: row.createdAt.toISOString(),
  };
}
