import { describe, expect, it } from "vitest";
import { createFineBody, updateFineBody } from "../src/fines.js";
import { AMOUNT_MIN_MESSAGE } from "../src/common.js";
import { createProposalBody } from "../src/fund.js";
import { createRuleBody, updateRuleBody } from "../src/rules.js";
import { amountFieldText, formatMoney } from "../src/values/currency.js";

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

describe("a rule's fine (issue 18)", () => {
  const id = "11111111-1111-4111-8111-111111111111";
  const rule = (fine_amount: number) =>
    createRuleBody.safeParse({ title: "Bins", description: "Out on Tuesday", fine_amount, household_id: id });

  it("must be more than 0, as the fine it fills in must, with the same message", () => {
    expect(rule(0.01).success).toBe(true);
    expect(rule(0).error?.issues[0]?.message).toBe(AMOUNT_MIN_MESSAGE);
    expect(updateRuleBody.safeParse({ fine_amount: 0 }).error?.issues[0]?.message).toBe(AMOUNT_MIN_MESSAGE);
    expect(
      createFineBody.safeParse({ offender_id: id, rule_id: id, household_id: id, amount: 0 }).error?.issues[0]?.message,
    ).toBe(AMOUNT_MIN_MESSAGE);
  });
});

describe("amountFieldText, an amount field's text as amounts are written", () => {
  it("writes 2 decimals", () => {
    expect(amountFieldText(2)).toBe("2.00");
    expect(amountFieldText("2.5")).toBe("2.50");
    expect(amountFieldText(" 12 ")).toBe("12.00");
  });

  it("leaves what it cannot write so as typed, for the form's check to explain", () => {
    expect(amountFieldText("")).toBe("");
    expect(amountFieldText("abc")).toBe("abc");
    expect(amountFieldText("1.005")).toBe("1.005");
  });
});
