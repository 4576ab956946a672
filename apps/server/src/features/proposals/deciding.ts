import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import {
  fundShortReason,
  PROPOSAL_OUTCOME_REASONS,
  votingOutcome,
  type ActivityPerson,
  type ProposalStatus,
} from "@housemate/contract";
import type { Database, Transaction } from "../../db/client.js";
import { fundEntries, households, spendingProposals, spendingVotes, users } from "../../db/schema.js";
import { violatesConstraint } from "../../lib/errors.js";
import { lockHousehold } from "../../lib/household-lock.js";
import { sweepHousehold, type SweepFailure } from "../../lib/household-sweep.js";
import { fundBalanceMinor } from "../balance/queries.js";
import { formatAmount } from "../fines/money-text.js";
import { announceFundChanged, recordNotification } from "../notifications/record.js";
import { fromMinor } from "../../lib/money.js";
import { recordActivity, SYSTEM_ACTOR } from "../activity/record.js";
import { spendingDecidedText } from "./notifications.js";
import type { ProposalRow } from "./presenter.js";
import { countMembers, currentMemberIds } from "../households/membership.js";
import { countVotes } from "./queries.js";

/**
 * How a spending proposal is decided (docs/decisions/034): by the votes of the household's current members under the
 * contract's one rule, `votingOutcome`; by its closing time; by its proposer's withdrawal or departure. Every decision
 * is made on a locked open row (or by an update conditional on `status = 'open'`), so each proposal is decided once,
 * and is told to every member and announced as a change of the fund in the transaction that makes it.
 */

export interface Deciding {
  householdId: string;
  currency: string;
  now: Date;
  publicUrl: string;
  /** Who made the change that decides (the log's actor): the voter, the proposer, the person leaving. */
  actor: ActivityPerson;
  /** A member leaving in this transaction: no longer counted, nor told (their account may not be detached yet). */
  departingId?: string | null;
}

const DECIDED_STATUSES = ["passed", "failed", "withdrawn"] as const satisfies readonly ProposalStatus[];
type Outcome = {
  status: (typeof DECIDED_STATUSES)[number];
  reason: string;
  memberCount: number;
  /** The proposer withdrew it themselves (`proposal.withdrawn`), rather than their departure doing so. */
  byProposer?: true;
};

/**
 * Applies the current members' votes to an open proposal the caller has locked: passed (its spending entry written),
 * failed, or still open. Answers the row as it now is.
 */
export async function decideByVotes(tx: Transaction, context: Deciding, proposal: ProposalRow): Promise<ProposalRow> {
  const departingId = context.departingId ?? null;
  const members = await countMembers(tx, proposal.householdId, departingId);
  const votes = await countVotes(tx, proposal, departingId);
  const outcome = votingOutcome({ ...votes, members });
  if (outcome === null) return proposal;
  if (outcome === "failed") {
    return conclude(tx, context, proposal, {
      status: "failed",
      reason: PROPOSAL_OUTCOME_REASONS.rejected,
      memberCount: members,
    });
  }
  const short = await spend(tx, context, proposal);
  return conclude(tx, context, proposal, {
    status: short ? "failed" : "passed",
    reason: short ?? PROPOSAL_OUTCOME_REASONS.passed,
    memberCount: members,
  });
}

/**
 * Writes the spending entry of a proposal that passed. The database has the last word on the balance: the entry's
 * trigger adds it to `fund_balances`, whose CHECK refuses a negative balance, and concurrent spendings queue on that
 * row, so of several the balance covers only one of, exactly one commits. The insert runs in a savepoint so that a
 * refusal undoes only itself; answers the reason the proposal then fails with, or null when the money left the fund.
 */
async function spend(tx: Transaction, context: Deciding, proposal: ProposalRow): Promise<string | null> {
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint.insert(fundEntries).values({
        householdId: proposal.householdId,
        type: "spending",
        amountMinor: -proposal.amountMinor,
        description: proposal.title,
        memberId: proposal.proposedBy,
        proposalId: proposal.id,
        // The app's clock, so the stats and the history date it as everything else the request did.
        createdAt: context.now,
      });
    });
    return null;
  } catch (error) {
    if (!violatesConstraint(error, "fund_balances_never_negative")) throw error;
    const balance = await fundBalanceMinor(tx, proposal.householdId);
    const money = (minor: number) => formatAmount(minor, context.currency);
    return fundShortReason(money(proposal.amountMinor), money(balance));
  }
}

