import { and, count, eq } from "drizzle-orm";
import {
  OPEN_PROPOSALS_LIMIT_MESSAGE,
  OPEN_PROPOSALS_MAX,
  ONLY_PROPOSER_WITHDRAWS_MESSAGE,
  PROPOSAL_NOT_FOUND_MESSAGE,
  PROPOSAL_NOT_OPEN_MESSAGE,
  PROPOSAL_OUTCOME_REASONS,
  PROPOSAL_VOTING_DAYS,
  RECEIPT_IMAGE_MESSAGE,
  type CreateProposalBody,
  type Proposal,
  type Vote,
} from "@housemate/contract";
import type { Database, Executor, Transaction } from "../../db/client.js";
import { spendingProposals, spendingVotes } from "../../db/schema.js";
import type { Actor } from "../../lib/access.js";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.js";
import { lockHousehold } from "../../lib/household-lock.js";
import { fromMinor, toMinor } from "../../lib/money.js";
import { personOf, recordActivity } from "../activity/record.js";
import { formatAmount } from "../fines/money-text.js";
import { announceFundChanged, recordNotification } from "../notifications/record.js";
import { filePathFromPublicUrl } from "../storage/file-path.js";
import { ownFinishedUploads } from "../storage/queries.js";
import { conclude, decideByVotes, expireDueProposals, type Deciding } from "./deciding.js";
import { spendingProposedText } from "./notifications.js";
import { presentProposal, type ProposalRow } from "./presenter.js";
import { countMembers, currentMemberIds } from "../households/membership.js";
import { findProposal, listProposalRows, tallies } from "./queries.js";

const DAY_MS = 24 * 60 * 60 * 1000;

const decidingFor = (actor: Actor): Deciding => ({
  householdId: actor.household.id,
  currency: actor.household.currency,
  now: actor.now,
  publicUrl: actor.publicUrl,
  actor: personOf(actor.user),
});

/** What the log's entries about a proposal a member acted on share. */
const activityOf = (actor: Actor, proposal: ProposalRow) => ({
  householdId: proposal.householdId,
  actor: personOf(actor.user),
  subject: { type: "proposal" as const, id: proposal.id },
  at: actor.now,
});
const factsOf = (proposal: ProposalRow) => ({ title: proposal.title, amount: fromMinor(proposal.amountMinor) });

/** Proposals as the API shows them, each with the votes that count. */
async function present(db: Executor, rows: ProposalRow[], publicUrl: string): Promise<Proposal[]> {
  const byId = await tallies(db, rows);
  return rows.flatMap((row) => {
    const tally = byId.get(row.id);
    return tally ? [presentProposal(row, tally, publicUrl)] : [];
  });
}

async function presentOne(db: Executor, row: ProposalRow, publicUrl: string): Promise<Proposal> {
  const [proposal] = await present(db, [row], publicUrl);
  if (!proposal) throw new Error("a proposal could not be presented");
  return proposal;
}

/** The household's open proposals (closing soonest first) or its latest decided ones, those past due failed first. */
export async function listProposals(db: Database, actor: Actor, status: "open" | "decided"): Promise<Proposal[]> {
  await expireDueProposals(db, { now: actor.now, publicUrl: actor.publicUrl, householdId: actor.household.id });
  return present(db, await listProposalRows(db, actor.household.id, status), actor.publicUrl);
}

/**
 * The receipt a client sent as what is stored: the publicUrl of an image the proposer uploaded in the `receipts`
 * category, so nobody can attach someone else's photo or an outside address. Null when there is none.
 */
async function resolveReceipt(db: Executor, actor: Actor, url: string | undefined): Promise<string | null> {
  if (url === undefined || url === "") return null;
  const path = filePathFromPublicUrl(actor.publicUrl, url);
  const owned = path
    ? await ownFinishedUploads(db, { userId: actor.user.id, category: "receipts", filePaths: [path] })
    : [];
  if (!path || owned.length !== 1) throw badRequest(RECEIPT_IMAGE_MESSAGE);
  return path;
}

/**
 * A member proposes spending: the proposal with the proposer's yes, under the household's lock so the cap on open
 * proposals holds. The other members are told; a household of one has already decided it.
 */
