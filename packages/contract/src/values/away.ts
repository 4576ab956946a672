/**
 * Away mode (issue 22, docs/decisions/054): a member away until a date (a holiday) cannot be fined meanwhile, and gets
 * no reminders. `away_until` is the last day away, a calendar date (YYYY-MM-DD) as the person typed it; their own time
 * zone decides when that day ends, so the server keeps the instant too (`away_ends_at`, the start of the next day in
 * that zone). Every rule asks `isAway` of that instant; people read the date.
 *
 * A module of values/: no schema library (docs/decisions/033), no date library either: Intl does the zone arithmetic.
 */

/** How far ahead someone can be away. */
export const AWAY_MAX_DAYS = 365;
export const AWAY_PAST_MESSAGE = "Choose today or a later date to be away until.";
export const AWAY_TOO_FAR_MESSAGE = `You can be away for at most ${AWAY_MAX_DAYS} days at a time.`;
export const AWAY_TIME_ZONE_MESSAGE = "Give a time zone by its IANA name, such as Europe/London.";
/** The zone an API client that names none is read in. */
export const DEFAULT_AWAY_TIME_ZONE = "UTC";

/** Today's date in UTC as YYYY-MM-DD. */
export const utcDate = (at: Date): string => at.toISOString().slice(0, 10);

const DAY_MS = 24 * 60 * 60 * 1000;

/** One formatter per zone: building one is the slow part. */
const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock in `timeZone` at `at`, as if it were UTC: its difference from `at` is the zone's offset then. */
function wallClock(timeZone: string, at: Date): Date {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(at)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second));
}

/** Whether `timeZone` is an IANA zone name this runtime knows (Intl refuses the rest). */
export function isTimeZone(timeZone: string): boolean {
  if (timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Today's date in `timeZone` at `at`, as YYYY-MM-DD: the day a person's away date is compared with. */
export const todayIn = (timeZone: string, at: Date): string => utcDate(wallClock(timeZone, at));

/** The date `days` after `date` (YYYY-MM-DD). */
function addDays(date: string, days: number): string {
  return utcDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS));
}

/**
 * The instant someone away through `awayUntil` in `timeZone` is back: the first instant of the next day there. Midnight
 * is tried with the zone's offset a day either side (a change of clocks falls between them at most once); where the
 * clocks skip midnight, the day starts at the first instant that reads as that day.
 */
export function awayEndsAt(awayUntil: string, timeZone: string): Date {
  const backOn = addDays(awayUntil, 1);
  const midnightAsUtc = Date.parse(`${backOn}T00:00:00Z`);
  const offsets = [midnightAsUtc - DAY_MS, midnightAsUtc + DAY_MS].map(
    (probe) => wallClock(timeZone, new Date(probe)).getTime() - probe,
  );
  const candidates = offsets
    .map((offset) => new Date(midnightAsUtc - offset))
    .filter((candidate) => todayIn(timeZone, candidate) >= backOn)
    .sort((a, b) => a.getTime() - b.getTime());
  return candidates[0] ?? new Date(midnightAsUtc - Math.max(...offsets));
}

/**
 * Whether someone whose away ends at `awayEndsAt` (`away_ends_at`: an ISO timestamp, or the server's Date; null when
 * not away) is away at `at`.
 */
export function isAway(awayEndsAt: string | Date | null | undefined, at: Date): boolean {
  if (awayEndsAt === null || awayEndsAt === undefined) return false;
  return at.getTime() < (typeof awayEndsAt === "string" ? Date.parse(awayEndsAt) : awayEndsAt.getTime());
}

/** The last day someone can choose on `at` in `timeZone`: AWAY_MAX_DAYS after their today. */
export const lastAwayDate = (timeZone: string, at: Date): string => addDays(todayIn(timeZone, at), AWAY_MAX_DAYS);

/** '3 December': an instant's UTC day, as people read it (away dates here, the weekly digest's span on the server). */
export const formatUtcDay = (at: Date): string =>
  // Made per call, as before: a module-level formatter would be a side effect no bundle could drop.
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", timeZone: "UTC" }).format(at);

/** '3 December': the last day away, as the person typed it, whatever zone it is read in. */
export const formatAwayDate = (awayUntil: string): string => formatUtcDay(new Date(`${awayUntil}T00:00:00Z`));

/** 'Away until 3 December': a member's badge wherever members are listed. */
export const awayLabel = (awayUntil: string): string => `Away until ${formatAwayDate(awayUntil)}`;

/** 409 on issuing a fine to someone away, and the reason the web gives before anyone tries. */
export const awayRefusalMessage = (displayName: string, awayUntil: string): string =>
  `${displayName} is away until ${formatAwayDate(awayUntil)}, so they cannot be fined until they are back.`;

/** Why this `away_until` cannot be set on `at` by someone in `timeZone` (the message to show), or null when it can. */
export function awayDateProblem(awayUntil: string, timeZone: string, at: Date): string | null {
  if (awayUntil < todayIn(timeZone, at)) return AWAY_PAST_MESSAGE;
  if (awayUntil > lastAwayDate(timeZone, at)) return AWAY_TOO_FAR_MESSAGE;
  return null;
}
