import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { HOUSEHOLD_ADMIN_ONLY_MESSAGE, HOUSEHOLD_NOT_FOUND_MESSAGE } from "@housemate/contract";
import type { Executor, Transaction } from "../../db/client.js";
import { fines, households, users } from "../../db/schema.js";
import type { HouseholdRow } from "../../lib/access.js";
import { forbidden, notFound } from "../../lib/errors.js";
import { lockHousehold } from "../../lib/household-lock.js";
import type { UserRow } from "../../plugins/auth.js";
import { formatAmount } from "../fines/money-text.js";
import { recordWriteOffs } from "../activity/facts.js";
import type { ActivityPerson } from "@housemate/contract";

/**
 * What the changes to a household's membership share (issue 16, docs/decisions/032): leaving (leaving.ts), removal
 * (removal.ts), roles (roles.ts) and account deletion. Each is one transaction that takes its locks first, always in
 * the same order (the departing person's membership, then the household's row, then the people's rows), re-reads the
 * people involved under them, and only then checks its rules: of two changes racing, the second sees what the first
 * did, so there is exactly one outcome and no deadlock. And what happens to someone's fines when they stop being a
 * member, so that no fine is ever stuck where nobody can act on it.
 */

/**
 * Takes the exclusive membership lock on a person for the rest of the transaction. The fines trigger of migration
 * 0007 takes the shared one on the offender and on the issuer of every fine written: a fine being issued to or by
 * them meanwhile is either committed before this returns (and then seen, and written off or handed over), or waits
 * and is refused once this commits.
 */
