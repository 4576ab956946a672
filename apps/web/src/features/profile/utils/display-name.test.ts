import { describe, expect, it } from "vitest";
import { DISPLAY_NAME_MESSAGE } from "@housemate/contract";
import { checkDisplayName, isBlankName } from "./display-name";

describe("display name (SPEC §5)", () => {
  it.each([
    ["Ben Hall", "Ben Hall"],
    ["  Ana   María  ", "Ana María"],
    ["José-Luis O.", "José-Luis O."],
    ["jo_2", "jo_2"],
    ["Zoë Ørsted", "Zoë Ørsted"],
  ])("accepts %j as %j", (typed, saved) => {
    expect(checkDisplayName(typed)).toEqual({ valid: true, name: saved });
  });

  it.each([
    ["<b>Ben</b>", "Ben"],
    ["Ben DROP TABLE users", "Ben TABLE users"],
    ["select Ana", "Ana"],
    ["<img src=x onerror=alert(1)>Ana", "Ana"],
  ])("strips markup and SQL or script words from %j first, saving %j", (typed, saved) => {
    expect(checkDisplayName(typed)).toEqual({ valid: true, name: saved });
  });

  it.each([
    ["Ben!"],
    ["ben@example.com"],
    ["Ben; rm -rf"],
    ["<script>alert(1)</script>"],
    ["x".repeat(51)],
    ["<i></i>"],
    ["DROP"],
    ["   "],
  ])("refuses %j with SPEC's message", (typed) => {
    expect(checkDisplayName(typed)).toEqual({ valid: false, message: DISPLAY_NAME_MESSAGE });
  });

  it("allows exactly 50 characters", () => {
    expect(checkDisplayName("x".repeat(50))).toEqual({ valid: true, name: "x".repeat(50) });
  });

  it("calls a name blank when it is only spaces", () => {
    expect(isBlankName("")).toBe(true);
    expect(isBlankName("   ")).toBe(true);
    expect(isBlankName(" a ")).toBe(false);
  });
});
