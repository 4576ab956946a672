import { describe, expect, it } from "vitest";
import { nativeProjectSettings, requiredShellServerOrigin, shellServerOrigin } from "./server-origin";

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

  it("is required for the phone apps' build, which has no page origin to fall back on", () => {
    expect(() => requiredShellServerOrigin(undefined)).toThrow("Set HOUSEMATE_URL");
    expect(() => requiredShellServerOrigin("")).toThrow("Set HOUSEMATE_URL");
    expect(() => requiredShellServerOrigin("http://housemate.example")).toThrow("an https address");
    expect(requiredShellServerOrigin("https://housemate.example/")).toBe("https://housemate.example");
  });

  it("is all the native projects learn, from cap:sync's files: the links' host is the called server's", () => {
    expect(nativeProjectSettings("https://housemate.example:8443")).toEqual({
      android: "housemateUrl=https://housemate.example:8443\nhousemateHost=housemate.example\n",
      ios: "HOUSEMATE_HOST = housemate.example\n",
    });
  });
});
