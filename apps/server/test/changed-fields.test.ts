import { describe, expect, it } from "vitest";
import { changedFields } from "../src/features/activity/changed-fields.js";

describe("an edit's before and after, as the log keeps it", () => {
  it("keeps only the fields that changed, on both sides", () => {
    const was = { title: "Dishes", description: "In the sink", fine_amount: 2.5 };
    const is = { title: "Dishes", description: "Left overnight", fine_amount: 3 };
    expect(changedFields(was, is)).toEqual({
      before: { description: "In the sink", fine_amount: 2.5 },
      after: { description: "Left overnight", fine_amount: 3 },
    });
  });

  it("is empty on both sides when nothing changed (nothing to log)", () => {
    const same = { content: "Bins on Tuesday", color: "yellow" };
    expect(changedFields(same, { ...same })).toEqual({ before: {}, after: {} });
  });

  it("counts a boolean turned off as a change", () => {
    expect(changedFields({ join_by_id: true }, { join_by_id: false })).toEqual({
      before: { join_by_id: true },
      after: { join_by_id: false },
    });
  });
});
