import { describe, expect, it } from "vitest";
import { dayRange } from "../src/lib/day-range.js";

describe("a date filter's days (one reading for the fund's history, the log, exports and Insights)", () => {
  it("reads a single day as its 24 hours, start included and the next midnight excluded", () => {
    expect(dayRange("2026-03-29", "2026-03-29")).toEqual({
      start: new Date("2026-03-29T00:00:00.000Z"),
      end: new Date("2026-03-30T00:00:00.000Z"),
    });
  });

  it("leaves an unset end unbounded", () => {
    expect(dayRange(undefined, undefined)).toEqual({ start: undefined, end: undefined });
    expect(dayRange("2026-01-01", undefined).end).toBeUndefined();
  });

  it("bounds nothing from year 1 or before: PostgreSQL has no year 0", () => {
    expect(dayRange("0001-01-01", undefined).start).toBeUndefined();
    expect(dayRange("0000-06-01", undefined).start).toBeUndefined();
    expect(dayRange("0001-01-02", undefined).start).toEqual(new Date("0001-01-02T00:00:00.000Z"));
  });

  it("ends a `to` before year 1 at year 1's first instant, so it matches nothing rather than everything", () => {
    expect(dayRange(undefined, "0000-12-31").end).toEqual(new Date("0001-01-01T00:00:00.000Z"));
    expect(dayRange(undefined, "0001-01-01").end).toEqual(new Date("0001-01-02T00:00:00.000Z"));
  });

  it("bounds nothing to 9999-12-31 (its end is in the year 10000), but bounds every day before it", () => {
    expect(dayRange(undefined, "9999-12-31").end).toBeUndefined();
    expect(dayRange(undefined, "9999-12-30").end).toEqual(new Date("9999-12-31T00:00:00.000Z"));
    expect(dayRange(undefined, "9999-06-01").end).toEqual(new Date("9999-06-02T00:00:00.000Z"));
    expect(dayRange("9999-12-31", undefined).start).toEqual(new Date("9999-12-31T00:00:00.000Z"));
  });
});
