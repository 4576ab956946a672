import { and, desc, eq, getTableColumns, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { FORMER_MEMBER_NAME, type FineStatus } from "@housemate/contract";
import type { Database, Executor } from "../../db/client.js";
import { preparedPerDatabase } from "../../db/prepared.js";
import { disputes, fineEdits, fines, notificationPreferences, rules, users } from "../../db/schema.js";
import { preferenceOf, recipientFields } from "../notifications/record.js";
import { timestampOf, type PagePosition } from "../../lib/page-cursor.js";
import type { FineRow } from "./presenter.js";

/**
 * Fines cancelled by an accepted dispute stay in the database for history but are never listed (SPEC: removed from
 * the list). Fines written off when their offender left or was removed (a `cancel_reason`) are listed, as
 * `cancelled`, so their issuer sees what became of them (decision 032).
 */
const listed = or(ne(fines.status, "cancelled"), isNotNull(fines.cancelReason));

/** Which fines a list is about: a household's, narrowed to one offender's or one issuer's. */
export interface FineScope {
  householdId: string;
  offenderId?: string | undefined;
  createdBy?: string | undefined;
  /** The member who reviews the fines' disputes: their issuer, or whom the review was handed to (`reviewerOf`). */
  reviewer?: string | undefined;
}

const inScope = (scope: FineScope) =>
  and(
    eq(fines.householdId, scope.householdId),
    scope.offenderId === undefined ? undefined : eq(fines.offenderId, scope.offenderId),
    scope.createdBy === undefined ? undefined : eq(fines.createdBy, scope.createdBy),
    scope.reviewer === undefined
      ? undefined
      : or(eq(fines.reviewerId, scope.reviewer), and(isNull(fines.reviewerId), eq(fines.createdBy, scope.reviewer))),
    listed,
  );

/**
 * One page of the scope's fines, newest first (created_at, then id), from just after `after`; `limit` rows at
 * most. Each row carries its created_at in whole microseconds (`positionMicros`), exactly as stored, for the cursor.
 */
export function listFinesPage(
  db: Executor,
  scope: FineScope,
  page: { limit: number; status?: FineStatus | undefined; after?: PagePosition | undefined },
) {
  const { after } = page;
  return db
    .select({
      ...getTableColumns(fines),
      positionMicros: sql<string>`(extract(epoch from ${fines.createdAt}) * 1000000)::bigint::text`,
    })
    .from(fines)
    .where(
      and(
        inScope(scope),
        page.status === undefined ? undefined : eq(fines.status, page.status),
        // One row comparison, which the (…, created_at desc, id desc) indexes answer as a range.
        after
          ? sql`(${fines.createdAt}, ${fines.id}) < (${timestampOf(after)}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(fines.createdAt), desc(fines.id))
    .limit(page.limit);
}

/** The scope's listed fines counted and summed (exactly, in minor units) by status, in one statement. */
export function countFinesByStatus(db: Executor, scope: FineScope) {
  return db
    .select({
      status: fines.status,
      count: sql<number>`count(*)`.mapWith(Number),
      amountMinor: sql<number>`sum(${fines.amountMinor})`.mapWith(Number),
    })
    .from(fines)
    .where(inScope(scope))
    .groupBy(fines.status);
}

/** Any fine by id, cancelled ones included (so a refusal can say why). */
export async function findFine(db: Executor, fineId: string): Promise<FineRow | null> {
  const [fine] = await db.select().from(fines).where(eq(fines.id, fineId)).limit(1);
  return fine ?? null;
}

export async function findDispute(db: Executor, fineId: string, disputeId: string) {
  const [dispute] = await db
    .select()
    .from(disputes)
    .where(and(eq(disputes.id, disputeId), eq(disputes.fineId, fineId)))
    .limit(1);
  return dispute ?? null;
}

export async function latestDispute(db: Executor, fineId: string) {
  const [dispute] = await db
    .select()
    .from(disputes)
    .where(eq(disputes.fineId, fineId))
    .orderBy(desc(disputes.createdAt), desc(disputes.id))
    .limit(1);
  return dispute ?? null;
}

/** The issuer's changes to a fine, oldest first. */
export function listFineEdits(db: Executor, fineId: string) {
  return db.select().from(fineEdits).where(eq(fineEdits.fineId, fineId)).orderBy(fineEdits.createdAt, fineEdits.id);
}

const offenderAndRule = preparedPerDatabase((db) =>
  db
    .select({
      offender: recipientFields,
      awayUntil: users.awayUntil,
      awayEndsAt: users.awayEndsAt,
      rule: { id: rules.id, title: rules.title },
    })
    .from(users)
    .leftJoin(notificationPreferences, preferenceOf("fine_received"))
    .leftJoin(
      rules,
      and(
        eq(rules.id, sql.placeholder("ruleId")),
        eq(rules.householdId, sql.placeholder("householdId")),
        isNull(rules.deletedAt),
      ),
    )
    .where(
      and(
        eq(users.id, sql.placeholder("offenderId")),
        eq(users.householdId, sql.placeholder("householdId")),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
    .prepare("find_offender_and_rule"),
);

/**
 * Who is fined and under which rule, in one round trip: null when the offender is not a member of the household (a
 * deleted account included); `rule` null when the rule is not one of the household's rules in force. The offender
 * comes as a recipient of `fine_received` (with that preference), so telling them reads nothing more, with the last day
 * they are away (issue 22), so refusing a fine to someone away costs no round trip either. A prepared
 * statement (every issued fine asks it), so it runs on `db`, before the transaction: it only reads, and
 * inside the transaction it would see no more than it does just before it (READ COMMITTED, no lock either way).
 */
export async function findOffenderAndRule(
  db: Database,
  params: { householdId: string; offenderId: string; ruleId: string },
) {
  const [row] = await offenderAndRule(db).execute(params);
  return row ?? null;
}

/** The names and rule title a notification about the fine reads with. */
export async function fineStory(db: Executor, fine: FineRow) {
  const ids = [fine.createdBy, fine.offenderId].filter((id): id is string => id !== null);
  const people = ids.length
    ? await db.select({ id: users.id, name: users.displayName }).from(users).where(inArray(users.id, ids))
    : [];
  const nameOf = (id: string | null) => people.find((person) => person.id === id)?.name ?? FORMER_MEMBER_NAME;
  const [rule] = fine.ruleId
    ? await db.select({ title: rules.title }).from(rules).where(eq(rules.id, fine.ruleId)).limit(1)
    : [];
  return { issuerName: nameOf(fine.createdBy), offenderName: nameOf(fine.offenderId), ruleTitle: rule?.title ?? null };
}

export async function findUser(db: Executor, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user ?? null;
}
