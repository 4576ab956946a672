import { describe, expect, it } from "vitest";
import { formatMoney } from "../src/values/currency.js";

describe("formatMoney, the one money format of screens and notification texts", () => {
  it("writes a currency as its locale does, with 2 decimals", () => {
    expect(formatMoney(2.5, "GBP")).toBe("£2.50");
    expect(formatMoney(1234.5, "USD")).toBe("$1,234.50");
  });

  it("still shows the amount for a code Intl refuses", () => {
    expect(formatMoney(2.5, "not a currency")).toBe("2.50");
  });
});
