import type { FineExportQuery } from "@housemate/contract";

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_DAY = Date.parse("0001-01-01T00:00:00.000Z");

/** The UTC day a moment falls on, as YYYY-MM-DD. */
export const utcDay = (moment: Date): string => moment.toISOString().slice(0, 10);

/** Which fines an export covers: the household's, issued within [start, end), and one offender's when asked. */
export interface ExportScope {
  householdId: string;
  /** Midnight UTC at the start of `from`; unset: since the first fine. */
  start?: Date | undefined;
  /** Midnight UTC after `to`; unset: up to now. */
  end?: Date | undefined;
  offenderId?: string | undefined;
}

/**
 * The fines the query asks for. Dates are whole UTC days with both ends included, as the fund's history reads them;
 * a bound outside what PostgreSQL's timestamps hold (year 1 to 9999) bounds nothing.
 */
export function exportScope(householdId: string, query: FineExportQuery): ExportScope {
  const start = query.from === undefined ? undefined : startOfDay(query.from);
  const endDay = query.to === undefined ? undefined : startOfDay(query.to);
  return {
    householdId,
    start: start && start.getUTCFullYear() > 1 ? start : undefined,
    // A `to` before year 1 ends before the first day PostgreSQL has: clamped to it, it matches nothing.
    end:
      endDay && endDay.getUTCFullYear() < 9999 ? new Date(Math.max(endDay.getTime() + DAY_MS, FIRST_DAY)) : undefined,
    offenderId: query.member,
  };
}

function startOfDay(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}
