/**
 * When the weekly digest runs and which week it covers (issue 22, docs/decisions/054): weeks run from Monday 08:00 UTC
 * to the next Monday 08:00, and a run covers the latest full week that ended at or before it.
 */

import { DAY_MS } from "../../lib/day-range.js";

export const WEEK_MS = 7 * DAY_MS;
/** The hour (UTC) on Monday that ends one digest week and starts the next. */
export const DIGEST_HOUR_UTC = 8;

/** The Monday 08:00 UTC at or before `at`. */
function weekBoundaryAtOrBefore(at: Date): Date {
  const daysSinceMonday = (at.getUTCDay() + 6) % 7;
  const boundary = new Date(
    Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - daysSinceMonday, DIGEST_HOUR_UTC),
  );
  return boundary.getTime() <= at.getTime() ? boundary : new Date(boundary.getTime() - WEEK_MS);
}

/** The first Monday 08:00 UTC strictly after `at`: when the digest is next due. */
export function nextDigestRun(at: Date): Date {
  return new Date(weekBoundaryAtOrBefore(at).getTime() + WEEK_MS);
}

export interface DigestWeek {
  /** Monday 08:00 UTC, included. */
  start: Date;
  /** The next Monday 08:00 UTC, not included. */
  end: Date;
  /** The Monday the week starts on (YYYY-MM-DD): its key in `household_digests`. */
  key: string;
}

/** The latest full week that ended at or before `at`. */
export function digestWeekBefore(at: Date): DigestWeek {
  const end = weekBoundaryAtOrBefore(at);
  const start = new Date(end.getTime() - WEEK_MS);
  return { start, end, key: start.toISOString().slice(0, 10) };
}
