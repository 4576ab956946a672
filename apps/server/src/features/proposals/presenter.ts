import { proposalSchema, votesNeeded, type Proposal, type Vote } from "@housemate/contract";
import type { spendingProposals } from "../../db/schema.js";
import { fromMinor } from "../../lib/money.js";
import { publicUrlFor } from "../storage/file-path.js";

export type ProposalRow = typeof spendingProposals.$inferSelect;

/** What a proposal is shown with besides its row: the votes that count, the member count, its spending entry. */
export interface ProposalTally {
  votes: { userId: string; vote: Vote }[];
  /** Current members while open; the members when it was decided after. */
  memberCount: number;
  transactionId: string | null;
}

const statusOf = (status: string) => proposalSchema.shape.status.parse(status);

/** A proposal as every member sees it; its receipt is stored as an upload path and shown as its address. */
export function presentProposal(row: ProposalRow, tally: ProposalTally, publicOrigin: string): Proposal {
  return {
    id: row.id,
    household_id: row.householdId,
    proposed_by: row.proposedBy,
    title: row.title,
    amount: fromMinor(row.amountMinor),
    note: row.note,
    receipt_url: row.receiptPath ? publicUrlFor(publicOrigin, row.receiptPath) : null,
    status: statusOf(row.status),
    outcome_reason: row.outcomeReason,
    created_at: row.createdAt.toISOString(),
    closes_at: row.closesAt.toISOString(),
    decided_at: row.decidedAt ? row.decidedAt.toISOString() : null,
    votes: tally.votes.map((vote) => ({ user_id: vote.userId, vote: vote.vote })),
    member_count: tally.memberCount,
    votes_needed: votesNeeded(tally.memberCount),
    transaction_id: tally.transactionId,
  };
}
