import { describe, expect, it } from "vitest";
import { timeLeft } from "./proposal-time";

const NOW = new Date("2026-03-01T12:00:00.000Z");
const later = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("the time a proposal has left", () => {
  it("reads a week for a proposal just made, and counts days, then hours, then minutes", () => {
    expect(timeLeft(later(7 * DAY - 5000), NOW)).toBe("Closes in 7 days");
    expect(timeLeft(later(3 * DAY), NOW)).toBe("Closes in 3 days");
    expect(timeLeft(later(DAY), NOW)).toBe("Closes in 1 day");
    expect(timeLeft(later(5 * HOUR), NOW)).toBe("Closes in 5 hours");
    expect(timeLeft(later(HOUR), NOW)).toBe("Closes in 1 hour");
    expect(timeLeft(later(20 * MINUTE), NOW)).toBe("Closes in 20 minutes");
    expect(timeLeft(later(10 * 1000), NOW)).toBe("Closes in 1 minute");
  });

  it("says it is closing once its deadline has passed, until the server decides it", () => {
    expect(timeLeft(later(-MINUTE), NOW)).toBe("Closing now");
    expect(timeLeft("not a date", NOW)).toBe("Closes soon");
  });
});
