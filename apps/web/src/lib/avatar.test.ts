import { describe, expect, it } from "vitest";
import { AVATAR_COLORS, AVATAR_FALLBACK_COLOR, avatarColor, avatarInitials } from "./avatar";

describe("avatar initials", () => {
  it.each([
    ["Ana Lopez", "AL"],
    ["ana maría lópez", "AL"],
    ["Ana", "A"],
    ["  bo   chen  ", "BC"],
    ["élodie durand", "ÉD"],
    ["", "?"],
    ["   ", "?"],
    [null, "?"],
    [undefined, "?"],
  ])("%j → %s", (name, initials) => {
    expect(avatarInitials(name)).toBe(initials);
  });

  it("keeps an emoji whole", () => {
    expect(avatarInitials("🦊 Fox")).toBe("🦊F");
  });
});

describe("avatar colour", () => {
  it("offers twelve colours", () => {
    expect(new Set(AVATAR_COLORS).size).toBe(12);
  });

  it("picks the colour by the sum of the character codes modulo 12", () => {
    // 'A' = 65 → 65 % 12 = 5; 'Ab' = 65 + 98 = 163 → 163 % 12 = 7
    expect(avatarColor("A")).toBe(AVATAR_COLORS[5]);
    expect(avatarColor("Ab")).toBe(AVATAR_COLORS[7]);
    // 'Ana Lopez' sums to 826 → 826 % 12 = 10
    expect(avatarColor("Ana Lopez")).toBe(AVATAR_COLORS[10]);
  });

  it("gives the same person the same colour every time", () => {
    expect(avatarColor("Bo Chen")).toBe(avatarColor("Bo Chen"));
  });

  it("is grey without a name", () => {
    expect(avatarColor("")).toBe(AVATAR_FALLBACK_COLOR);
    expect(avatarColor(null)).toBe(AVATAR_FALLBACK_COLOR);
    expect(AVATAR_FALLBACK_COLOR).toContain("gray");
  });
});
