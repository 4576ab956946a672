import { and, asc, eq, inArray, lte } from "drizzle-orm";
import {
  APPEAL_DECIDED_MARKER,
  appealDecidedText,
  CANCELLED_ON_APPEAL_REASON,
  FORMER_MEMBER_NAME,
  type ActivityPerson,
  type AppealOutcomeReason,
  type AppealStatus,
  type AppealVote,
} from "@housemate/contract";
import type { Database, Executor, Transaction } from "../../db/client.js";
import { appealVotes, fineAppeals, fines, households } from "../../db/schema.js";
import { lockHousehold } from "../../lib/household-lock.js";
import { sweepHousehold, type SweepFailure } from "../../lib/household-sweep.js";
import { fineFacts } from "../activity/facts.js";
import { recordActivity, SYSTEM_ACTOR } from "../activity/record.js";
import { appendSection } from "../fines/description.js";
import { formatAmount } from "../fines/money-text.js";
import type { FineRow } from "../fines/presenter.js";
import { findFine, fineStory } from "../fines/queries.js";
import { recordNotification } from "../notifications/record.js";
import { appealDecidedNotice } from "./notifications.js";
import { tallyOf } from "./presenter.js";
import { currentMemberIds } from "../households/membership.js";
import { eligibleVoterIds, nonVoters, votesOn, type AppealRow } from "./queries.js";

/**
 * How an appeal closes (docs/decisions/047): by its last voter's vote, by its closing time, or void when its fine is
 * written off. Every close runs under the household's lock (votes, the expiry and departures all take it first, so
 * they decide one at a time and lock in one order) on an update conditional on `status = 'open'`, so each appeal is
 * decided once. The close writes the fine's outcome (cancelled on appeal, or its 'Appeal decided:' section alone),
 * its log entry with the votes, secret until now, and tells the house, all in that transaction.
 */

export interface Closing {
  now: Date;
  publicUrl: string;
  /** Who closed it (the log's actor): the last voter, the person leaving or removing, or Housemate. */
  actor: ActivityPerson;
  /** A member leaving in this transaction: neither a voter any more nor told (not yet detached). */
  departingId?: string | null;
}

/** The fine's appeal is past its closing time and still open: the expiry must close it before anything else. */
export const isAppealDue = (fine: FineRow, now: Date): boolean =>
  fine.appealStatus === "open" && fine.appealClosesAt !== null && fine.appealClosesAt <= now;

type Decided = Exclude<AppealStatus, "open">;

/** The house's decision: a majority to cancel cancels; a majority to uphold, a tie or no votes keep the fine. */
function outcomeOf(fine: FineRow, tally: Record<AppealVote, number>): { status: Decided; reason: AppealOutcomeReason } {
  if (fine.status !== "pending") return { status: "void", reason: "written_off" };
  if (tally.cancel > tally.uphold) return { status: "cancelled", reason: "majority" };
  if (tally.uphold > tally.cancel) return { status: "upheld", reason: "majority" };
  return { status: "upheld", reason: tally.uphold === 0 ? "no_votes" : "tie" };
}

/**
 * Closes an open appeal whose household the caller has locked, as its votes (or its fine's write-off) decide. Answers
 * the appeal and its fine as they now are, or null when it was no longer open.
 */
export async function closeAppeal(
  tx: Transaction,
  closing: Closing,
  appeal: AppealRow,
): Promise<{ appeal: AppealRow; fine: FineRow } | null> {
  const fine = await findFine(tx, appeal.fineId);
  if (!fine) return null;
  const votes = await votesOn(tx, [appeal.id]);
  const voters = await eligibleVoterIds(tx, {
    householdId: appeal.householdId,
    excluded: nonVoters(fine, appeal),
    departingId: closing.departingId ?? null,
  });
  const tally = tallyOf(votes);
  const { status, reason } = outcomeOf(fine, tally);
  const [decided] = await tx
    .update(fineAppeals)
    .set({
      status,
      outcomeReason: reason,
      voterCountAtDecision: voters.length,
      decidedAt: closing.now,
      updatedAt: closing.now,
    })
    .where(and(eq(fineAppeals.id, appeal.id), eq(fineAppeals.status, "open")))
    .returning();
  if (!decided) return null;

  const decidedText = appealDecidedText(status, reason, tally);
  const [closed] = await tx
    .update(fines)
    .set({
      appealStatus: status,
      description: appendSection(`${APPEAL_DECIDED_MARKER} ${decidedText}`),
      updatedAt: closing.now,
      // Cancelled with its reason, so it stays listed with its outcome (an accepted dispute's is never listed).
      ...(status === "cancelled" ? { status: "cancelled", cancelReason: CANCELLED_ON_APPEAL_REASON } : {}),
    })
    .where(eq(fines.id, fine.id))
    .returning();
  if (!closed) throw new Error("an appealed fine vanished while its appeal closed");

  await recordActivity(tx, {
    householdId: closed.householdId,
    kind: "fine.appeal_decided",
    actor: closing.actor,
    subject: { type: "fine", id: closed.id },
    details: {
      ...(await fineFacts(tx, closed.id)),
      status,
      outcome_reason: reason,
      tally,
      votes: votes.map((cast) => ({
        voter: cast.deleted ? { id: null, name: FORMER_MEMBER_NAME } : { id: cast.userId, name: cast.name },
        vote: cast.vote,
      })),
    },
    at: closing.now,
  });
  await tellDecided(tx, closing, closed, decidedText);
  return { appeal: decided, fine: closed };
}

