import { DEFAULT_FORM_CURRENCY, formatMoney, type Currency } from "@housemate/contract";

/** SPEC §9: a household's currency when the screen does not know it yet. */
export const DISPLAY_CURRENCY: Currency = DEFAULT_FORM_CURRENCY;
/** Dates are written as en-US writes them (SPEC §9). */
const DEFAULT_LOCALE = "en-US";
/** SPEC §9: an amount in the household's currency (the contract's one money format), GBP until the screen knows it. */
export function formatCurrency(amount: number, currency: string = DISPLAY_CURRENCY): string {
  return formatMoney(amount, currency);
}

export const UNKNOWN_DATE = "Unknown";

/** 'MMM d, yyyy' as en-US writes it. */
const FINE_DATE = { month: "short", day: "numeric", year: "numeric" } as const;

/**
 * Made on the first date shown and kept, as the currency formatters are: building an Intl.DateTimeFormat per call
 * (date-fns' intlFormat did) cost 0.45–0.9 s per fine page at 4× CPU (issue 14, cause 2).
 */
let fineDateFormat: Intl.DateTimeFormat | undefined;
let utcDateFormat: Intl.DateTimeFormat | undefined;

/**
 * Makes the kept date formatter now, and the household's money formatter once its currency is known. The first Intl
 * formatter a page makes loads Intl's data, about 20 ms (80 ms on a phone), and the first for another locale (a
 * currency's) that locale's, 2 ms (9 ms): the signed-in shell calls this in a task of its own while its first answers
 * are on their way, so that cost is not paid inside the render that shows the first fine or amount (issue 14).
 */
export function prepareFormats(currency?: string): void {
  fineDateFormatter();
  if (currency) formatMoney(0, currency);
}

function fineDateFormatter(): Intl.DateTimeFormat {
  fineDateFormat ??= new Intl.DateTimeFormat(DEFAULT_LOCALE, FINE_DATE);
  return fineDateFormat;
}

function utcDateFormatter(): Intl.DateTimeFormat {
  utcDateFormat ??= new Intl.DateTimeFormat(DEFAULT_LOCALE, { ...FINE_DATE, timeZone: "UTC" });
  return utcDateFormat;
}

export interface DateFormatOptions {
  /**
   * Writes the day it was in UTC rather than here: for dates that sit beside filters and totals the server counts in
   * whole UTC days (the fund's history, decision 034), so an entry is listed on the day it is filtered and charted by.
   */
  utc?: boolean;
}

/** An ISO 8601 date, or date and time with an optional offset: what the API writes. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * The API's dates as the app reads them: an ISO 8601 date and time (with its offset, or local without one), or a date
 * alone as that day here; anything else is an Invalid Date. What date-fns' parseISO did for these shapes, without its
 * kilobyte of the first download (issue 14's dashboard budget).
 */
export function parseDate(value: string, { utc = false }: DateFormatOptions = {}): Date {
  const match = ISO_DATE.exec(value);
  if (!match) return new Date(Number.NaN);
  const [, year, month, day, time] = match;
  if (time) return new Date(value);
  // A date alone is that day wherever it is written: here, or in UTC when it is written in UTC.
  return utc
    ? new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)))
    : new Date(Number(year), Number(month) - 1, Number(day));
}

/**
 * SPEC §9: a fine's date as 'MMM d, yyyy' (e.g. 'Mar 4, 2026'), or 'Unknown' when there is none.
 * Intl's formatter: this one shape needs neither date-fns' pattern engine nor its locale data.
 */
export function formatDate(value: string | Date | null | undefined, options: DateFormatOptions = {}): string {
  if (value === null || value === undefined || value === "") return UNKNOWN_DATE;
  const date = typeof value === "string" ? parseDate(value, options) : value;
  if (Number.isNaN(date.getTime())) return UNKNOWN_DATE;
  return (options.utc ? utcDateFormatter() : fineDateFormatter()).format(date);
}

/** A change of money with its sign written out ('+£2.50', '−£5.00', '£0.00'), so it reads without its colour. */
export function formatSignedCurrency(amount: number, currency?: string): string {
  const size = formatCurrency(Math.abs(amount), currency);
  if (amount > 0) return `+${size}`;
  if (amount < 0) return `−${size}`;
  return size;
}

/** '1 fine', '3 fines': a count with its noun, plural unless one ('many' when the plural is not just an 's'). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
