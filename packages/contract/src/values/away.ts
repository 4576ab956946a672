/**
 * Away mode (issue 22, docs/decisions/054): a member away until a date (a holiday) cannot be fined meanwhile, and gets
 * no reminders. `away_until` is the last day away, a calendar date (YYYY-MM-DD) read in UTC: away through that whole
 * day, back the day after.
 *
 * A module of values/: no schema library (docs/decisions/033).
 */

/** How far ahead someone can be away. */
export const AWAY_MAX_DAYS = 365;
export const AWAY_PAST_MESSAGE = "Choose today or a later date to be away until.";
export const AWAY_TOO_FAR_MESSAGE = `You can be away for at most ${AWAY_MAX_DAYS} days at a time.`;

/** Today's date in UTC as YYYY-MM-DD: the day `away_until` is compared with. */
export const utcDate = (at: Date): string => at.toISOString().slice(0, 10);

/** Whether someone with this `away_until` is away on `at`'s UTC day. */
export function isAway(awayUntil: string | null, at: Date): boolean {
  return awayUntil !== null && awayUntil >= utcDate(at);
}

/** '3 December': an instant's UTC day, as people read it (away dates here, the weekly digest's span on the server). */
export const formatUtcDay = (at: Date): string =>
  // Made per call, as before: a module-level formatter would be a side effect no bundle could drop.
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", timeZone: "UTC" }).format(at);

/** '3 December': the last day away, as people read it. */
export const formatAwayDate = (awayUntil: string): string => formatUtcDay(new Date(`${awayUntil}T00:00:00Z`));

/** 'Away until 3 December': a member's badge wherever members are listed. */
export const awayLabel = (awayUntil: string): string => `Away until ${formatAwayDate(awayUntil)}`;

/** 409 on issuing a fine to someone away, and the reason the web gives before anyone tries. */
export const awayRefusalMessage = (displayName: string, awayUntil: string): string =>
  `${displayName} is away until ${formatAwayDate(awayUntil)}, so they cannot be fined until they are back.`;

/** Why this `away_until` cannot be set on `at` (the message to show), or null when it can. */
export function awayDateProblem(awayUntil: string, at: Date): string | null {
  if (awayUntil < utcDate(at)) return AWAY_PAST_MESSAGE;
  const last = new Date(`${utcDate(at)}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() + AWAY_MAX_DAYS);
  if (awayUntil > utcDate(last)) return AWAY_TOO_FAR_MESSAGE;
  return null;
}
