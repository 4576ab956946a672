import { describe, expect, it } from "vitest";
import {
  AWAY_PAST_MESSAGE,
  AWAY_TIME_ZONE_MESSAGE,
  AWAY_TOO_FAR_MESSAGE,
  awayDateProblem,
  awayEndsAt,
  isAway,
  isTimeZone,
  lastAwayDate,
  todayIn,
  updateUserBody,
} from "../src/index.js";

describe("when an away ends: the start of the next day in the person's zone (decision 054)", () => {
  it.each([
    ["UTC", "2026-12-04", "2026-12-05T00:00:00.000Z"],
    ["America/New_York", "2026-12-04", "2026-12-05T05:00:00.000Z"],
    ["America/New_York", "2026-07-04", "2026-07-05T04:00:00.000Z"],
    ["Australia/Sydney", "2026-12-04", "2026-12-04T13:00:00.000Z"],
    ["Australia/Sydney", "2026-06-04", "2026-06-04T14:00:00.000Z"],
    ["Pacific/Kiritimati", "2026-12-04", "2026-12-04T10:00:00.000Z"],
    ["Pacific/Pago_Pago", "2026-12-04", "2026-12-05T11:00:00.000Z"],
    ["Asia/Kolkata", "2026-12-04", "2026-12-04T18:30:00.000Z"],
  ])("%s, away through %s: back at %s", (zone, until, back) => {
    expect(awayEndsAt(until, zone).toISOString()).toBe(back);
  });

  it("follows the clocks across a change: London's last Sunday of October and of March", () => {
    // Clocks go back at 02:00 BST on 25 October 2026: the 24th ends in summer time, the 25th in winter time.
    expect(awayEndsAt("2026-10-24", "Europe/London").toISOString()).toBe("2026-10-24T23:00:00.000Z");
    expect(awayEndsAt("2026-10-25", "Europe/London").toISOString()).toBe("2026-10-26T00:00:00.000Z");
    // Forward at 01:00 GMT on 29 March 2026.
    expect(awayEndsAt("2026-03-28", "Europe/London").toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(awayEndsAt("2026-03-29", "Europe/London").toISOString()).toBe("2026-03-29T23:00:00.000Z");
    // New York: back to EST on 1 November 2026, Sydney forward on 4 October 2026.
    expect(awayEndsAt("2026-10-31", "America/New_York").toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(awayEndsAt("2026-11-01", "America/New_York").toISOString()).toBe("2026-11-02T05:00:00.000Z");
    expect(awayEndsAt("2026-10-03", "Australia/Sydney").toISOString()).toBe("2026-10-03T14:00:00.000Z");
    expect(awayEndsAt("2026-10-04", "Australia/Sydney").toISOString()).toBe("2026-10-04T13:00:00.000Z");
  });

  it("where the clocks skip midnight, the day starts when it first reads as that day", () => {
    // Santiago goes forward at 00:00 on 6 September 2026: the 6th starts at 01:00 local, 04:00 UTC.
    expect(awayEndsAt("2026-09-05", "America/Santiago").toISOString()).toBe("2026-09-06T04:00:00.000Z");
  });

  it("isAway: away before the end, back at it", () => {
    const end = awayEndsAt("2026-12-04", "America/New_York").toISOString();
    expect(isAway(end, new Date("2026-12-05T04:59:59.999Z"))).toBe(true);
    expect(isAway(end, new Date("2026-12-05T05:00:00.000Z"))).toBe(false);
    expect(isAway(null, new Date("2026-12-01T00:00:00.000Z"))).toBe(false);
  });
});

describe("the date someone may choose, in their own zone", () => {
  // 20:00 on Friday 4 December in New York; already Saturday in UTC and Sydney.
  const newYorkEvening = new Date("2026-12-05T01:00:00.000Z");

  it("today is the person's own day", () => {
    expect(todayIn("America/New_York", newYorkEvening)).toBe("2026-12-04");
    expect(todayIn("UTC", newYorkEvening)).toBe("2026-12-05");
    expect(todayIn("Australia/Sydney", newYorkEvening)).toBe("2026-12-05");
    expect(todayIn("Pacific/Kiritimati", new Date("2026-12-04T10:00:00.000Z"))).toBe("2026-12-05");
    expect(todayIn("Pacific/Pago_Pago", new Date("2026-12-05T10:59:59.000Z"))).toBe("2026-12-04");
  });

  it("today is allowed, yesterday is not, each in its zone", () => {
    expect(awayDateProblem("2026-12-04", "America/New_York", newYorkEvening)).toBeNull();
    expect(awayDateProblem("2026-12-03", "America/New_York", newYorkEvening)).toBe(AWAY_PAST_MESSAGE);
    expect(awayDateProblem("2026-12-04", "UTC", newYorkEvening)).toBe(AWAY_PAST_MESSAGE);
  });

  it("the 365-day limit counts from the person's today", () => {
    expect(lastAwayDate("America/New_York", newYorkEvening)).toBe("2027-12-04");
    expect(lastAwayDate("UTC", newYorkEvening)).toBe("2027-12-05");
    expect(awayDateProblem("2027-12-04", "America/New_York", newYorkEvening)).toBeNull();
    expect(awayDateProblem("2027-12-05", "America/New_York", newYorkEvening)).toBe(AWAY_TOO_FAR_MESSAGE);
  });
});

describe("the zone a person names", () => {
  it("must be one Intl knows", () => {
    expect(isTimeZone("Europe/London")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    const refused = updateUserBody.safeParse({ away_until: "2026-12-04", away_time_zone: "Not/A_Zone" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(AWAY_TIME_ZONE_MESSAGE);
    expect(updateUserBody.parse({ away_until: "2026-12-04", away_time_zone: "Asia/Tokyo" })).toEqual({
      away_until: "2026-12-04",
      away_time_zone: "Asia/Tokyo",
    });
  });
});