/**
 * `appeal_decided` to all three sides: the issuer (or the member who declined for them), the person fined and the
 * voters, which is every current member of the household (the one leaving now excepted).
 */
async function tellDecided(tx: Transaction, closing: Closing, fine: FineRow, decidedText: string): Promise<void> {
  const [household] = await tx
    .select({ currency: households.currency })
    .from(households)
    .where(eq(households.id, fine.householdId));
  const story = {
    ...(await fineStory(tx, fine)),
    amount: formatAmount(fine.amountMinor, household?.currency ?? "GBP"),
  };
  await recordNotification(
    tx,
    {
      type: "appeal_decided",
      householdId: fine.householdId,
      recipientIds: await currentMemberIds(tx, fine.householdId, closing.departingId ?? null),
      ...appealDecidedNotice(story, decidedText),
    },
    closing.publicUrl,
  );
}

/**
 * Closes an open appeal (household locked) once every member who may vote has voted; answers what it closed, or null
 * while someone may still vote. With nobody left to vote, it closes at once: the issuer's decision stands.
 */
export async function closeIfEveryoneVoted(
  tx: Transaction,
  closing: Closing,
  appeal: AppealRow,
  fine: FineRow,
): Promise<{ appeal: AppealRow; fine: FineRow } | null> {
  const voters = await eligibleVoterIds(tx, {
    householdId: appeal.householdId,
    excluded: nonVoters(fine, appeal),
    departingId: closing.departingId ?? null,
  });
  const voted = new Set((await votesOn(tx, [appeal.id])).map((cast) => cast.userId));
  if (!voters.every((id) => voted.has(id))) return null;
  return closeAppeal(tx, closing, appeal);
}

/**
 * Closes every open appeal past its closing time (of one household, or of all), each once however many instances run
 * this at the same moment. Answers how many it closed. Each household closes in its own transaction: the sweep of all
 * gives `onFailure`, which is told of a household that failed while the others still close; without it (a request
 * closing its own household's first), the failure is the caller's.
 */
export async function expireDueAppeals(
  db: Database,
  params: { now: Date; publicUrl: string; householdId?: string; onFailure?: SweepFailure },
): Promise<number> {
  // A read first: most requests find nothing due, and need no transaction or lock for it.
  const due = await db
    .selectDistinct({ householdId: fineAppeals.householdId })
    .from(fineAppeals)
    .where(dueBy(params.now, params.householdId));
  let closed = 0;
  for (const { householdId } of due) {
    const closeDue = () =>
      db.transaction(async (tx) => {
        await lockHousehold(tx, householdId);
        const appeals = await lockedAppeals(tx, dueBy(params.now, householdId));
        let count = 0;
        // Nobody decided these: their closing time did.
        const closing = { now: params.now, publicUrl: params.publicUrl, actor: SYSTEM_ACTOR };
        for (const appeal of appeals) if (await closeAppeal(tx, closing, appeal)) count++;
        return count;
      });
    closed += await sweepHousehold(householdId, closeDue, params.onFailure);
  }
  return closed;
}

const dueBy = (now: Date, householdId: string | undefined) =>
  and(
    eq(fineAppeals.status, "open"),
    lte(fineAppeals.closesAt, now),
    ...(householdId ? [eq(fineAppeals.householdId, householdId)] : []),
  );

/** Open appeals matching `where`, locked in one order (by id). */
const lockedAppeals = (tx: Executor, where: ReturnType<typeof dueBy>) =>
  tx.select().from(fineAppeals).where(where).orderBy(asc(fineAppeals.id)).for("update");

/**
 * A member leaves (leaving, removal or account deletion), inside the departure's transaction, after their fines were
 * settled: an appeal whose fine was written off closes `void`; the leaver's votes on the others are taken back (as a
 * proposal's are: should they come back, they vote afresh), and each is closed if everyone left has now voted.
 */
export async function settleAppealsOfDeparture(
  tx: Transaction,
  params: { householdId: string; userId: string; now: Date; publicUrl: string; actor: ActivityPerson },
): Promise<void> {
  const open = await lockedAppeals(
    tx,
    and(eq(fineAppeals.householdId, params.householdId), eq(fineAppeals.status, "open")),
  );
  if (open.length === 0) return;
  await tx.delete(appealVotes).where(
    and(
      eq(appealVotes.userId, params.userId),
      inArray(
        appealVotes.appealId,
        open.map((appeal) => appeal.id),
      ),
    ),
  );
  const closing: Closing = {
    now: params.now,
    publicUrl: params.publicUrl,
    actor: params.actor,
    departingId: params.userId,
  };
  for (const appeal of open) {
    const fine = await findFine(tx, appeal.fineId);
    if (!fine) continue;
    if (fine.status !== "pending") await closeAppeal(tx, closing, appeal);
    // One past its closing time is the expiry's to close, not the votes'.
    else if (appeal.closesAt > params.now) await closeIfEveryoneVoted(tx, closing, appeal, fine);
  }
}
