import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NOTIFICATION_TYPES, pushText, pushUrlOf } from "../src/index.js";

/** The web app's route table: a push must open a page that exists. */
const router = readFileSync(new URL("../../../apps/web/src/app/router.tsx", import.meta.url), "utf8");

describe("pushUrlOf (issue 23)", () => {
  it.each(NOTIFICATION_TYPES.map((type) => [type.id, type.category] as const))(
    "%s opens its %s page, one of the app's routes",
    (id, category) => {
      const url = pushUrlOf(id);
      expect(url).toBe(`/dashboard/${category}`);
      expect(router).toContain(`path: "${url.slice("/dashboard/".length)}"`);
    },
  );

  it("opens the dashboard for a type it does not know (a push from a newer server)", () => {
    expect(pushUrlOf("fine_forgiven")).toBe("/dashboard");
  });
});

describe("pushText (issue 23)", () => {
  it("keeps a text of the limit whole, and cuts a longer one to the limit with an ellipsis", () => {
    expect(pushText("a".repeat(10), 10)).toBe("a".repeat(10));
    expect(pushText("a".repeat(11), 10)).toBe(`${"a".repeat(9)}…`);
    expect(Array.from(pushText("a".repeat(11), 10))).toHaveLength(10);
  });

  it("never cuts a character in two (a surrogate pair), and drops the spaces before the ellipsis", () => {
    expect(pushText("😀".repeat(11), 10)).toBe(`${"😀".repeat(9)}…`);
    expect(pushText("abc      xyz", 6)).toBe("abc…");
  });
});
