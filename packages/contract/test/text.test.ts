import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  cleanText,
  createFineBody,
  createHouseholdBody,
  createNoteBody,
  createRuleBody,
  DISPLAY_NAME_MESSAGE,
  loginBody,
  disputeBody,
  displayNameSchema,
  rawTextLimit,
  reverseTransactionBody,
  reviewBody,
  sanitizeDisplayName,
  updateFineBody,
  updateNoteBody,
  updateRuleBody,
  updateUserBody,
  uploadUrlBody,
} from "../src/index.js";

const RLO = "\u202E"; // right-to-left override: reverses what follows on screen
const ZWSP = "\u200B"; // zero-width space
const ZWJ = "\u200D";
const ZWNJ = "\u200C";
const INVISIBLES = [
  RLO,
  ZWSP,
  "\u2066",
  "\u200E",
  "\uFEFF",
  "\u00AD",
  "\u0000",
  "\u001B",
  "\u007F",
  "\u009B",
  "\u{E0041}",
];

const id = () => crypto.randomUUID();

/** Every free-text field of every request, with a valid body around it and the value it should come out as. */
const fields: { name: string; schema: z.ZodType; body: (text: string) => object; pick: (out: never) => unknown }[] = [
  {
    name: "display name",
    schema: updateUserBody,
    body: (v) => ({ display_name: v }),
    pick: (o: { display_name: string }) => o.display_name,
  },
  {
    name: "display name asked for at sign-up",
    schema: loginBody,
    body: (v) => ({ email: "ana@example.com", displayName: v }),
    pick: (o: { displayName: string }) => o.displayName,
  },
  { name: "bio", schema: updateUserBody, body: (v) => ({ bio: v }), pick: (o: { bio: string }) => o.bio },
  {
    name: "household name",
    schema: createHouseholdBody,
    body: (v) => ({ name: v }),
    pick: (o: { name: string }) => o.name,
  },
  {
    name: "rule title",
    schema: createRuleBody,
    body: (v) => ({ title: v, description: "Wash up", fine_amount: 1, household_id: id() }),
    pick: (o: { title: string }) => o.title,
  },
  {
    name: "rule description",
    schema: createRuleBody,
    body: (v) => ({ title: "Dishes", description: v, fine_amount: 1, household_id: id() }),
    pick: (o: { description: string }) => o.description,
  },
  {
    name: "rule title edit",
    schema: updateRuleBody,
    body: (v) => ({ title: v }),
    pick: (o: { title: string }) => o.title,
  },
  {
    name: "fine description",
    schema: createFineBody,
    body: (v) => ({ offender_id: id(), rule_id: id(), amount: 1, household_id: id(), description: v }),
    pick: (o: { description: string }) => o.description,
  },
  {
    name: "evidence note",
    schema: createFineBody,
    body: (v) => ({ offender_id: id(), rule_id: id(), amount: 1, household_id: id(), evidence: { note: v } }),
    pick: (o: { evidence: { note: string } }) => o.evidence.note,
  },
  {
    name: "fine description edit",
    schema: updateFineBody,
    body: (v) => ({ description: v }),
    pick: (o: { description: string }) => o.description,
  },
  {
    name: "dispute reason",
    schema: disputeBody,
    body: (v) => ({ reason: v }),
    pick: (o: { reason: string }) => o.reason,
  },
  {
    name: "review reason",
    schema: reviewBody,
    body: (v) => ({ action: "decline", reason: v }),
    pick: (o: { reason: string }) => o.reason,
  },
  {
    name: "note content",
    schema: createNoteBody,
    body: (v) => ({ content: v }),
    pick: (o: { content: string }) => o.content,
  },
  {
    name: "note edit",
    schema: updateNoteBody,
    body: (v) => ({ content: v }),
    pick: (o: { content: string }) => o.content,
  },
  {
    name: "upload file name",
    schema: uploadUrlBody,
    body: (v) => ({ fileName: v, fileType: "image/png", fileSize: 10, category: "fine-evidence" }),
    pick: (o: { fileName: string }) => o.fileName,
  },
];

