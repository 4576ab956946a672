import { and, eq, isNull } from "drizzle-orm";
import {
  APPEAL_CLOSED_MESSAGE,
  APPEAL_MARKER,
  APPEAL_NOT_VOTER_MESSAGE,
  APPEAL_ONLY_OFFENDER_MESSAGE,
  APPEAL_VOTED_MESSAGE,
  APPEAL_VOTING_DAYS,
  type Appeal,
  type AppealVote,
  type AppealWithFine,
  type EffectivePlan,
} from "@housemate/contract";
import type { Database, Executor } from "../../db/client.js";
import { appealVotes, fineAppeals, fines } from "../../db/schema.js";
import type { Actor } from "../../lib/access.js";
import { conflict, forbidden, notFound } from "../../lib/errors.js";
import { lockHousehold } from "../../lib/household-lock.js";
import { fineFacts } from "../activity/facts.js";
import { personOf, recordActivity } from "../activity/record.js";
import { appendSection } from "../fines/description.js";
import { FINE_CHANGED_MEANWHILE, fineInHousehold, storyOf } from "../fines/lifecycle.js";
import { presentFine, type FineRow } from "../fines/presenter.js";
import { latestDispute } from "../fines/queries.js";
import { recordNotification } from "../notifications/record.js";
import { closeIfEveryoneVoted, expireDueAppeals, type Closing } from "./closing.js";
import { appealOpenedText } from "./notifications.js";
import { presentAppeal } from "./presenter.js";
import { countMembers, currentMemberIds } from "../households/membership.js";
import { eligibleVoterIds, findAppealOfFine, nonVoters, openAppealsOf, votesOn, type AppealRow } from "./queries.js";
import { appealRefused } from "./rules.js";

/**
 * The house decides a declined dispute (issue 21, docs/decisions/047). Every change runs under the household's lock,
 * as the spending proposals' do (features/proposals): votes, the expiry and departures then decide one at a time, and
 * the member count an appeal needs cannot change under it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
export const APPEAL_NOT_FOUND_MESSAGE = "This fine has not been appealed.";

const closingBy = (actor: Actor): Closing => ({
  now: actor.now,
  publicUrl: actor.publicUrl,
  actor: personOf(actor.user),
});
const expireFor = (db: Database, actor: Actor) =>
  expireDueAppeals(db, { now: actor.now, publicUrl: actor.publicUrl, householdId: actor.household.id });

/** The appeal as the caller reads it, with who may vote now. */
async function presentFor(db: Executor, actor: Actor, appeal: AppealRow, fine: FineRow): Promise<Appeal> {
  const eligible =
    appeal.status === "open"
      ? await eligibleVoterIds(db, { householdId: appeal.householdId, excluded: nonVoters(fine, appeal) })
      : [];
  const votes = await votesOn(db, [appeal.id]);
  return presentAppeal(appeal, { eligibleVoterIds: eligible, votes }, actor.user.id, actor.now);
}

async function presentWithFine(db: Executor, actor: Actor, appeal: AppealRow, fine: FineRow): Promise<AppealWithFine> {
  return { appeal: await presentFor(db, actor, appeal, fine), fine: presentFine(fine, actor.publicUrl) };
}

/**
 * The person fined asks the house: within the window after the decline, once, in a household of at least three. The
 * reason is appended to the fine as 'Appeal:'; the voters are told.
 */
