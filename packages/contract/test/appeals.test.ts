import { describe, expect, it } from "vitest";
import { APPEAL_MIN_MEMBERS, appealDeadline, appealRefusal, canAppeal, type AppealInput } from "../src/index.js";

/** The one copy of the appeal rule (issue 21, decision 047): each reason at its boundary, most telling first. */
const declinedAt = new Date("2026-03-02T10:00:00Z");
const appealable: AppealInput = {
  status: "pending",
  disputeRejected: true,
  declinedAt,
  appealed: false,
  memberCount: APPEAL_MIN_MEMBERS,
  hasAppealsFeature: true,
  now: new Date(appealDeadline(declinedAt).getTime() - 1),
};

describe("appealRefusal", () => {
  it("finds nothing in the way of a declined fine's person, with three members, until the window's last moment", () => {
    expect(appealRefusal(appealable)).toBeNull();
    expect(canAppeal(appealable)).toBe(true);
  });

  it.each([
    ["already_appealed", { appealed: true, status: "paid" }],
    ["paid", { status: "paid" }],
    ["cancelled", { status: "cancelled" }],
    ["not_declined", { disputeRejected: false }],
    ["not_declined", { declinedAt: null }],
    ["not_declined", { status: "disputed" }],
    ["too_few_members", { memberCount: APPEAL_MIN_MEMBERS - 1 }],
    ["no_appeals_feature", { hasAppealsFeature: false }],
    ["window_passed", { now: appealDeadline(declinedAt) }],
  ] as const)("answers %s for %o", (reason, change) => {
    const input = { ...appealable, ...change };
    expect(appealRefusal(input)).toBe(reason);
    expect(canAppeal(input)).toBe(false);
  });

  it("names the plan before the window: a Basic household is told to upgrade, not that time has run out", () => {
    expect(appealRefusal({ ...appealable, hasAppealsFeature: false, now: appealDeadline(declinedAt) })).toBe(
      "no_appeals_feature",
    );
  });
});
