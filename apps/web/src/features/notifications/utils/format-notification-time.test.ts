import { describe, expect, it } from "vitest";
import { formatNotificationTime } from "./format-notification-time";

// Wednesday 4 March 2026, 15:45 local time.
const now = new Date(2026, 2, 4, 15, 45);
const at = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString();

describe("notification time", () => {
  it("shows the time only for anything under 24 hours old", () => {
    expect(formatNotificationTime(at(2026, 2, 4, 15, 44), now)).toBe("3:44 PM");
    expect(formatNotificationTime(at(2026, 2, 4, 9, 5), now)).toBe("9:05 AM");
    expect(formatNotificationTime(at(2026, 2, 3, 15, 46), now)).toBe("3:46 PM");
  });

  it("shows the weekday and time from 24 hours up to 7 days", () => {
    expect(formatNotificationTime(at(2026, 2, 3, 15, 45), now)).toBe("Tue 3:45 PM");
    expect(formatNotificationTime(at(2026, 1, 26, 8, 0), now)).toBe("Thu 8:00 AM");
    expect(formatNotificationTime(at(2026, 1, 25, 15, 46), now)).toBe("Wed 3:46 PM");
  });

  it("shows the date from 7 days on", () => {
    expect(formatNotificationTime(at(2026, 1, 25, 15, 45), now)).toBe("Feb 25, 2026");
    expect(formatNotificationTime(at(2025, 11, 31, 23, 59), now)).toBe("Dec 31, 2025");
  });

  it("treats a time a little in the future (a fast server clock) as just now", () => {
    expect(formatNotificationTime(at(2026, 2, 4, 15, 46), now)).toBe("3:46 PM");
  });

  it("shows nothing for a time it cannot read", () => {
    expect(formatNotificationTime("yesterday", now)).toBe("");
  });
});