export async function openAppeal(
  db: Database,
  actor: Actor,
  params: { fineId: string; reason: string; plan: EffectivePlan },
): Promise<AppealWithFine> {
  const { fineId, reason, plan } = params;
  return db.transaction(async (tx) => {
    // The household first, as pay's share and departures take it first: a payment racing the opening is either
    // committed before (and then refused here) or waits and is refused as under appeal.
    await lockHousehold(tx, actor.household.id);
    const fine = await fineInHousehold(tx, actor.household.id, fineId);
    if (fine.offenderId !== actor.user.id) throw forbidden(APPEAL_ONLY_OFFENDER_MESSAGE);
    const memberCount = await countMembers(tx, actor.household.id);
    const refusal = appealRefused(fine, { memberCount, plan, now: actor.now });
    if (refusal) throw refusal;

    const dispute = await latestDispute(tx, fine.id);
    const closesAt = new Date(actor.now.getTime() + APPEAL_VOTING_DAYS * DAY_MS);
    const [appeal] = await tx
      .insert(fineAppeals)
      .values({
        fineId: fine.id,
        householdId: fine.householdId,
        openedBy: actor.user.id,
        declinedBy: dispute?.status === "declined" ? dispute.reviewedBy : null,
        reason,
        status: "open",
        closesAt,
        createdAt: actor.now,
        updatedAt: actor.now,
      })
      .returning();
    if (!appeal) throw new Error("appeal insert returned no row");
    const [appealed] = await tx
      .update(fines)
      .set({
        appealId: appeal.id,
        appealStatus: "open",
        appealClosesAt: closesAt,
        description: appendSection(`${APPEAL_MARKER} ${reason}`),
        updatedAt: actor.now,
      })
      .where(and(eq(fines.id, fine.id), eq(fines.status, "pending"), isNull(fines.appealId)))
      .returning();
    if (!appealed) throw conflict(FINE_CHANGED_MEANWHILE);

    await recordActivity(tx, {
      householdId: appealed.householdId,
      kind: "fine.appealed",
      actor: personOf(actor.user),
      subject: { type: "fine", id: appealed.id },
      details: { ...(await fineFacts(tx, appealed.id)), reason, closes_at: closesAt.toISOString() },
      at: actor.now,
    });
    const voters = await eligibleVoterIds(tx, { householdId: appeal.householdId, excluded: nonVoters(fine, appeal) });
    await recordNotification(
      tx,
      {
        type: "appeal_opened",
        householdId: appealed.householdId,
        recipientIds: voters,
        ...appealOpenedText(await storyOf(tx, actor, appealed), reason),
      },
      actor.publicUrl,
    );
    // With nobody who may vote (everyone else declined or issued it), the issuer's decision stands at once.
    const closed = await closeIfEveryoneVoted(tx, closingBy(actor), appeal, appealed);
    return presentWithFine(tx, actor, closed?.appeal ?? appeal, closed?.fine ?? appealed);
  });
}

/** The fine (of the household in the path) and its appeal, locked when asked; 404 for either missing. */
async function appealedFine(db: Executor, actor: Actor, fineId: string, lock = false) {
  const fine = await fineInHousehold(db, actor.household.id, fineId);
  const appeal = await findAppealOfFine(db, fine.id, lock);
  if (!appeal) throw notFound(APPEAL_NOT_FOUND_MESSAGE);
  return { fine, appeal };
}

/**
 * A voter votes, once and for good, while the appeal is open; the last vote closes it. A vote that does not close it
 * writes no log entry: the votes are secret until the close, whose entry records them all.
 */
export async function voteOnAppeal(
  db: Database,
  actor: Actor,
  fineId: string,
  vote: AppealVote,
): Promise<AppealWithFine> {
  await expireFor(db, actor);
  return db.transaction(async (tx) => {
    // The household first (departures and the expiry lock it first too); of two last votes at once, the second sees
    // the first and closes the appeal with both.
    await lockHousehold(tx, actor.household.id);
    const { fine, appeal } = await appealedFine(tx, actor, fineId, true);
    if (nonVoters(fine, appeal).includes(actor.user.id)) throw forbidden(APPEAL_NOT_VOTER_MESSAGE);
    if (appeal.status !== "open" || appeal.closesAt <= actor.now) throw conflict(APPEAL_CLOSED_MESSAGE);
    const [cast] = await tx
      .insert(appealVotes)
      .values({ appealId: appeal.id, userId: actor.user.id, vote, createdAt: actor.now })
      .onConflictDoNothing()
      .returning({ userId: appealVotes.userId });
    if (!cast) throw conflict(APPEAL_VOTED_MESSAGE);
    const closed = await closeIfEveryoneVoted(tx, closingBy(actor), appeal, fine);
    return presentWithFine(tx, actor, closed?.appeal ?? appeal, closed?.fine ?? fine);
  });
}

/** Any member reads a fine's appeal (its votes by name only once it has closed). */
export async function getAppeal(db: Database, actor: Actor, fineId: string): Promise<Appeal> {
  await expireFor(db, actor);
  const { fine, appeal } = await appealedFine(db, actor, fineId);
  return presentFor(db, actor, appeal, fine);
}

/** The household's open appeals with their fines, soonest closing first, those past due closed first. */
export async function listOpenAppeals(db: Database, actor: Actor): Promise<AppealWithFine[]> {
  await expireFor(db, actor);
  const rows = await openAppealsOf(db, actor.household.id);
  if (rows.length === 0) return [];
  const members = await currentMemberIds(db, actor.household.id);
  const votes = await votesOn(
    db,
    rows.map((row) => row.appeal.id),
  );
  return rows.map(({ appeal, fine }) => {
    const excluded = nonVoters(fine, appeal);
    const eligibleVoterIds = members.filter((id) => !excluded.includes(id));
    return {
      appeal: presentAppeal(appeal, { eligibleVoterIds, votes }, actor.user.id, actor.now),
      fine: presentFine(fine, actor.publicUrl),
    };
  });
}
