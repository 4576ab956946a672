const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

const count = (amount: number, unit: string) => `${amount} ${unit}${amount === 1 ? "" : "s"}`;

/**
 * How long an open proposal has left to pass: 'Closes in 3 days', in hours on its last day and minutes in its last
 * hour. Rounded to the nearest, so a proposal made a moment ago reads 'Closes in 7 days', as its week says. Past its
 * deadline it is about to be decided (by the next read or the server's sweep).
 */
export function timeLeft(closesAt: string, now: Date): string {
  const left = new Date(closesAt).getTime() - now.getTime();
  if (Number.isNaN(left)) return "Closes soon";
  if (left <= 0) return "Closing now";
  if (left >= DAY_MS) return `Closes in ${count(Math.round(left / DAY_MS), "day")}`;
  if (left >= HOUR_MS) return `Closes in ${count(Math.round(left / HOUR_MS), "hour")}`;
  return `Closes in ${count(Math.max(1, Math.round(left / MINUTE_MS)), "minute")}`;
}
