import { afterEach, describe, expect, it, vi } from "vitest";
import { formatCurrency, formatDate, parseDate, plural } from "./format";
import { longMonthLabel, monthLabel, monthName } from "./month-label";

describe("formatCurrency", () => {
  it("writes each currency the way SPEC §9's locale map says, with 2 decimals", () => {
    expect(formatCurrency(2.5, "GBP")).toBe("£2.50");
    expect(formatCurrency(1234.5, "USD")).toBe("$1,234.50");
    expect(formatCurrency(2.5, "EUR")).toBe("€2.50");
    expect(formatCurrency(2.5, "AUD")).toBe("$2.50");
    expect(formatCurrency(2.5, "CAD")).toBe("$2.50");
    expect(formatCurrency(100000, "INR")).toBe("₹1,00,000.00");
    expect(formatCurrency(1000, "JPY")).toMatch(/^[￥¥]1,000\.00$/);
  });

  it("falls back to en-US for currencies outside the map", () => {
    expect(formatCurrency(2.5, "CHF")).toBe("CHF\u00a02.50");
    expect(formatCurrency(2.5, "NZD")).toBe("NZ$2.50");
  });

  it("uses the household default, GBP, when no currency is known", () => {
    expect(formatCurrency(3)).toBe("£3.00");
  });

  it("rounds to 2 decimals", () => {
    expect(formatCurrency(0.125 + 0.01, "GBP")).toBe("£0.14");
    expect(formatCurrency(Number.NaN, "GBP")).toBe("£0.00");
  });
});

describe("formatDate", () => {
  it("writes 'MMM d, yyyy'", () => {
    expect(formatDate("2026-03-04T12:00:00.000Z")).toBe("Mar 4, 2026");
    expect(formatDate(new Date(2025, 11, 25))).toBe("Dec 25, 2025");
  });

  it("says 'Unknown' for a missing or invalid date", () => {
    expect(formatDate(null)).toBe("Unknown");
    expect(formatDate(undefined)).toBe("Unknown");
    expect(formatDate("")).toBe("Unknown");
    expect(formatDate("not a date")).toBe("Unknown");
    // Only ISO 8601, as the API writes it: what Date would guess from other text is not taken.
    expect(formatDate("March 4, 2026")).toBe("Unknown");
    expect(formatDate("2026-13-45T99:00:00Z")).toBe("Unknown");
  });
});

describe("formatDate in UTC", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("writes the day it was in UTC, whatever the day is here", () => {
    // 00:30 on 1 June in UK summer time is 23:30 on 31 May in UTC.
    vi.stubEnv("TZ", "Europe/London");
    expect(new Date("2026-05-31T23:30:00.000Z").getDate()).toBe(1);
    expect(formatDate("2026-05-31T23:30:00.000Z", { utc: true })).toBe("May 31, 2026");
    expect(formatDate("2026-06-01T00:30:00.000+01:00", { utc: true })).toBe("May 31, 2026");
    // A date alone is that day in UTC too, even where midnight UTC is the day before.
    vi.stubEnv("TZ", "America/New_York");
    expect(formatDate("2026-03-04", { utc: true })).toBe("Mar 4, 2026");
  });
});

describe("parseDate", () => {
  it("reads the API's date-times with their offset, and without one as local time", () => {
    expect(parseDate("2026-03-04T12:00:00.000Z").toISOString()).toBe("2026-03-04T12:00:00.000Z");
    expect(parseDate("2026-03-04T12:00:00+02:00").toISOString()).toBe("2026-03-04T10:00:00.000Z");
    expect(parseDate("2026-03-04T12:30")).toEqual(new Date(2026, 2, 4, 12, 30));
  });

  it("reads a date alone as that day here, not as midnight in London", () => {
    expect(parseDate("2026-03-04")).toEqual(new Date(2026, 2, 4));
    expect(formatDate("2026-03-04")).toBe("Mar 4, 2026");
  });
});

describe("plural", () => {
  it("adds an s unless the count is one, or takes the plural given", () => {
    expect(plural(1, "fine")).toBe("1 fine");
    expect(plural(0, "fine")).toBe("0 fines");
    expect(plural(2.5, "day")).toBe("2.5 days");
    expect(plural(3, "housemate", "housemates")).toBe("3 housemates");
  });
});

describe("month labels", () => {
  it("name UTC months in SPEC §9's en-US, as the fund's chart and Insights both show them", () => {
    expect(monthName("2026-09")).toBe("Sep");
    expect(monthLabel("2026-09")).toBe("Sep 26");
    expect(longMonthLabel("2026-09")).toBe("September 2026");
  });
});
