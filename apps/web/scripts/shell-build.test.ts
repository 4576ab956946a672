import { describe, expect, it } from "vitest";
import { buildTarget, SHELL_BUILD_DIR, SHELL_BUILD_MODE } from "./shell-build";

describe("the phone apps' build (vite build --mode shell, npm run cap:sync)", () => {
  it("goes to its own folder, for HOUSEMATE_URL's server, with no service worker", () => {
    expect(buildTarget(SHELL_BUILD_MODE, "https://housemate.example/")).toEqual({
      shell: true,
      outDir: SHELL_BUILD_DIR,
      serverOrigin: "https://housemate.example",
    });
    expect(SHELL_BUILD_DIR).not.toBe("dist");
  });

  it("is refused without a server to call", () => {
    expect(() => buildTarget(SHELL_BUILD_MODE, undefined)).toThrow("Set HOUSEMATE_URL");
    expect(() => buildTarget(SHELL_BUILD_MODE, " ")).toThrow("Set HOUSEMATE_URL");
  });

  it("leaves the web's build as it was: dist, calling its own origin whatever HOUSEMATE_URL says", () => {
    for (const url of [undefined, "https://housemate.example"]) {
      expect(buildTarget("production", url)).toEqual({ shell: false, outDir: "dist", serverOrigin: "" });
    }
  });
});
