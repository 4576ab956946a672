/**
 * Date ranges as the API's filters take them: whole UTC days written YYYY-MM-DD, both ends included (decision 034).
 */

export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** A range the server would refuse (400) because it ends before it starts: the page says so instead of asking. */
export const isRangeBackwards = ({ from, to }: DayRange): boolean => Boolean(from && to && from > to);

/** The UTC day of an instant, YYYY-MM-DD: the day the server counts it in, whatever the device's own zone. */
export const utcDay = (instant: Date): string => instant.toISOString().slice(0, 10);
