import { differenceInMilliseconds, format, isValid, parseISO } from "date-fns";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * SPEC §2 Notifications panel: under 24 hours old, the time only ('3:45 PM'); under 7 days, the weekday
 * and time ('Mon 3:45 PM'); older, the date ('Mar 4, 2026', SPEC §9's date format).
 */
export function formatNotificationTime(createdAt: string, now: Date = new Date()): string {
  const date = parseISO(createdAt);
  if (!isValid(date)) return "";
  const age = differenceInMilliseconds(now, date);
  if (age < DAY_MS) return format(date, "h:mm a");
  if (age < 7 * DAY_MS) return format(date, "EEE h:mm a");
  return format(date, "MMM d, yyyy");
}
