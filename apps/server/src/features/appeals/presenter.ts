import {
  APPEAL_OUTCOME_REASONS,
  appealStatusSchema,
  FORMER_MEMBER_NAME,
  type Appeal,
  type AppealVote,
} from "@housemate/contract";
import type { AppealRow, CastVote } from "./queries.js";

/** What an appeal is shown with besides its row: who may vote now (while open) and the votes cast. */
export interface AppealContext {
  eligibleVoterIds: string[];
  votes: CastVote[];
}

export const tallyOf = (votes: Pick<CastVote, "vote">[]): Record<AppealVote, number> => ({
  uphold: votes.filter((cast) => cast.vote === "uphold").length,
  cancel: votes.filter((cast) => cast.vote === "cancel").length,
});

const outcomeReason = (stored: string | null) => APPEAL_OUTCOME_REASONS.find((reason) => reason === stored) ?? null;

/**
 * An appeal as `callerId` reads it. Who voted stays private while it is open (only how many, and the caller's own
 * vote); once closed, the tally and each vote by name, a deleted account as 'Former member'.
 */
export function presentAppeal(row: AppealRow, context: AppealContext, callerId: string, now: Date): Appeal {
  const open = row.status === "open";
  const votes = context.votes.filter((cast) => cast.appealId === row.id);
  const mine = votes.find((cast) => cast.userId === callerId)?.vote ?? null;
  return {
    id: row.id,
    fine_id: row.fineId,
    household_id: row.householdId,
    reason: row.reason,
    status: appealStatusSchema.parse(row.status),
    outcome_reason: outcomeReason(row.outcomeReason),
    opened_by: row.openedBy,
    created_at: row.createdAt.toISOString(),
    closes_at: row.closesAt.toISOString(),
    decided_at: row.decidedAt ? row.decidedAt.toISOString() : null,
    voters: open ? context.eligibleVoterIds.length : (row.voterCountAtDecision ?? votes.length),
    votes_cast: votes.length,
    my_vote: mine,
    can_vote: open && row.closesAt > now && mine === null && context.eligibleVoterIds.includes(callerId),
    tally: open ? null : tallyOf(votes),
    votes: open
      ? null
      : votes.map((cast) => ({
          id: cast.deleted ? null : cast.userId,
          name: cast.deleted ? FORMER_MEMBER_NAME : cast.name,
          vote: cast.vote,
        })),
  };
}
