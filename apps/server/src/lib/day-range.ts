import { gte, lt, type AnyColumn, type SQL } from "drizzle-orm";

/** A day of 24 hours: what every rule counted in days (reminders, the digest's week) adds, whatever the time zone. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC at the start of a YYYY-MM-DD day. */
const startOfUtcDay = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

/**
 * The days a timestamp can be compared with on both engines: the contract's dates run from year 0 to 9999, but
 * PostgreSQL has no year 0, and the end of 9999-12-31 falls in the year 10000, which a JavaScript date sends in a
 * form PostgreSQL does not read.
 */
const FIRST_DAY = startOfUtcDay("0001-01-01");
const LAST_DAY = startOfUtcDay("9999-12-31");

/** Whole UTC days from `from` to `to`, both included, as the instants [start, end); an unset bound bounds nothing. */
export interface DayRange {
  start?: Date | undefined;
  end?: Date | undefined;
}

/**
 * The one reading of a date filter (the fund's history, the activity log, exports, Insights). Clamp rule: a `from`
 * on or before 0001-01-01 and a `to` of 9999-12-31 bound nothing; a `to` before year 1 ends at 0001-01-01, so it
 * matches nothing rather than everything.
 */
export function dayRange(from: string | undefined, to: string | undefined): DayRange {
  const start = from === undefined ? undefined : startOfUtcDay(from);
  const last = to === undefined ? undefined : startOfUtcDay(to);
  return {
    start: start === undefined || start <= FIRST_DAY ? undefined : start,
    end:
      last === undefined || last >= LAST_DAY
        ? undefined
        : new Date(Math.max(last.getTime() + DAY_MS, FIRST_DAY.getTime())),
  };
}

/** `column` within the range, as conditions for `and(...)`. */
export function withinDays(column: AnyColumn, range: DayRange): (SQL | undefined)[] {
  return [
    range.start === undefined ? undefined : gte(column, range.start),
    range.end === undefined ? undefined : lt(column, range.end),
  ];
}
