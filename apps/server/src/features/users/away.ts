import { eq } from "drizzle-orm";
import { awayDateProblem, awayEndsAt } from "@housemate/contract";
import type { Transaction } from "../../db/client.js";
import { users } from "../../db/schema.js";
import { badRequest } from "../../lib/errors.js";
import { personOf, recordActivity } from "../activity/record.js";
import { announceHouseholdChanged } from "../notifications/record.js";

/**
 * Away mode (issue 22, docs/decisions/054): the date is the person's own, so it is set on their profile and kept when
 * they leave or are removed; only deleting the account clears it.
 */

/**
 * Refuses an away date in the past or too far ahead in the person's zone, on the server's clock: the field's 400.
 * Answers when that away ends (`away_ends_at`: the start of the next day in their zone), null when they are back.
 */
export function checkAwayDate(awayUntil: string | null | undefined, timeZone: string, now: Date): Date | null {
  if (awayUntil === undefined || awayUntil === null) return null;
  const problem = awayDateProblem(awayUntil, timeZone, now);
  if (problem) throw badRequest(problem, [{ path: "body.away_until", message: problem }]);
  return awayEndsAt(awayUntil, timeZone);
}

/**
 * Locks the person's row and answers their away date as it is now: the `from` of the change the caller is about to
 * make, exact even when two changes race (the second waits for the first and reads what it wrote). NO KEY UPDATE, as
 * the UPDATE itself takes: a fine being issued to them (whose foreign key takes KEY SHARE) does not wait for it.
 */
export async function lockedAwayDate(tx: Transaction, userId: string): Promise<string | null | undefined> {
  const [row] = await tx
    .select({ awayUntil: users.awayUntil })
    .from(users)
    .where(eq(users.id, userId))
    .for("no key update");
  return row?.awayUntil;
}

/**
 * A change of away date, told in the caller's transaction: one entry in the household's log, and every member's open
 * sockets told to reload the member list (where the badge shows). Someone in no household only changes their profile.
 */
export async function recordAwayChange(
  tx: Transaction,
  change: {
    member: { id: string; displayName: string; householdId: string | null };
    from: string | null;
    to: string | null;
    now: Date;
  },
): Promise<void> {
  const { member } = change;
  if (member.householdId === null) return;
  await recordActivity(tx, {
    householdId: member.householdId,
    kind: "member.away_changed",
    actor: personOf(member),
    subject: { type: "member", id: member.id },
    details: { member: personOf(member), from: change.from, to: change.to },
    at: change.now,
  });
  await announceHouseholdChanged(tx, [member.householdId]);
}
