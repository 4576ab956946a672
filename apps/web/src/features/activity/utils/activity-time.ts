import { formatDate, parseDate } from "@/lib/format";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The exact moment, as a `<time>`'s title shows it ('Mar 4, 2026, 10:05 AM UTC'): in UTC, as the day headings, the
 * dates and the date filters count days, saying so (decision 045). The format is made once and kept.
 */
let exactFormat: Intl.DateTimeFormat | undefined;
export function exactTime(value: string): string {
  exactFormat ??= new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return `${exactFormat.format(parseDate(value))} UTC`;
}

/**
 * 'just now', '5 minutes ago', '3 hours ago', then the date ('Mar 4, 2026'), as SPEC §9 writes dates: the UTC day, the
 * one its heading and the date filters count it on (as the fund's history, decision 034).
 */
export function relativeTime(value: string, now: Date): string {
  const elapsed = now.getTime() - parseDate(value).getTime();
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), "hour");
  return formatDate(value, { utc: true });
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"} ago`;

/**
 * The day an entry is listed under: 'Today', 'Yesterday', then its date. Whole UTC days, as the date filters count
 * them, so filtering from a day shows exactly that day's heading first (decision 034's reason, for the fund).
 */
export function dayHeading(value: string, now: Date): string {
  const day = utcDay(parseDate(value));
  const today = utcDay(now);
  if (day === today) return "Today";
  if (day === today - DAY) return "Yesterday";
  return formatDate(value, { utc: true });
}

/** Midnight UTC of the day `date` falls on, in milliseconds: UTC days are all 24 hours long. */
const utcDay = (date: Date) => Math.floor(date.getTime() / DAY) * DAY;

/** Entries in order, under the day each happened: consecutive runs, as the list is newest first. */
export function byDay<T extends { created_at: string }>(entries: readonly T[], now: Date) {
  const days: { heading: string; entries: T[] }[] = [];
  for (const entry of entries) {
    const heading = dayHeading(entry.created_at, now);
    const last = days.at(-1);
    if (last?.heading === heading) last.entries.push(entry);
    else days.push({ heading, entries: [entry] });
  }
  return days;
}