export async function lockMembership(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`household-member:${userId}`}))`);
}

/**
 * The person's row as it now is, locked until the transaction ends (a second change to them waits for this one). In
 * NO KEY UPDATE mode: a write that cites them (a notification to them, whose foreign key takes KEY SHARE) while holding
 * their household's lock must not wait for this one, which waits for that household lock next.
 */
export async function lockedUser(tx: Transaction, userId: string): Promise<UserRow | null> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("no key update");
  return user ?? null;
}

/** The household's current members, longest-standing first (a member's joined date, else their account's). */
export async function currentMembers(tx: Executor, householdId: string): Promise<UserRow[]> {
  return tx
    .select()
    .from(users)
    .where(and(eq(users.householdId, householdId), isNull(users.deletedAt)))
    .orderBy(asc(sql`coalesce(${users.joinedAt}, ${users.createdAt})`), asc(users.id));
}

/** Fines the person owes in the household that are still open: pending or disputed. */
const owedAndOpen = (householdId: string, userId: string) =>
  and(eq(fines.householdId, householdId), eq(fines.offenderId, userId), inArray(fines.status, ["pending", "disputed"]));

/** How many open fines the person owes in the household. */
export async function countOpenFinesOwed(tx: Executor, householdId: string, userId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(fines)
    .where(owedAndOpen(householdId, userId));
  return row?.count ?? 0;
}

export interface FinesSettled {
  finesWrittenOff: number;
  amountWrittenOffMinor: number;
  disputesHandedOver: number;
  /** Who now reviews most of the person's disputes; null when there were none to hand over. */
  disputesHandedTo: string | null;
  /** Open fines the person issued that nobody neutral was left to review: written off too (not in the counts above). */
  issuedWrittenOff: number;
}

/**
 * Who may take over the reviews of a departing person, in order: `preferred` (an admin who stays, or the acting
 * admin), then the other admins, then the other members, longest-standing first. A fine goes to the first of them who
 * is not its offender: nobody ever reviews a dispute of a fine they owe.
 */
export function reviewersInOrder(members: UserRow[], departingId: string, preferred: UserRow | null): UserRow[] {
  const others = members.filter((member) => member.id !== departingId && member.id !== preferred?.id);
  return [
    ...(preferred && preferred.id !== departingId ? [preferred] : []),
    ...others.filter((member) => member.isAdmin),
    ...others.filter((member) => !member.isAdmin),
  ];
}

/**
 * Settles a departing person's fines inside the caller's transaction (which holds their membership lock): the open
 * fines they owe are written off (status `cancelled` with `reason`, kept in the history and never counted), and the
 * open fines they issued or were to review go, each, to the first of `reviewers` who is not its offender (which stay
 * payable, and whose disputes then go to that person). A fine whose offender is the only one left to review it is
 * written off with `reason` as well: no one may judge their own dispute. Paid fines are untouched: they stay in the
 * fund and the history.
 */
export async function settleFines(
  tx: Transaction,
  params: {
    householdId: string;
    userId: string;
    reason: string;
    reviewers: UserRow[];
    now: Date;
    /** Who made the departure, for the log's `fine.written_off` entries. */
    actor: ActivityPerson;
  },
): Promise<FinesSettled> {
  const writtenOff = await tx
    .update(fines)
    .set({ status: "cancelled", cancelReason: params.reason, updatedAt: params.now })
    .where(owedAndOpen(params.householdId, params.userId))
    .returning({ id: fines.id, amountMinor: fines.amountMinor });

  // Every open fine they would review moves, not only those disputed now: a pending one disputed later must reach
  // someone who is still here. Locked, so a dispute or payment arriving meanwhile waits for the handover.
  const toReview = await tx
    .select({ id: fines.id, offenderId: fines.offenderId, status: fines.status })
    .from(fines)
    .where(
      and(
        eq(fines.householdId, params.householdId),
        inArray(fines.status, ["pending", "disputed"]),
        eq(sql`coalesce(${fines.reviewerId}, ${fines.createdBy})`, params.userId),
      ),
    )
    .for("update");
  const byReviewer = new Map<string | null, string[]>();
  const disputesTo = new Map<string, number>();
  for (const fine of toReview) {
    const reviewer = params.reviewers.find((candidate) => candidate.id !== fine.offenderId)?.id ?? null;
    byReviewer.set(reviewer, [...(byReviewer.get(reviewer) ?? []), fine.id]);
    if (reviewer && fine.status === "disputed") disputesTo.set(reviewer, (disputesTo.get(reviewer) ?? 0) + 1);
  }
  for (const [reviewer, ids] of byReviewer) {
    await tx
      .update(fines)
      .set(
        reviewer
          ? { reviewerId: reviewer }
          : { status: "cancelled", cancelReason: params.reason, updatedAt: params.now },
      )
      .where(inArray(fines.id, ids));
  }
  const [mostDisputes] = [...disputesTo].sort((a, b) => b[1] - a[1]);
  await recordWriteOffs(tx, {
    fineIds: [...writtenOff.map((fine) => fine.id), ...(byReviewer.get(null) ?? [])],
    reason: params.reason,
    actor: params.actor,
    at: params.now,
  });

  return {
    finesWrittenOff: writtenOff.length,
    amountWrittenOffMinor: writtenOff.reduce((sum, fine) => sum + fine.amountMinor, 0),
    disputesHandedOver: [...disputesTo.values()].reduce((sum, count) => sum + count, 0),
    disputesHandedTo: mostDisputes?.[0] ?? null,
    issuedWrittenOff: byReviewer.get(null)?.length ?? 0,
  };
}

/** Takes the person out of the household: no household, no role, no joined date. */
export async function detachMember(tx: Transaction, userId: string, now: Date): Promise<UserRow> {
  const [detached] = await tx
    .update(users)
    .set({ householdId: null, isAdmin: false, joinedAt: null, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  if (!detached) throw new Error("member vanished while leaving");
  return detached;
}

/** The admin who takes over what a departing person leaves: the longest-standing other admin, if any. */
export function successorAdmin(members: UserRow[], departingId: string): UserRow | null {
  return members.find((member) => member.isAdmin && member.id !== departingId) ?? null;
}

/** The other members, who are told of a departure. */
export const othersThan = (members: UserRow[], ...ids: string[]) =>
  members.filter((member) => !ids.includes(member.id)).map((member) => member.id);

/** The part of a departure's message about fines: empty when nothing was written off or handed over. */
export function settledText(settled: FinesSettled, currency: string, reviewerName: string | null): string {
  const parts: string[] = [];
  if (settled.finesWrittenOff > 0) {
    const fineWord = settled.finesWrittenOff === 1 ? "fine" : "fines";
    parts.push(
      `${settled.finesWrittenOff} ${fineWord} they owed (${formatAmount(settled.amountWrittenOffMinor, currency)}) ` +
        `written off.`,
    );
  }
  if (settled.disputesHandedOver > 0 && reviewerName) {
    const disputeWord = settled.disputesHandedOver === 1 ? "dispute" : "disputes";
    parts.push(`${settled.disputesHandedOver} ${disputeWord} to review handed to ${reviewerName}.`);
  }
  if (settled.issuedWrittenOff > 0) {
    const fineWord = settled.issuedWrittenOff === 1 ? "fine" : "fines";
    parts.push(`${settled.issuedWrittenOff} ${fineWord} they issued written off: nobody else was left to review them.`);
  }
  return parts.join(" ");
}

/** Admins other than `userId` among the members (for the last-admin rules). */
export const otherAdmins = (members: UserRow[], userId: string) =>
  members.filter((member) => member.isAdmin && member.id !== userId);

/** What every change to a household's membership is given: which household, the app's clock, the public URL. */
export interface Change {
  householdId: string;
  now: Date;
  publicUrl: string;
}

/** The household's row, locked for the transaction: membership changes of one household happen one at a time. */
export async function lockedHousehold(tx: Transaction, householdId: string): Promise<HouseholdRow> {
  await lockHousehold(tx, householdId);
  const [household] = await tx.select().from(households).where(eq(households.id, householdId)).limit(1);
  if (!household) throw notFound(HOUSEHOLD_NOT_FOUND_MESSAGE);
  return household;
}

/** The caller as they now are: still a member (else 403 as for any outsider) and, if asked, still an admin. */
export async function stillMember(
  tx: Transaction,
  userId: string,
  householdId: string,
  admin: boolean,
): Promise<UserRow> {
  const user = await lockedUser(tx, userId);
  if (!user || user.deletedAt || user.householdId !== householdId) throw forbidden();
  if (admin && !user.isAdmin) throw forbidden(HOUSEHOLD_ADMIN_ONLY_MESSAGE);
  return user;
}

/** What a departure did: the person, and what became of their fines. */
export interface Departed extends FinesSettled {
  userId: string;
}

/** A sentence about a departure, followed by what became of the fines (nothing when nothing did). */
export function withSettled(sentence: string, settled: FinesSettled, currency: string, members: UserRow[]): string {
  const reviewer = members.find((member) => member.id === settled.disputesHandedTo);
  const more = settledText(settled, currency, reviewer?.displayName ?? null);
  return more ? `${sentence} ${more}` : sentence;
}
