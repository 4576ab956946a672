import { formatDate, parseDate } from "@/lib/format";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * 'Tue 3:45 PM' as en-US writes it, in parts: Intl puts a narrow no-break space before 'PM' in newer ICU data, and
 * SPEC writes a plain space. Made once (issue 14: an Intl formatter per call is the cost; date-fns' `format` was 20 kB
 * of the signed-in app's first download for these three shapes).
 */
let weekdayTime: Intl.DateTimeFormat | undefined;

function timeParts(date: Date): { weekday: string; time: string } {
  weekdayTime ??= new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
  });
  const parts = weekdayTime.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return { weekday: part("weekday"), time: `${part("hour")}:${part("minute")} ${part("dayPeriod")}` };
}

/**
 * SPEC §2 Notifications panel: under 24 hours old, the time only ('3:45 PM'); under 7 days, the weekday
 * and time ('Mon 3:45 PM'); older, the date ('Mar 4, 2026', SPEC §9's date format).
 */
export function formatNotificationTime(createdAt: string, now: Date = new Date()): string {
  const date = parseDate(createdAt);
  if (Number.isNaN(date.getTime())) return "";
  const age = now.getTime() - date.getTime();
  if (age >= 7 * DAY_MS) return formatDate(date);
  const { weekday, time } = timeParts(date);
  return age < DAY_MS ? time : `${weekday} ${time}`;
}