/** Decides a locked open proposal as `outcome` and tells the household. */
export async function conclude(
  tx: Transaction,
  context: Deciding,
  proposal: ProposalRow,
  outcome: Outcome,
): Promise<ProposalRow> {
  const [decided] = await tx
    .update(spendingProposals)
    .set({
      status: outcome.status,
      outcomeReason: outcome.reason,
      memberCountAtDecision: outcome.memberCount,
      decidedAt: context.now,
      updatedAt: context.now,
    })
    .where(and(eq(spendingProposals.id, proposal.id), eq(spendingProposals.status, "open")))
    .returning();
  if (!decided) throw new Error("a locked open proposal was decided meanwhile");
  await recordDecision(tx, context.actor, decided, outcome.byProposer ? "proposal.withdrawn" : "proposal.decided");
  await tellDecided(tx, context, [decided]);
  return decided;
}

/** The log's entry of a decided proposal, with its spending entry when it passed. */
async function recordDecision(
  tx: Transaction,
  actor: ActivityPerson,
  proposal: ProposalRow,
  kind: "proposal.decided" | "proposal.withdrawn",
): Promise<void> {
  const facts = { title: proposal.title, amount: fromMinor(proposal.amountMinor) };
  const base = {
    householdId: proposal.householdId,
    actor,
    subject: { type: "proposal" as const, id: proposal.id },
    at: proposal.decidedAt ?? proposal.updatedAt,
  };
  if (kind === "proposal.withdrawn") {
    await recordActivity(tx, { ...base, kind, details: facts });
    return;
  }
  const status = DECIDED_STATUSES.find((decidedStatus) => decidedStatus === proposal.status);
  if (!status) throw new Error("a decided proposal is still open");
  const [spending] =
    status === "passed"
      ? await tx.select({ id: fundEntries.id }).from(fundEntries).where(eq(fundEntries.proposalId, proposal.id))
      : [];
  await recordActivity(tx, {
    ...base,
    kind,
    details: { ...facts, outcome: status, reason: proposal.outcomeReason ?? "", transaction_id: spending?.id ?? null },
  });
}

/** `spending_decided` to every current member, one notification per proposal. */
async function tellDecided(tx: Transaction, context: Deciding, decided: ProposalRow[]): Promise<void> {
  if (decided.length === 0) return;
  const recipientIds = await currentMemberIds(tx, context.householdId, context.departingId ?? null);
  for (const proposal of decided) {
    const status = DECIDED_STATUSES.find((decidedStatus) => decidedStatus === proposal.status);
    if (!status) continue;
    const text = spendingDecidedText({
      title: proposal.title,
      amount: formatAmount(proposal.amountMinor, context.currency),
      status,
      reason: proposal.outcomeReason ?? "",
    });
    await recordNotification(
      tx,
      { type: "spending_decided", householdId: context.householdId, recipientIds, ...text },
      context.publicUrl,
    );
  }
}

/**
 * Fails every open proposal past its closing time (of one household, or of all), each once however many instances
 * run this at the same moment. Answers how many it decided. The sweep of all gives `onFailure`: a household that
 * fails is reported and the others are still decided (lib/household-sweep.ts).
 */
export async function expireDueProposals(
  db: Database,
  params: { now: Date; publicUrl: string; householdId?: string; onFailure?: SweepFailure },
): Promise<number> {
  const dueNow = and(
    eq(spendingProposals.status, "open"),
    lte(spendingProposals.closesAt, params.now),
    ...(params.householdId ? [eq(spendingProposals.householdId, params.householdId)] : []),
  );
  // A read first: most lists find nothing due, and need no transaction or lock for it.
  const due = await db
    .selectDistinct({ householdId: spendingProposals.householdId })
    .from(spendingProposals)
    .where(dueNow);
  let decided = 0;
  for (const { householdId } of due) {
    decided += await sweepHousehold(householdId, () => expireInHousehold(db, householdId, params), params.onFailure);
  }
  return decided;
}

