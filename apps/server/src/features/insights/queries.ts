import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import { FORMER_MEMBER_NAME, INSIGHTS_TOP_RULES } from "@housemate/contract";
import type { Executor } from "../../db/client.js";
import type { PgColumn } from "drizzle-orm/pg-core";
import { disputes, fines, rules, users } from "../../db/schema.js";
import { disputeOutcome } from "../fines/dispute-outcome.js";

/** The period asked about, as instants: `start` included, `end` (the day after the last) excluded. */
export interface Period {
  householdId: string;
  start: Date;
  end: Date;
  /** The zone months, weekdays and hours are counted in (an IANA name PostgreSQL knows). */
  timeZone: string;
}

// count() and sum() come back as bigint or numeric, which the drivers hand over as strings.
const countOf = (filter?: SQL) =>
  (filter ? sql<number>`count(*) filter (where ${filter})` : sql<number>`count(*)`).mapWith(Number);
const minorOf = (filter?: SQL) =>
  (filter
    ? sql<number>`coalesce(sum(${fines.amountMinor}) filter (where ${filter}), 0)`
    : sql<number>`coalesce(sum(${fines.amountMinor}), 0)`
  ).mapWith(Number);

/** A household's span of time, `start` included and `end` excluded: what the fine rules below count in. */
export type FineSpan = Pick<Period, "householdId" | "start" | "end">;

const inHousehold = (span: FineSpan) => eq(fines.householdId, span.householdId);
const during = (column: PgColumn, span: FineSpan) => and(gte(column, span.start), lt(column, span.end));

/**
 * The one rule, for Insights and the weekly digest alike, of which fines were issued in a span: those created in it,
 * whatever became of them since (a cancelled one too: it was issued).
 */
export const issuedIn = (span: FineSpan) => and(inHousehold(span), during(fines.createdAt, span));

/** And of which were paid in it: those paid now whose payment fell in it. */
export const paidIn = (span: FineSpan) => and(inHousehold(span), eq(fines.status, "paid"), during(fines.paidAt, span));

const monthOf = (column: PgColumn, period: Period) =>
  sql<string>`to_char(${column} at time zone ${period.timeZone}, 'YYYY-MM')`;

// Grouped by position: the same expression written again would carry its own parameters ($1 and $4 for the one time
// zone), which PostgreSQL cannot tell are the selected expression.
const byFirstColumn = sql`1`;
const byFirstTwoColumns = sql`1, 2`;

export interface MonthTallies {
  month: string;
  count: number;
  minor: number;
}

/**
 * Fines per month in three series, each counted when its event happened: issued (created_at), paid (paid_at) and
 * cancelled (updated_at: a cancelled fine is never changed again, so its last change is its cancellation).
 */
export function finesByMonth(db: Executor, period: Period) {
  const series = (column: PgColumn, counted: SQL | undefined) => {
    const month = monthOf(column, period);
    return db.select({ month, count: countOf(), minor: minorOf() }).from(fines).where(counted).groupBy(byFirstColumn);
  };
  return Promise.all([
    series(fines.createdAt, issuedIn(period)),
    series(fines.paidAt, paidIn(period)),
    series(fines.updatedAt, and(inHousehold(period), during(fines.updatedAt, period), eq(fines.status, "cancelled"))),
  ]);
}

/** What each person received (owed, paid) and issued in the period, cancelled fines left out. */
export function amountsByPerson(db: Executor, period: Period) {
  const live = and(issuedIn(period), ne(fines.status, "cancelled"));
  return Promise.all([
    db
      .select({
        userId: fines.offenderId,
        owedMinor: minorOf(sql`${fines.status} in ('pending', 'disputed')`),
        paidMinor: minorOf(sql`${fines.status} = 'paid'`),
      })
      .from(fines)
      .where(and(live, isNotNull(fines.offenderId)))
      .groupBy(fines.offenderId),
    db
      .select({ userId: fines.createdBy, issuedMinor: minorOf() })
      .from(fines)
      .where(and(live, isNotNull(fines.createdBy)))
      .groupBy(fines.createdBy),
  ]);
}

/** The rules most fined in the period (cancelled fines left out): most fines first, then the larger sum. */
export function mostBrokenRules(db: Executor, period: Period) {
  const count = countOf();
  const minor = minorOf();
  return db
    .select({ ruleId: fines.ruleId, count, minor })
    .from(fines)
    .where(and(issuedIn(period), ne(fines.status, "cancelled"), isNotNull(fines.ruleId)))
    .groupBy(fines.ruleId)
    .orderBy(desc(count), desc(minor), asc(fines.ruleId))
    .limit(INSIGHTS_TOP_RULES);
}

