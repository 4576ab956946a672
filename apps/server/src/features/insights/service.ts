import {
  DATE_RANGE_MESSAGE,
  FORMER_MEMBER_NAME,
  INSIGHTS_RANGE_MAX_DAYS,
  INSIGHTS_RANGE_TOO_LONG_MESSAGE,
  INSIGHTS_WEEKDAYS,
  type Insights,
  type InsightsMember,
  type InsightsQuery,
} from "@housemate/contract";
import type { Executor } from "../../db/client.js";
import { badRequest } from "../../lib/errors.js";
import { fromMinor } from "../../lib/money.js";
import type { FiguresCache } from "./figures-cache.js";
import {
  amountsByPerson,
  disputeFigures,
  finesByMonth,
  finesByWeekdayAndHour,
  lastFineReceived,
  medianHoursToPay,
  mostBrokenRules,
  membersAndRuleTitles,
  type MonthTallies,
  type Period,
} from "./queries.js";
import { dayRange } from "../../lib/day-range.js";

const DAY_MS = 86_400_000;
/**
 * Where an unbounded end of the period stops (the queries' month and hour arithmetic needs both ends): no fine is
 * older than the first, and the last is where dayRange stops bounding.
 */
const FIRST_INSTANT = new Date("1970-01-01T00:00:00Z");
const LAST_INSTANT = new Date("9999-12-31T00:00:00Z");
/** Households have no time zone of their own yet: every figure is counted in UTC (decision 043). */
export const INSIGHTS_TIME_ZONE = "UTC";

/**
 * The asked-for dates, or the last 12 months: from the first day of the month 11 months back to today. The contract
 * checks a range given whole; one end given alone is checked here against the default of the other.
 */
export function periodDates(query: InsightsQuery, now: Date): { from: string; to: string } {
  const to = query.to ?? now.toISOString().slice(0, 10);
  const from =
    query.from ?? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)).toISOString().slice(0, 10);
  if (from > to) throw badRequest(DATE_RANGE_MESSAGE);
  if (Date.parse(to) - Date.parse(from) > INSIGHTS_RANGE_MAX_DAYS * DAY_MS)
    throw badRequest(INSIGHTS_RANGE_TOO_LONG_MESSAGE);
  return { from, to };
}

/** Every `YYYY-MM` from `from`'s month to `to`'s, oldest first. */
function monthsBetween(from: string, to: string): string[] {
  // Counted as month numbers, not compared as text: past year 9999 an ISO string starts with '+'.
  const index = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
  const months: string[] = [];
  for (let month = index(from); month <= index(to); month++) {
    const year = String(Math.floor(month / 12)).padStart(4, "0");
    months.push(`${year}-${String((month % 12) + 1).padStart(2, "0")}`);
  }
  return months;
}

const tally = (rows: MonthTallies[]) => new Map(rows.map((row) => [row.month, row]));
const asTally = (row: MonthTallies | undefined) => ({ count: row?.count ?? 0, amount: fromMinor(row?.minor ?? 0) });

/** What the period's fines add up to: everything Insights shows that only a change to a fine can change. */
async function fineFigures(db: Executor, period: Period) {
  const [[issued, paid, cancelled], [received, given], rules, medianHours, disputes, lastFines, grid] =
    await Promise.all([
      finesByMonth(db, period),
      amountsByPerson(db, period),
      mostBrokenRules(db, period),
      medianHoursToPay(db, period),
      disputeFigures(db, period),
      lastFineReceived(db, period.householdId),
      finesByWeekdayAndHour(db, period),
    ]);
  return { issued, paid, cancelled, received, given, rules, medianHours, disputes, lastFines, grid };
}
export type FineFigures = Awaited<ReturnType<typeof fineFigures>>;

/**
 * A household's Insights for a period: a handful of aggregate queries run side by side, each reading the household's
 * fines once, kept in `cache` until one of its fines changes (`finesVersion`); JavaScript only lays their rows out
 * (months, members, the 7 × 24 grid), never walks fines.
 */