/**
 * One household's expiry, under its lock: votes and departures take it first too, so they and the expiry decide its
 * proposals one at a time and always lock in the same order (no deadlock). The update is conditional on
 * `status = 'open'`, so a second sweep finds nothing.
 */
async function expireInHousehold(
  db: Database,
  householdId: string,
  params: { now: Date; publicUrl: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockHousehold(tx, householdId);
    const memberCount = sql<number>`(select count(*) from ${users} where ${users.householdId} = ${spendingProposals.householdId} and ${users.deletedAt} is null)`;
    const expired = await tx
      .update(spendingProposals)
      .set({
        status: "failed",
        outcomeReason: PROPOSAL_OUTCOME_REASONS.expired,
        memberCountAtDecision: memberCount,
        decidedAt: params.now,
        updatedAt: params.now,
      })
      .where(
        and(
          eq(spendingProposals.householdId, householdId),
          eq(spendingProposals.status, "open"),
          lte(spendingProposals.closesAt, params.now),
        ),
      )
      .returning();
    if (expired.length === 0) return 0;
    // Nobody decided these: their closing time did.
    for (const proposal of expired) await recordDecision(tx, SYSTEM_ACTOR, proposal, "proposal.decided");
    const [household] = await tx
      .select({ currency: households.currency })
      .from(households)
      .where(eq(households.id, householdId));
    const context = { householdId, currency: household?.currency ?? "GBP", actor: SYSTEM_ACTOR, ...params };
    await tellDecided(tx, context, expired);
    await announceFundChanged(tx, [householdId]);
    return expired.length;
  });
}

/**
 * A member leaves (leaving, removal or account deletion), inside the departure's transaction: the open proposals they
 * made are withdrawn, their votes on the others are taken back (should they come back, they start afresh), and the
 * others are decided again with one member fewer, which may pass one (writing its spending entry) or fail it.
 */
export async function settleProposalsOfDeparture(
  tx: Transaction,
  params: { householdId: string; userId: string; now: Date; publicUrl: string; actor: ActivityPerson },
): Promise<void> {
  // Locked in one order (by id), as a vote locks only its own: no two departures or votes wait on each other in a
  // circle.
  const open = await tx
    .select()
    .from(spendingProposals)
    .where(and(eq(spendingProposals.householdId, params.householdId), eq(spendingProposals.status, "open")))
    .orderBy(asc(spendingProposals.id))
    .for("update");
  if (open.length === 0) return;
  const [household] = await tx
    .select({ currency: households.currency })
    .from(households)
    .where(eq(households.id, params.householdId));
  const context: Deciding = {
    householdId: params.householdId,
    currency: household?.currency ?? "GBP",
    now: params.now,
    publicUrl: params.publicUrl,
    actor: params.actor,
    departingId: params.userId,
  };
  await tx.delete(spendingVotes).where(
    and(
      eq(spendingVotes.userId, params.userId),
      inArray(
        spendingVotes.proposalId,
        open.map((proposal) => proposal.id),
      ),
    ),
  );
  const memberCount = await countMembers(tx, params.householdId, params.userId);
  for (const proposal of open) {
    if (proposal.proposedBy === params.userId) {
      await conclude(tx, context, proposal, {
        status: "withdrawn",
        reason: PROPOSAL_OUTCOME_REASONS.proposerLeft,
        memberCount,
      });
    } else if (proposal.closesAt > params.now) {
      // One past its closing time is the expiry's to fail, not the votes' to pass.
      await decideByVotes(tx, context, proposal);
    }
  }
  await announceFundChanged(tx, [params.householdId]);
}

/**
 * The receipt photos of the household's proposals, for its deletion: their uploads rows go with it (so they stop
 * being served at once, as the fines' evidence does) and the caller deletes the files once that has committed.
 */
export async function proposalReceipts(tx: Transaction, householdId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ path: spendingProposals.receiptPath })
    .from(spendingProposals)
    .where(and(eq(spendingProposals.householdId, householdId), isNotNull(spendingProposals.receiptPath)));
  return rows.flatMap((row) => (row.path ? [row.path] : []));
}
