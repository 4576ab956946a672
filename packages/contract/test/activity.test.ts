import { describe, expect, it } from "vitest";
import {
  ACTIVITY_DETAILS,
  ACTIVITY_GROUP_KINDS,
  ACTIVITY_GROUPS,
  ACTIVITY_KINDS,
  activityGroupOf,
  activityQuery,
  expandActivityKinds,
} from "../src/index.js";

describe("the activity log's kinds (issue 20)", () => {
  it("puts every kind in exactly one filter group, and gives each its details", () => {
    const grouped = ACTIVITY_GROUPS.flatMap((group) => ACTIVITY_GROUP_KINDS[group]);
    expect([...grouped].sort()).toEqual([...ACTIVITY_KINDS].sort());
    expect(Object.keys(ACTIVITY_DETAILS).sort()).toEqual([...ACTIVITY_KINDS].sort());
    expect(activityGroupOf("fine.written_off")).toBe("fines");
    expect(activityGroupOf("invite.revoked")).toBe("household");
  });

  it("reads a kind filter of groups and kinds, in the kinds' order without repeats", () => {
    expect(expandActivityKinds("rule.deleted,rules")).toEqual(["rule.created", "rule.edited", "rule.deleted"]);
    expect(expandActivityKinds(" notes , fund.reversed")).toEqual([
      "note.added",
      "note.edited",
      "note.deleted",
      "note.reordered",
      "fund.reversed",
    ]);
    expect(expandActivityKinds("fines,gossip")).toBeNull();
    expect(expandActivityKinds("")).toBeNull();
  });

  it("takes the page's query: a limit of 1 to 100 (30 by default) and a date range in order", () => {
    expect(activityQuery.parse({})).toEqual({ limit: 30 });
    expect(activityQuery.safeParse({ limit: "101" }).success).toBe(false);
    expect(activityQuery.safeParse({ from: "2026-03-02", to: "2026-03-01" }).success).toBe(false);
    expect(activityQuery.safeParse({ kind: "members,fine.paid", from: "2026-03-01", to: "2026-03-01" }).success).toBe(
      true,
    );
  });
});
