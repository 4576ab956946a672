import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { DECIDED_PROPOSALS_LIMIT, VOTES, type Vote } from "@housemate/contract";
import type { Executor } from "../../db/client.js";
import { fundEntries, spendingProposals, spendingVotes, users } from "../../db/schema.js";
import { countMembers, currentMember } from "../households/membership.js";
import type { ProposalRow, ProposalTally } from "./presenter.js";

/** The yes and no votes on a proposal that count: those of the household's current members. */
export async function countVotes(
  db: Executor,
  proposal: ProposalRow,
  departingId: string | null = null,
): Promise<{ yes: number; no: number }> {
  const [row] = await db
    .select({
      yes: sql<number>`count(*) filter (where ${spendingVotes.vote} = 'yes')`.mapWith(Number),
      no: sql<number>`count(*) filter (where ${spendingVotes.vote} = 'no')`.mapWith(Number),
    })
    .from(spendingVotes)
    .innerJoin(users, and(eq(users.id, spendingVotes.userId), currentMember(proposal.householdId, departingId)))
    .where(eq(spendingVotes.proposalId, proposal.id));
  return { yes: row?.yes ?? 0, no: row?.no ?? 0 };
}

/** The proposal, if it is one of the household's. */
export async function findProposal(db: Executor, householdId: string, proposalId: string, lock = false) {
  const query = db
    .select()
    .from(spendingProposals)
    .where(and(eq(spendingProposals.id, proposalId), eq(spendingProposals.householdId, householdId)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** Open proposals closing soonest first, or the DECIDED_PROPOSALS_LIMIT most recently decided, newest first. */
export async function listProposalRows(db: Executor, householdId: string, status: "open" | "decided") {
  const inHousehold = eq(spendingProposals.householdId, householdId);
  if (status === "open") {
    return db
      .select()
      .from(spendingProposals)
      .where(and(inHousehold, eq(spendingProposals.status, "open")))
      .orderBy(asc(spendingProposals.closesAt), asc(spendingProposals.id));
  }
  return db
    .select()
    .from(spendingProposals)
    .where(and(inHousehold, ne(spendingProposals.status, "open")))
    .orderBy(desc(spendingProposals.decidedAt), desc(spendingProposals.id))
    .limit(DECIDED_PROPOSALS_LIMIT);
}

/**
 * What each proposal is shown with: while open, the votes of current members and their count; once decided, the
 * votes cast by then (a leaver's votes on open proposals are taken back when they leave) and the count kept then.
 */
export async function tallies(db: Executor, rows: ProposalRow[]): Promise<Map<string, ProposalTally>> {
  const result = new Map<string, ProposalTally>();
  const [first] = rows;
  if (!first) return result;
  const ids = rows.map((row) => row.id);
  const householdId = first.householdId;
  // One after another: inside a transaction the queries share one connection anyway.
  const members = await countMembers(db, householdId);
  const votes = await db
    .select({
      proposalId: spendingVotes.proposalId,
      userId: spendingVotes.userId,
      vote: spendingVotes.vote,
      current: sql<boolean>`(${users.householdId} = ${householdId} and ${users.deletedAt} is null)`,
    })
    .from(spendingVotes)
    .innerJoin(users, eq(users.id, spendingVotes.userId))
    .where(inArray(spendingVotes.proposalId, ids))
    .orderBy(asc(spendingVotes.createdAt), asc(spendingVotes.userId));
  const entries = await db
    .select({ id: fundEntries.id, proposalId: fundEntries.proposalId })
    .from(fundEntries)
    .where(and(eq(fundEntries.householdId, householdId), inArray(fundEntries.proposalId, ids)));
  for (const row of rows) {
    const open = row.status === "open";
    result.set(row.id, {
      votes: votes
        .filter((vote) => vote.proposalId === row.id && (!open || vote.current))
        .map((vote) => ({ userId: vote.userId, vote: voteOf(vote.vote) })),
      memberCount: open ? members : (row.memberCountAtDecision ?? members),
      transactionId: entries.find((entry) => entry.proposalId === row.id)?.id ?? null,
    });
  }
  return result;
}

/** The stored vote (the table's CHECK allows only these). */
const voteOf = (stored: string): Vote => VOTES.find((vote) => vote === stored) ?? "no";
