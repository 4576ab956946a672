import { describe, expect, it } from "vitest";
import { shellServerOrigin } from "./server-origin";

describe("the phone apps' server (HOUSEMATE_URL)", () => {
  it("is this origin on the web, where it is unset", () => {
    expect(shellServerOrigin(undefined)).toBe("");
    expect(shellServerOrigin("  ")).toBe("");
  });

  it.each([
    ["https://housemate.example", "https://housemate.example"],
    ["https://housemate.example/", "https://housemate.example"],
    ["https://Housemate.Example:8443", "https://housemate.example:8443"],
  ])("takes the origin of %s", (value, origin) => {
    expect(shellServerOrigin(value)).toBe(origin);
  });

  it.each([
    ["http://housemate.example", "an https address"],
    ["housemate.example", "the server's https address"],
    ["https://housemate.example/app", "the server's origin alone"],
    ["https://housemate.example/?x=1", "the server's origin alone"],
    ["https://user:secret@housemate.example", "the server's origin alone"],
  ])("refuses %s", (value, reason) => {
    expect(() => shellServerOrigin(value)).toThrow(reason);
  });
});
