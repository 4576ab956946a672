import { describe, expect, it } from "vitest";
import type { Dispute } from "@housemate/contract";
import { disputeOf, parseFineDescription } from "./fine-description";

describe("parseFineDescription", () => {
  it("keeps a plain description as it is", () => {
    expect(parseFineDescription("Left the pans to soak")).toEqual({ text: "Left the pans to soak", sections: [] });
    expect(parseFineDescription(null)).toEqual({ text: "", sections: [] });
  });

  it("splits off the appended dispute sections in order", () => {
    const description =
      "Left the pans\n\nDispute reason: They were soaking\n\nDispute declined: Three days is not soaking";
    expect(parseFineDescription(description)).toEqual({
      text: "Left the pans",
      sections: [
        { kind: "dispute-reason", text: "They were soaking" },
        { kind: "dispute-declined", text: "Three days is not soaking" },
      ],
    });
  });

  it("reads a description that is only a dispute section", () => {
    expect(parseFineDescription("Dispute reason: Not me")).toEqual({
      text: "",
      sections: [{ kind: "dispute-reason", text: "Not me" }],
    });
  });

  it("splits off an appeal and its decision after the dispute's sections (issue 21)", () => {
    const description = [
      "Left the pans",
      "Dispute reason: They were soaking",
      "Dispute declined: Three days is not soaking",
      "Appeal: Sam saw me wash up",
      "Appeal decided: Cancelled by the house, 2 votes to 0.",
    ].join("\n\n");
    expect(parseFineDescription(description).sections).toEqual([
      { kind: "dispute-reason", text: "They were soaking" },
      { kind: "dispute-declined", text: "Three days is not soaking" },
      { kind: "appeal", text: "Sam saw me wash up" },
      { kind: "appeal-decided", text: "Cancelled by the house, 2 votes to 0." },
    ]);
  });

  it("leaves a marker in the middle of a sentence alone", () => {
    expect(parseFineDescription("He wrote Dispute reason: none").sections).toEqual([]);
  });
});

describe("disputeOf", () => {
  const record: Dispute = {
    id: "d1",
    fine_id: "f1",
    reason: "From the record",
    explanation: "From the record",
    status: "pending",
    reviewer_note: null,
    created_at: "2026-01-02T00:00:00.000Z",
    updated_at: "2026-01-02T00:00:00.000Z",
  };

  it("prefers the server's record", () => {
    expect(disputeOf({ description: "x\n\nDispute reason: From the text" }, record)).toMatchObject({
      id: "d1",
      reason: "From the record",
    });
  });

  it("builds one from the text after 'Dispute reason:' when there is no record", () => {
    expect(disputeOf({ description: "x\n\nDispute reason: From the text" })).toEqual({
      id: undefined,
      reason: "From the text",
      status: "pending",
      reviewerNote: null,
      createdAt: undefined,
    });
  });

  it("falls back to 'No reason provided'", () => {
    expect(disputeOf({ description: "Nothing appended" }).reason).toBe("No reason provided");
    expect(disputeOf({ description: "Dispute reason:" }).reason).toBe("No reason provided");
  });
});
