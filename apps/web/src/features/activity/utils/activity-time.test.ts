import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { activityEntry } from "../testing/activity-fixtures";
import { activitySentence } from "./activity-sentence";
import { dayHeading, exactTime } from "./activity-time";

describe("an activity entry's times, away from UTC", () => {
  // Fourteen hours ahead of UTC: every evening there is already the next day. The app's date formats are made on first
  // use, so this file's are made here.
  beforeAll(() => vi.stubEnv("TZ", "Pacific/Kiritimati"));
  afterAll(() => vi.unstubAllEnvs());

  it("says the day, the exact time and an invite's expiry all in UTC, as the date filters count days", () => {
    const late = "2026-03-04T22:30:00.000Z";
    expect(dayHeading(late, new Date("2026-03-10T00:00:00.000Z"))).toBe("Mar 4, 2026");
    expect(exactTime(late)).toBe("Mar 4, 2026, 10:30 PM UTC");
    const invite = activityEntry("invite.created", { expires: "2026-03-11T22:00:00.000Z" });
    expect(activitySentence(invite, "GBP")).toBe("Alex made an invite link (expires Mar 11, 2026)");
  });
});
