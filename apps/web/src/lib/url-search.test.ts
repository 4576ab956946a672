import { describe, expect, it } from "vitest";
import { isRangeBackwards, utcDay } from "./date-range";
import { hasAnyFilter, oneOf, readDay, readId, writeFilters } from "./url-search";

const ID = "11111111-1111-4111-8111-111111111111";

describe("url-search", () => {
  it("reads what a link can mean and leaves the rest out", () => {
    const params = new URLSearchParams({ member: ID, rule: "nope", from: "2026-03-01", to: "March", kind: "fines" });
    expect(readId(params, "member")).toBe(ID);
    expect(readId(params, "rule")).toBeUndefined();
    expect(readDay(params, "from")).toBe("2026-03-01");
    expect(readDay(params, "to")).toBeUndefined();
    expect(oneOf(["fines", "rules"] as const, params.get("kind"))).toBe("fines");
    expect(oneOf(["fines", "rules"] as const, "notes")).toBeUndefined();
  });

  it("writes only the filters set, and knows whether any is", () => {
    const search = { member: ID, from: undefined, to: "2026-03-31" };
    expect(writeFilters(new URLSearchParams(), search, ["member", "from", "to"]).toString()).toBe(
      `member=${ID}&to=2026-03-31`,
    );
    expect(hasAnyFilter(search, ["from"])).toBe(false);
    expect(hasAnyFilter(search, ["from", "to"])).toBe(true);
  });
});

describe("date-range", () => {
  it("refuses a range that ends before it starts, and only that", () => {
    expect(isRangeBackwards({ from: "2026-03-02", to: "2026-03-01" })).toBe(true);
    expect(isRangeBackwards({ from: "2026-03-01", to: "2026-03-01" })).toBe(false);
    expect(isRangeBackwards({ from: "2026-03-02" })).toBe(false);
  });

  it("names an instant's UTC day, whatever the device's zone", () => {
    expect(utcDay(new Date("2025-12-31T23:30:00-02:00"))).toBe("2026-01-01");
  });
});
