import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { APP_SOURCES, buildVersion } from "./build-version";

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

function write(file: string, text: string) {
  const at = path.join(root ?? "", file);
  mkdirSync(path.dirname(at), { recursive: true });
  writeFileSync(at, text);
}

describe("the build version (the last-seen copy's buster)", () => {
  it("hashes the web's own code and the lockfile besides the contract, so a web-only deploy drops kept copies too", () => {
    expect(APP_SOURCES).toEqual(expect.arrayContaining(["apps/web/src", "packages/contract/src", "package-lock.json"]));
    root = mkdtempSync(path.join(tmpdir(), "build-version-"));
    write("apps/web/src/features/fines/api/get-fines.ts", "export const key = ['fines'];");
    write("apps/web/index.html", "<html></html>");
    write("packages/contract/src/fine.ts", "export {};");
    write("package-lock.json", "{}");
    const before = buildVersion(APP_SOURCES, root);
    expect(buildVersion(APP_SOURCES, root)).toBe(before);

    write("apps/web/src/features/fines/api/get-fines.ts", "export const key = ['fines', 'v2'];");
    const afterWebChange = buildVersion(APP_SOURCES, root);
    expect(afterWebChange).not.toBe(before);

    write("package-lock.json", '{"lockfileVersion": 3}');
    expect(buildVersion(APP_SOURCES, root)).not.toBe(afterWebChange);
  });

  it("reads the real repository's sources", () => {
    expect(buildVersion()).toMatch(/^[0-9a-f]{16}$/);
  });
});
