import { and, asc, eq, inArray, isNull, notInArray } from "drizzle-orm";
import { APPEAL_VOTES, type AppealVote } from "@housemate/contract";
import type { Executor } from "../../db/client.js";
import { appealVotes, fineAppeals, fines, users } from "../../db/schema.js";
import type { FineRow } from "../fines/presenter.js";

export type AppealRow = typeof fineAppeals.$inferSelect;

/** A vote as the appeal shows it once closed: the voter's name now, or none when their account is gone. */
export interface CastVote {
  appealId: string;
  userId: string;
  name: string;
  deleted: boolean;
  vote: AppealVote;
}

/** The fine's appeal, if it has one; locked for the transaction when asked. */
export async function findAppealOfFine(db: Executor, fineId: string, lock = false): Promise<AppealRow | null> {
  const query = db.select().from(fineAppeals).where(eq(fineAppeals.fineId, fineId));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** Who does not vote on the fine's appeal: its issuer, the member who declined the dispute, and the person fined. */
export const nonVoters = (fine: Pick<FineRow, "createdBy" | "offenderId">, appeal: Pick<AppealRow, "declinedBy">) =>
  [fine.createdBy, appeal.declinedBy, fine.offenderId].filter((id): id is string => id !== null);

/**
 * The members who may vote on an appeal now: the household's current members but its non-voters and, during a
 * departure, the person leaving (whose account is not detached yet).
 */
export async function eligibleVoterIds(
  db: Executor,
  params: { householdId: string; excluded: string[]; departingId?: string | null },
): Promise<string[]> {
  const excluded = [...params.excluded, ...(params.departingId ? [params.departingId] : [])];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.householdId, params.householdId),
        isNull(users.deletedAt),
        ...(excluded.length > 0 ? [notInArray(users.id, excluded)] : []),
      ),
    );
  return rows.map((row) => row.id);
}

/** The votes cast on these appeals, in the order they were cast. */
export async function votesOn(db: Executor, appealIds: string[]): Promise<CastVote[]> {
  if (appealIds.length === 0) return [];
  const rows = await db
    .select({
      appealId: appealVotes.appealId,
      userId: appealVotes.userId,
      vote: appealVotes.vote,
      name: users.displayName,
      deletedAt: users.deletedAt,
    })
    .from(appealVotes)
    .innerJoin(users, eq(users.id, appealVotes.userId))
    .where(inArray(appealVotes.appealId, appealIds))
    .orderBy(asc(appealVotes.createdAt), asc(appealVotes.userId));
  return rows.map((row) => ({
    appealId: row.appealId,
    userId: row.userId,
    name: row.name,
    deleted: row.deletedAt !== null,
    vote: voteOf(row.vote),
  }));
}

/** The stored vote (the table's CHECK allows only these). */
const voteOf = (stored: string): AppealVote => APPEAL_VOTES.find((vote) => vote === stored) ?? "uphold";

/** The household's open appeals with their fines, soonest closing first. */
export function openAppealsOf(db: Executor, householdId: string) {
  return db
    .select({ appeal: fineAppeals, fine: fines })
    .from(fineAppeals)
    .innerJoin(fines, eq(fines.id, fineAppeals.fineId))
    .where(and(eq(fineAppeals.householdId, householdId), eq(fineAppeals.status, "open")))
    .orderBy(asc(fineAppeals.closesAt), asc(fineAppeals.id));
}
