import { describe, expect, it } from "vitest";
import {
  CURRENCIES,
  DISPLAY_NAME_MESSAGE,
  createFineBody,
  displayNameSchema,
  loginBody,
  moneySchema,
  sanitizeDisplayName,
  thumbnailUrl,
} from "../src/index.js";

describe("money", () => {
  it("accepts at most two decimals", () => {
    expect(moneySchema.safeParse(2.5).success).toBe(true);
    expect(moneySchema.safeParse(0.1 + 0.2).success).toBe(true);
    expect(moneySchema.safeParse(2.555).success).toBe(false);
  });

  it("refuses a fine of zero or above 100000", () => {
    const base = { offender_id: crypto.randomUUID(), rule_id: crypto.randomUUID(), household_id: crypto.randomUUID() };
    expect(createFineBody.safeParse({ ...base, amount: 0 }).success).toBe(false);
    expect(createFineBody.safeParse({ ...base, amount: 100_000.01 }).success).toBe(false);
    expect(createFineBody.safeParse({ ...base, amount: 100_000 }).success).toBe(true);
  });
});

describe("display name (SPEC §5)", () => {
  it("strips markup and script keywords before validating", () => {
    expect(sanitizeDisplayName("<b>Ana</b> María")).toBe("Ana María");
    expect(sanitizeDisplayName("Bob <script>alert(1)</script>")).toBe("Bob alert(1)");
    expect(displayNameSchema.parse("  Zoë O.-K_ ")).toBe("Zoë O.-K_");
  });

  it("refuses other characters and over-long names with SPEC's message", () => {
    for (const bad of ["Ana!", "x".repeat(51), "<b></b>", "a@b"]) {
      const result = displayNameSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(DISPLAY_NAME_MESSAGE);
    }
  });
});

describe("login", () => {
  it("normalises the email so case cannot make a second account", () => {
    expect(loginBody.parse({ email: "  Ana@Example.COM " }).email).toBe("ana@example.com");
    expect(loginBody.safeParse({ email: "not-an-email" }).success).toBe(false);
  });
});

describe("currencies", () => {
  it("offers SPEC's twelve", () => {
    expect(CURRENCIES).toEqual(["USD", "EUR", "GBP", "CAD", "AUD", "NZD", "JPY", "CNY", "INR", "SGD", "HKD", "CHF"]);
  });
});

describe("an upload's thumbnail address", () => {
  it("adds the size to an upload's address, absolute or not, beside any parameter it has", () => {
    expect(thumbnailUrl("https://flat.example/files/profile-pictures/a.jpg")).toBe(
      "https://flat.example/files/profile-pictures/a.jpg?size=thumbnail",
    );
    expect(thumbnailUrl("/files/receipts/a.png")).toBe("/files/receipts/a.png?size=thumbnail");
    expect(thumbnailUrl("/files/receipts/a.png?v=2")).toBe("/files/receipts/a.png?v=2&size=thumbnail");
  });

  it("leaves an address that is not an upload's as it is", () => {
    expect(thumbnailUrl("https://lh3.example.com/a/photo=s96")).toBe("https://lh3.example.com/a/photo=s96");
  });
});