describe("invisible characters in free text", () => {
  it.each(fields)("are stripped from the $name", ({ schema, body, pick }) => {
    const typed = `Ana${INVISIBLES.join("")}lyse`;
    const result = schema.safeParse(body(` ${RLO}${typed}${ZWSP} `));
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
    expect(pick(result.data as never)).toBe("Analyse");
  });

  it("refuses a required field made only of zero-width and bidi characters, like an empty one", () => {
    const invisible = `${ZWSP}${ZWJ}${ZWNJ}${RLO}\u2060${ZWJ}`;
    const rule = createRuleBody.safeParse({ title: invisible, description: "x", fine_amount: 1, household_id: id() });
    expect(rule.error?.issues.map((issue) => issue.message)).toEqual(["Title is required"]);
    expect(createNoteBody.safeParse({ content: invisible }).error?.issues[0]?.message).toBe("Note cannot be empty");
    expect(createHouseholdBody.safeParse({ name: invisible }).error?.issues[0]?.message).toBe(
      "Household name is required",
    );
    expect(displayNameSchema.safeParse(invisible).error?.issues[0]?.message).toBe(DISPLAY_NAME_MESSAGE);
  });

  it("counts a reason's length without its invisible characters", () => {
    expect(disputeBody.safeParse({ reason: `ab${ZWSP.repeat(10)}cd` }).success).toBe(false);
  });

  it.each([
    ["family", "👨‍👩‍👧‍👦"],
    ["rainbow flag", "🏳️‍🌈"],
    ["heart on fire", "❤️‍🔥"],
    ["Scotland's flag (tag sequence)", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"],
    ["national flag", "🇬🇧"],
    ["skin tone", "👍🏽"],
    ["keycap", "1️⃣"],
  ])("keeps the %s emoji whole", (_name, emoji) => {
    expect(cleanText(`Party ${emoji}!`, { multiLine: false })).toBe(`Party ${emoji}!`);
    expect(createNoteBody.parse({ content: emoji }).content).toBe(emoji);
  });

  it("keeps joiners inside words, where Persian and Indic spelling needs them", () => {
    expect(cleanText("می‌خواهم", { multiLine: false })).toBe("می‌خواهم");
    expect(cleanText("क्‍ष", { multiLine: false })).toBe("क्‍ष");
  });

  it("drops half a surrogate pair standing alone, and keeps whole pairs", () => {
    expect(cleanText("Ana\uD800 \uDC00Ben \u{1F600}", { multiLine: false })).toBe("Ana Ben \u{1F600}");
    expect(reverseTransactionBody.safeParse({ reason: "\uD800" }).error?.issues[0]?.message).toBe(
      "Give a reason for the correction",
    );
  });

  it("drops joiners and tag characters that join nothing", () => {
    expect(cleanText(`${ZWJ}Ana ${ZWNJ}Ben${ZWJ}`, { multiLine: false })).toBe("Ana Ben");
    expect(cleanText(`a${ZWJ}${ZWJ}b`, { multiLine: false })).toBe("ab");
    expect(cleanText("🏴\u{E0067}\u{E0062}", { multiLine: false })).toBe("🏴");
  });

  it("turns line breaks and tabs into spaces on one line, and keeps line breaks in notes", () => {
    expect(cleanText("Dishes\r\nand\tpans\u2028now", { multiLine: false })).toBe("Dishes and pans now");
    expect(cleanText("Milk\r\nEggs\rBread\u2029Tea\tx", { multiLine: true })).toBe("Milk\nEggs\nBread\nTea x");
    expect(createNoteBody.parse({ content: "Milk\r\nEggs" }).content).toBe("Milk\nEggs");
  });
});

describe("length is checked before any transform", () => {
  it("refuses an input over the raw limit without cleaning it", () => {
    const result = createNoteBody.safeParse({ content: ZWSP.repeat(rawTextLimit(1000) + 1) });
    expect(result.error?.issues).toEqual([expect.objectContaining({ code: "too_big", maximum: rawTextLimit(1000) })]);
  });

  it("still takes a full-length note sent with Windows line ends", () => {
    const content = "abc\r\n".repeat(250);
    expect(content.length).toBeGreaterThan(1000);
    expect(createNoteBody.parse({ content }).content).toHaveLength(999);
  });

  it("refuses '<' repeated 160,000 times as a display name within a few milliseconds", () => {
    const started = performance.now();
    const result = displayNameSchema.safeParse("<".repeat(160_000));
    expect(performance.now() - started).toBeLessThan(50);
    expect(result.error?.issues[0]?.message).toBe(DISPLAY_NAME_MESSAGE);
  });

  it.each([
    ["'<' repeated", "<".repeat(100_000)],
    ["'<a' repeated", "<a".repeat(50_000)],
    ["unclosed tag then spaces", `<${" ".repeat(100_000)}`],
    ["zero-width joiners", ZWJ.repeat(100_000)],
    ["an untagged flag run", `🏴${"\u{E0041}".repeat(50_000)}`],
    ["keyword-like words", "selec".repeat(20_000)],
  ])("sanitises 100 KB of %s in linear time", (_name, input) => {
    const started = performance.now();
    sanitizeDisplayName(input);
    cleanText(input, { multiLine: true });
    expect(performance.now() - started).toBeLessThan(250);
  });
});