export async function createProposal(
  db: Database,
  actor: Actor,
  body: Omit<CreateProposalBody, "note"> & { note: string },
): Promise<Proposal> {
  const receiptPath = await resolveReceipt(db, actor, body.receipt_url);
  return db.transaction(async (tx) => {
    await lockHousehold(tx, actor.household.id);
    const [open] = await tx
      .select({ count: count() })
      .from(spendingProposals)
      .where(and(eq(spendingProposals.householdId, actor.household.id), eq(spendingProposals.status, "open")));
    if ((open?.count ?? 0) >= OPEN_PROPOSALS_MAX) throw conflict(OPEN_PROPOSALS_LIMIT_MESSAGE);

    const [created] = await tx
      .insert(spendingProposals)
      .values({
        householdId: actor.household.id,
        proposedBy: actor.user.id,
        title: body.title,
        amountMinor: toMinor(body.amount),
        // Trimmed, and null when there is none.
        note: body.note.trim() || null,
        receiptPath,
        status: "open",
        closesAt: new Date(actor.now.getTime() + PROPOSAL_VOTING_DAYS * DAY_MS),
        createdAt: actor.now,
        updatedAt: actor.now,
      })
      .returning();
    if (!created) throw new Error("proposal insert returned no row");
    await recordActivity(tx, { ...activityOf(actor, created), kind: "proposal.created", details: factsOf(created) });
    await tx.insert(spendingVotes).values({
      proposalId: created.id,
      userId: actor.user.id,
      vote: "yes",
      createdAt: actor.now,
      updatedAt: actor.now,
    });

    const others = (await currentMemberIds(tx, actor.household.id)).filter((id) => id !== actor.user.id);
    const text = spendingProposedText({
      proposerName: actor.user.displayName,
      title: created.title,
      amount: formatAmount(created.amountMinor, actor.household.currency),
    });
    await recordNotification(
      tx,
      {
        type: "spending_proposed",
        householdId: actor.household.id,
        recipientIds: others,
        ...text,
      },
      actor.publicUrl,
    );
    const decided = await decideByVotes(tx, decidingFor(actor), created);
    await announceFundChanged(tx, [actor.household.id]);
    return presentOne(tx, decided, actor.publicUrl);
  });
}

/** The proposal, locked for the transaction, which must be the household's (else 404, so ids from elsewhere reveal nothing). */
async function lockedProposal(tx: Transaction, actor: Actor, proposalId: string): Promise<ProposalRow> {
  const proposal = await findProposal(tx, actor.household.id, proposalId, true);
  if (!proposal) throw notFound(PROPOSAL_NOT_FOUND_MESSAGE);
  return proposal;
}

const isOpen = (proposal: ProposalRow, now: Date) => proposal.status === "open" && proposal.closesAt > now;

/** A member votes, or changes their vote, on an open proposal; the votes then decide it if they can. */
export async function voteOnProposal(db: Database, actor: Actor, proposalId: string, vote: Vote): Promise<Proposal> {
  await expireDueProposals(db, { now: actor.now, publicUrl: actor.publicUrl, householdId: actor.household.id });
  return db.transaction(async (tx) => {
    // The household first, as its departures and the expiry lock it first: a vote waits for a member leaving (and
    // then counts without them) instead of locking the proposal they must re-decide. Then the proposal: of concurrent
    // votes each counts the others', and it is decided once.
    await lockHousehold(tx, actor.household.id);
    const proposal = await lockedProposal(tx, actor, proposalId);
    if (!isOpen(proposal, actor.now)) throw conflict(PROPOSAL_NOT_OPEN_MESSAGE);
    const [cast] = await tx
      .select({ vote: spendingVotes.vote })
      .from(spendingVotes)
      .where(and(eq(spendingVotes.proposalId, proposal.id), eq(spendingVotes.userId, actor.user.id)));
    // The same vote cast again changes nothing, so it is neither written nor logged.
    if (cast?.vote !== vote) {
      await tx
        .insert(spendingVotes)
        .values({ proposalId: proposal.id, userId: actor.user.id, vote, createdAt: actor.now, updatedAt: actor.now })
        .onConflictDoUpdate({
          target: [spendingVotes.proposalId, spendingVotes.userId],
          set: { vote, updatedAt: actor.now },
        });
      await recordActivity(tx, {
        ...activityOf(actor, proposal),
        kind: "proposal.voted",
        details: { ...factsOf(proposal), vote },
      });
    }
    const decided = await decideByVotes(tx, decidingFor(actor), proposal);
    await announceFundChanged(tx, [actor.household.id]);
    return presentOne(tx, decided, actor.publicUrl);
  });
}

/** The proposer withdraws their open proposal. */
export async function withdrawProposal(db: Database, actor: Actor, proposalId: string): Promise<Proposal> {
  await expireDueProposals(db, { now: actor.now, publicUrl: actor.publicUrl, householdId: actor.household.id });
  return db.transaction(async (tx) => {
    await lockHousehold(tx, actor.household.id);
    const proposal = await lockedProposal(tx, actor, proposalId);
    if (proposal.proposedBy !== actor.user.id) throw forbidden(ONLY_PROPOSER_WITHDRAWS_MESSAGE);
    if (!isOpen(proposal, actor.now)) throw conflict(PROPOSAL_NOT_OPEN_MESSAGE);
    const withdrawn = await conclude(tx, decidingFor(actor), proposal, {
      status: "withdrawn",
      reason: PROPOSAL_OUTCOME_REASONS.withdrawn,
      memberCount: await countMembers(tx, actor.household.id),
      byProposer: true,
    });
    await announceFundChanged(tx, [actor.household.id]);
    return presentOne(tx, withdrawn, actor.publicUrl);
  });
}