/**
 * The household's current members, the names of these other people (who left, or deleted their accounts), and the
 * titles of these rules, as they are now (none is kept with the figures: a rename changes no fine), in one statement:
 * on the embedded database each statement waits for the one before. A person is named as everywhere else: by their
 * name, or 'Former member' once their account is deleted (someone who only left keeps their name).
 */
export async function membersAndRuleTitles(db: Executor, householdId: string, ruleIds: string[], peopleIds: string[]) {
  const kind = (name: "member" | "person" | "rule") => sql<"member" | "person" | "rule">`${name}`.as("kind");
  const named = sql<string>`case when ${users.deletedAt} is null then ${users.displayName} else ${FORMER_MEMBER_NAME} end`;
  let query = db
    .select({ id: users.id, name: users.displayName, kind: kind("member") })
    .from(users)
    // A deleted account keeps its householdId (its fines still name it) but is no member any more.
    .where(and(eq(users.householdId, householdId), isNull(users.deletedAt)))
    .$dynamic();
  if (peopleIds.length > 0) {
    query = query.unionAll(
      db
        .select({ id: users.id, name: named.as("name"), kind: kind("person") })
        .from(users)
        .where(inArray(users.id, peopleIds)),
    );
  }
  if (ruleIds.length > 0) {
    query = query.unionAll(
      db
        .select({ id: rules.id, name: rules.title, kind: kind("rule") })
        .from(rules)
        .where(and(eq(rules.householdId, householdId), inArray(rules.id, ruleIds))),
    );
  }
  const rows = await query;
  return {
    // By name, then id, so the order holds between calls.
    members: rows
      .filter((row) => row.kind === "member")
      .map((row) => ({ userId: row.id, name: row.name }))
      .sort((a, b) => a.name.localeCompare(b.name, "en") || a.userId.localeCompare(b.userId)),
    peopleNames: new Map(rows.filter((row) => row.kind === "person").map((row) => [row.id, row.name])),
    ruleTitles: new Map(rows.filter((row) => row.kind === "rule").map((row) => [row.id, row.name])),
  };
}

/** The median hours from issue to payment of the fines paid in the period; null when none was. */
export async function medianHoursToPay(db: Executor, period: Period): Promise<number | null> {
  const [row] = await db
    .select({
      hours: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${fines.paidAt} - ${fines.createdAt})) / 3600`.mapWith(
        (value: unknown) => (value === null ? null : Number(value)),
      ),
    })
    .from(fines)
    .where(paidIn(period));
  return row?.hours ?? null;
}

/** Fines issued in the period, how many were disputed, and each disputed fine's latest dispute's status. */
export async function disputeFigures(db: Executor, period: Period) {
  const issuedInPeriod = issuedIn(period);
  const disputed = sql`exists (select 1 from ${disputes} where ${disputes.fineId} = ${fines.id})`;
  const latest = db
    .selectDistinctOn([disputes.fineId], { status: disputeOutcome(disputes.status, fines.status).as("status") })
    .from(disputes)
    .innerJoin(fines, eq(fines.id, disputes.fineId))
    .where(issuedInPeriod)
    .orderBy(disputes.fineId, desc(disputes.createdAt), desc(disputes.id))
    .as("latest");
  const [[totals], outcomes] = await Promise.all([
    db
      .select({ issued: countOf(), disputed: countOf(disputed) })
      .from(fines)
      .where(issuedInPeriod),
    db.select({ status: latest.status, count: countOf() }).from(latest).groupBy(latest.status),
  ]);
  return { issued: totals?.issued ?? 0, disputed: totals?.disputed ?? 0, outcomes };
}

/** When each person last received a fine in the household (any time, cancelled fines left out). */
export function lastFineReceived(db: Executor, householdId: string) {
  return db
    .select({
      userId: fines.offenderId,
      atMs: sql<number>`extract(epoch from max(${fines.createdAt})) * 1000`.mapWith(Number),
    })
    .from(fines)
    .where(and(eq(fines.householdId, householdId), isNotNull(fines.offenderId), ne(fines.status, "cancelled")))
    .groupBy(fines.offenderId);
}

/** Fines issued in the period by ISO weekday (1 is Monday) and hour, in the period's zone. */
export function finesByWeekdayAndHour(db: Executor, period: Period) {
  const local = sql`(${fines.createdAt} at time zone ${period.timeZone})`;
  const weekday = sql<number>`extract(isodow from ${local})::int`.mapWith(Number);
  const hour = sql<number>`extract(hour from ${local})::int`.mapWith(Number);
  return db.select({ weekday, hour, count: countOf() }).from(fines).where(issuedIn(period)).groupBy(byFirstTwoColumns);
}