export async function householdInsights(
  db: Executor,
  cache: FiguresCache<FineFigures>,
  household: { id: string; finesVersion: number },
  query: InsightsQuery,
  now: Date,
): Promise<Insights> {
  const { from, to } = periodDates(query, now);
  const days = dayRange(from, to);
  const period: Period = {
    householdId: household.id,
    start: days.start ?? FIRST_INSTANT,
    end: days.end ?? LAST_INSTANT,
    timeZone: INSIGHTS_TIME_ZONE,
  };
  const figures = await cache.figures(`${household.id} ${from} ${to}`, household.finesVersion, () =>
    fineFigures(db, period),
  );
  const { issued, paid, cancelled, received, given, rules, medianHours, disputes, lastFines, grid } = figures;
  const named = [...received, ...given].flatMap((row) => (row.userId ? [row.userId] : []));
  const {
    members,
    peopleNames,
    ruleTitles: titles,
  } = await membersAndRuleTitles(
    db,
    household.id,
    rules.flatMap((rule) => (rule.ruleId ? [rule.ruleId] : [])),
    [...new Set(named)],
  );

  const [issuedBy, paidBy, cancelledBy] = [tally(issued), tally(paid), tally(cancelled)];
  const people = new Map<string, InsightsMember>();
  const person = (userId: string, name = peopleNames.get(userId) ?? FORMER_MEMBER_NAME, current = false) => {
    const known = people.get(userId);
    if (known) return known;
    const fresh = { userId, name, current, owed: 0, paid: 0, issued: 0 };
    people.set(userId, fresh);
    return fresh;
  };
  for (const member of members) person(member.userId, member.name, true);
  for (const row of received) {
    if (!row.userId) continue;
    Object.assign(person(row.userId), { owed: fromMinor(row.owedMinor), paid: fromMinor(row.paidMinor) });
  }
  for (const row of given) if (row.userId) person(row.userId).issued = fromMinor(row.issuedMinor);

  const lastFineAt = new Map(lastFines.map((row) => [row.userId, row.atMs]));
  const daysSince = (userId: string) => {
    const at = lastFineAt.get(userId);
    return at === undefined ? null : Math.floor((now.getTime() - at) / DAY_MS);
  };
  const weekdayHours = INSIGHTS_WEEKDAYS.map(() => Array.from({ length: 24 }, () => 0));
  for (const cell of grid) {
    const row = weekdayHours[cell.weekday - 1];
    if (row) row[cell.hour] = cell.count;
  }
  const outcome = (status: string) => disputes.outcomes.find((row) => row.status === status)?.count ?? 0;

  return {
    from,
    to,
    timeZone: INSIGHTS_TIME_ZONE,
    months: monthsBetween(from, to).map((month) => ({
      month,
      issued: asTally(issuedBy.get(month)),
      paid: asTally(paidBy.get(month)),
      cancelled: asTally(cancelledBy.get(month)),
    })),
    // Current members first (the map keeps their order), former members after.
    members: [...people.values()].sort((a, b) => Number(b.current) - Number(a.current)),
    rules: rules.flatMap((rule) => {
      const title = rule.ruleId ? titles.get(rule.ruleId) : undefined;
      return rule.ruleId && title !== undefined
        ? [{ ruleId: rule.ruleId, title, count: rule.count, amount: fromMinor(rule.minor) }]
        : [];
    }),
    medianHoursToPay: medianHours === null ? null : Math.round(medianHours * 100) / 100,
    disputes: {
      issued: disputes.issued,
      disputed: disputes.disputed,
      rate: disputes.issued === 0 ? 0 : disputes.disputed / disputes.issued,
      outcomes: { accepted: outcome("accepted"), declined: outcome("declined"), pending: outcome("pending") },
    },
    daysSinceLastFine: members.map((member) => ({
      userId: member.userId,
      name: member.name,
      days: daysSince(member.userId),
    })),
    weekdayHours,
  };
}
