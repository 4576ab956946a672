import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { HOUSEHOLD_ADMIN_ONLY_MESSAGE, HOUSEHOLD_NOT_FOUND_MESSAGE } from "@housemate/contract";
import type { Executor, Transaction } from "../../db/client.js";
import { fines, households, users } from "../../db/schema.js";
import type { HouseholdRow } from "../../lib/access.js";
import { forbidden, notFound } from "../../lib/errors.js";
import { lockHousehold } from "../../lib/household-lock.js";
import type { UserRow } from "../../plugins/auth.js";
import { formatAmount } from "../fines/money-text.js";

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
 * 0006 takes the shared one on the offender of every fine written: a fine being issued to them meanwhile is either
 * committed before this returns (and then seen, and written off), or waits and is refused once this commits.
 */
export async function lockMembership(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`household-member:${userId}`}))`);
}

/** The person's row as it now is, locked until the transaction ends (a second change to them waits for this one). */
export async function lockedUser(tx: Transaction, userId: string): Promise<UserRow | null> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
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
  /** The admin who now reviews the person's disputes; null when there were none to hand over. */
  disputesHandedTo: string | null;
}

/**
 * Settles a departing person's fines inside the caller's transaction (which holds their membership lock): the open
 * fines they owe are written off (status `cancelled` with `reason`, kept in the history and never counted), and the
 * disputes waiting for their review are handed to `reviewerId`, an admin who stays, as are the pending fines they
 * issued (which stay payable, and whose disputes then go to that admin). Paid fines are untouched: they stay in the
 * fund and the history.
 */
export async function settleFines(
  tx: Transaction,
  params: { householdId: string; userId: string; reason: string; reviewerId: string | null; now: Date },
): Promise<FinesSettled> {
  const writtenOff = await tx
    .update(fines)
    .set({ status: "cancelled", cancelReason: params.reason, updatedAt: params.now })
    .where(owedAndOpen(params.householdId, params.userId))
    .returning({ amountMinor: fines.amountMinor });

  // Every open fine they would review moves, not only those disputed now: a pending one disputed later must reach
  // someone who is still here.
  const handedOver = params.reviewerId
    ? await tx
        .update(fines)
        .set({ reviewerId: params.reviewerId })
        .where(
          and(
            eq(fines.householdId, params.householdId),
            inArray(fines.status, ["pending", "disputed"]),
            eq(sql`coalesce(${fines.reviewerId}, ${fines.createdBy})`, params.userId),
          ),
        )
        .returning({ status: fines.status })
    : [];
  const disputesHandedOver = handedOver.filter((fine) => fine.status === "disputed").length;

  return {
    finesWrittenOff: writtenOff.length,
    amountWrittenOffMinor: writtenOff.reduce((sum, fine) => sum + fine.amountMinor, 0),
    disputesHandedOver,
    disputesHandedTo: disputesHandedOver > 0 ? params.reviewerId : null,
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
export function withSettled(sentence: string, settled: FinesSettled, currency: string, reviewerName?: string): string {
  const more = settledText(settled, currency, reviewerName ?? null);
  return more ? `${sentence} ${more}` : sentence;
}
