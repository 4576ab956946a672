import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseSync, transformWithOxc, type Plugin } from "vite";
import { finesApi } from "@housemate/contract";
import { endpointsWithoutSchemas } from "./endpoints-without-schemas";

const contract = path.resolve(import.meta.dirname, "../../../packages/contract/src");
/** The bundler's parser, as a plugin's `this.parse` gives it. */
const parse = (code: string) => parseSync("module.js", code).program;

/** The plugin's transform as the build runs it: on the module's JavaScript, with the bundler's parser. */
async function built(file: string, source?: string): Promise<string> {
  const id = path.join(contract, file);
  const javascript = (await transformWithOxc(source ?? (await readFile(id, "utf8")), id)).code;
  const plugin: Plugin = endpointsWithoutSchemas();
  const transform = plugin.transform as (
    this: { parse: typeof parse },
    code: string,
    id: string,
  ) => { code: string } | null;
  const result = transform.call({ parse }, javascript, id);
  if (!result) throw new Error(`${file} was not transformed`);
  return result.code;
}

describe("the web's build leaves the endpoints' schemas out", () => {
  it("keeps every endpoint's method, path and auth, and nothing the server alone reads", async () => {
    const code = await built("fines-api.ts");
    expect(parseSync("module.js", code).errors).toEqual([]);
    // As many as fines-api.ts defines: one method each.
    expect(code.match(/method:/g)).toHaveLength(Object.keys(finesApi).length);
    expect(code).toContain('path: "/fines/household/:hid/fines/:fid/disputes/:did"');
    expect(code).not.toMatch(/\b(params|query|body|response|status|errors):/);
    expect(code).not.toContain("defineEndpoint");
    // What only the schemas needed is not imported, so its module is bundled where the screens that use it are.
    expect(code).not.toContain("./fines.js");
  });

  it("keeps an endpoint whose last property is left out whole, and the one after it", async () => {
    const source = `import { defineEndpoint } from "./endpoint.js";
export const a = defineEndpoint({ method: "GET", path: "/a", auth: "session", errors: [] });
export const b = defineEndpoint({ method: "PUT", path: "/b", consumes: ["image/png"], auth: "public", errors: ["CONFLICT"] });
`;
    const code = await built("example-api.ts", source);
    expect(code).toContain('{ method: "GET", path: "/a", auth: "session" }');
    expect(code).toContain('{ method: "PUT", path: "/b", consumes: ["image/png"], auth: "public" }');
  });

  it("rewrites every endpoint module of the contract to objects with a method, path and auth", async () => {
    const modules = (await readdir(contract)).filter((file) => file.endsWith("-api.ts"));
    expect(modules.length).toBeGreaterThan(10);
    for (const file of modules) {
      const code = await built(file);
      expect(code, file).not.toContain("defineEndpoint");
      expect(code.match(/method:/g)?.length, file).toBe(code.match(/auth:/g)?.length);
    }
  });

  it("keeps an import still used after the rewrite, whatever its name, and one there for its side effects", async () => {
    const source = `import { defineEndpoint } from "./endpoint.js";
import { $path } from "./paths.js";
import "./side-effects.js";
import { schema } from "./schemas.js";
export const a = defineEndpoint({ method: "GET", path: $path, response: schema, auth: "session", errors: [] });
`;
    const code = await built("example-api.ts", source);
    expect(code).toContain('from "./paths.js"');
    expect(code).toContain('import "./side-effects.js"');
    expect(code).not.toContain("./schemas.js");
  });

  it("fails the build on a definition it cannot see through, rather than shipping an endpoint without its path", async () => {
    const spread = `import { defineEndpoint } from "./endpoint.js";
const common = { auth: "session" };
export const a = defineEndpoint({ method: "GET", path: "/a", ...common, errors: [] });
`;
    await expect(built("example-api.ts", spread)).rejects.toThrow("must not spread another object");
    const indirect = `import { defineEndpoint } from "./endpoint.js";
const definition = { method: "GET", path: "/a", auth: "session", errors: [] };
export const a = defineEndpoint(definition);
`;
    await expect(built("example-api.ts", indirect)).rejects.toThrow("must be an object literal");
    const noPath = `import { defineEndpoint } from "./endpoint.js";
export const a = defineEndpoint({ method: "GET", auth: "session", errors: [] });
`;
    await expect(built("example-api.ts", noPath)).rejects.toThrow("without its path");
  });
});
