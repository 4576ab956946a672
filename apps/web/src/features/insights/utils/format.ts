import { plural } from "@/lib/format";

export { longMonthLabel as longMonth, monthName as shortMonth } from "@/lib/month-label";

/** '36 hours', or in days from two days up ('3.5 days'): how long a fine took to be paid. */
export function formatDuration(hours: number): string {
  if (hours < 48) return plural(Math.round(hours * 10) / 10, "hour");
  return plural(Math.round((hours / 24) * 10) / 10, "day");
}

/** 'Today', '1 day', '12 days' or 'Never' since someone's last fine. */
export function formatDaysSince(days: number | null): string {
  if (days === null) return "Never";
  if (days === 0) return "Today";
  return plural(days, "day");
}

/** '37.5%' (one decimal at most). */
export const formatPercent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

/** '09:00' for hour 9. */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;
