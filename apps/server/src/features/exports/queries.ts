import { and, asc, eq, gte, isNull, lt, min, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { FORMER_MEMBER_NAME } from "@housemate/contract";
import type { Executor } from "../../db/client.js";
import { fines, rules, users } from "../../db/schema.js";
import { timestampOf, type PagePosition } from "../../lib/page-cursor.js";
import { disputeOutcome } from "../fines/dispute-outcome.js";
import type { ExportScope } from "./period.js";

/** How many fines one query reads: an export is written batch by batch, never held whole. */
export const EXPORT_BATCH_SIZE = 500;

const offender = alias(users, "offender");
const issuer = alias(users, "issuer");

/** A person as an export names them: their current name, or 'Former member' once the account is deleted. */
const nameOf = (person: typeof offender | typeof issuer) =>
  sql<string>`case when ${person.id} is null or ${person.deletedAt} is not null then ${FORMER_MEMBER_NAME} else ${person.displayName} end`;

const inScope = (scope: ExportScope) =>
  and(
    eq(fines.householdId, scope.householdId),
    scope.offenderId === undefined ? undefined : eq(fines.offenderId, scope.offenderId),
    scope.start === undefined ? undefined : gte(fines.createdAt, scope.start),
    scope.end === undefined ? undefined : lt(fines.createdAt, scope.end),
  );

/** One batch of the scope's fines, oldest first, from just after `after`: what a row of an export shows. */
function fineBatch(db: Executor, scope: ExportScope, limit: number, after: PagePosition | undefined) {
  return db
    .select({
      id: fines.id,
      createdAt: fines.createdAt,
      positionMicros: sql<string>`(extract(epoch from ${fines.createdAt}) * 1000000)::bigint::text`,
      rule: rules.title,
      offender: nameOf(offender),
      issuer: nameOf(issuer),
      amountMinor: fines.amountMinor,
      status: fines.status,
      cancelReason: fines.cancelReason,
      paidAt: fines.paidAt,
      description: fines.description,
      // The latest dispute decides the outcome shown (a fine is disputed at most once today), read as Insights reads it.
      disputeOutcome: disputeOutcome(
        sql`(select d.status from disputes d where d.fine_id = ${fines.id} order by d.created_at desc, d.id desc limit 1)`,
        fines.status,
      ),
    })
    .from(fines)
    .leftJoin(rules, eq(rules.id, fines.ruleId))
    .leftJoin(offender, eq(offender.id, fines.offenderId))
    .leftJoin(issuer, eq(issuer.id, fines.createdBy))
    .where(
      and(
        inScope(scope),
        // The keyset of decision 022, read forwards: exact to the microsecond, so no fine is skipped or repeated.
        after
          ? sql`(${fines.createdAt}, ${fines.id}) > (${timestampOf(after)}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(fines.createdAt), asc(fines.id))
    .limit(limit);
}

export type ExportFine = Awaited<ReturnType<typeof fineBatch>>[number];

/**
 * The scope's fines, oldest first, a batch at a time: the next batch is read only when the previous one was taken,
 * so a slow download holds one batch, not the household's history.
 */
export async function* exportFineBatches(
  db: Executor,
  scope: ExportScope,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<ExportFine[]> {
  let after: PagePosition | undefined;
  for (;;) {
    const batch = await fineBatch(db, scope, batchSize, after);
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (!last || batch.length < batchSize) return;
    after = { micros: last.positionMicros, id: last.id };
  }
}

/**
 * The batches with the first already read: a failing query is still the catalogue's 500 before any header is sent,
 * rather than a download cut short. The rest are read as they are asked for.
 */
export async function withFirstBatchRead(batches: AsyncGenerator<ExportFine[]>): Promise<AsyncIterable<ExportFine[]>> {
  const first = await batches.next();
  return {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      yield* batches;
    },
  };
}

/** The day of the scope's first fine (for a period with no start), or null when it has none. */
export async function firstFineAt(db: Executor, scope: ExportScope): Promise<Date | null> {
  const [row] = await db
    .select({ first: min(fines.createdAt) })
    .from(fines)
    .where(inScope(scope));
  return row?.first ?? null;
}

export interface MemberTotals {
  memberId: string | null;
  name: string;
  /** Every fine issued to them in the period but those cancelled or written off: paid + owed. */
  issuedMinor: number;
  paidMinor: number;
  /** Pending and disputed fines. */
  owedMinor: number;
}

/**
 * Each offender's totals over the scope in one statement, and, when the export is not one member's, every current
 * member too (with nothing, if they had no fines), so the statement lists the whole household. By name.
 */
export async function memberTotals(db: Executor, scope: ExportScope): Promise<MemberTotals[]> {
  const sumWhere = (condition: ReturnType<typeof sql>) =>
    sql<number>`coalesce(sum(${fines.amountMinor}) filter (where ${condition}), 0)`.mapWith(Number);
  const [totals, members] = await Promise.all([
    db
      .select({
        memberId: fines.offenderId,
        name: nameOf(offender),
        issuedMinor: sumWhere(sql`${fines.status} <> 'cancelled'`),
        paidMinor: sumWhere(sql`${fines.status} = 'paid'`),
        owedMinor: sumWhere(sql`${fines.status} in ('pending', 'disputed')`),
      })
      .from(fines)
      .leftJoin(offender, eq(offender.id, fines.offenderId))
      .where(inScope(scope))
      .groupBy(fines.offenderId, offender.id),
    scope.offenderId === undefined
      ? db
          .select({ memberId: users.id, name: users.displayName })
          .from(users)
          // A deleted account keeps its householdId (its fines still name it) but is no member any more.
          .where(and(eq(users.householdId, scope.householdId), isNull(users.deletedAt)))
      : Promise.resolve([]),
  ]);
  const byMember = new Map<string | null, MemberTotals>(totals.map((row) => [row.memberId, row]));
  for (const member of members) {
    if (!byMember.has(member.memberId))
      byMember.set(member.memberId, { ...member, issuedMinor: 0, paidMinor: 0, owedMinor: 0 });
  }
  return [...byMember.values()].sort((a, b) => a.name.localeCompare(b.name, "en-GB"));
}
