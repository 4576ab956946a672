import { describe, expect, it } from "vitest";
import { createFineBody, updateFineBody } from "../src/fines.js";
import { createProposalBody } from "../src/fund.js";
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

describe("amounts that move money", () => {
  const id = "11111111-1111-4111-8111-111111111111";
  const fine = (amount: number) =>
    createFineBody.safeParse({ offender_id: id, rule_id: id, household_id: id, amount }).success;
  const edit = (amount: number) => updateFineBody.safeParse({ amount }).success;
  const proposal = (amount: number) => createProposalBody.safeParse({ title: "Pizza night", amount }).success;

  it("are at least one minor unit: a positive number that rounds to 0 minor units is refused", () => {
    for (const check of [fine, edit, proposal]) {
      expect([0.01, 2.5, 100_000].map(check)).toEqual([true, true, true]);
      // Found by the server's fuzzer: 3e-323 passed "more than 0" and reached the database as 0.
      expect([0, -1, 3e-323, 0.004, 100_000.01].map(check)).toEqual([false, false, false, false, false]);
    }
  });
});
