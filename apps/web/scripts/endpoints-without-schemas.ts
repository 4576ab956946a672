import type { Plugin } from "vite";

/** The contract's endpoint modules (packages/contract/src/<feature>-api.ts). */
const ENDPOINT_MODULE = /\/packages\/contract\/src\/[\w-]+-api\.ts$/;
/**
 * What the server validates and documents with, and the types come from: the web's client reads none of them at
 * runtime (it reads method, path, auth and consumes).
 */
const SERVER_ONLY_KEYS = new Set(["params", "query", "body", "response", "status", "errors"]);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}
const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && "type" in value;

/**
 * The web calls an endpoint by its method, path and auth (lib/api-client.ts) and takes its answer's type from the
 * response schema without parsing it (decision 028). So the build leaves each endpoint's schemas out of the bundle:
 * this drops the schema properties of every `defineEndpoint({...})` in the contract's endpoint modules, and the
 * schemas that only they used are then tree-shaken. Types are untouched (tsc reads the source); tests keep them.
 */
export function endpointsWithoutSchemas(): Plugin {
  return {
    name: "housemate:endpoints-without-schemas",
    apply: "build",
    // After TypeScript is stripped: the parser reads JavaScript.
    enforce: "post",
    transform(code, id) {
      if (!ENDPOINT_MODULE.test(id)) return null;
      const cuts: [number, number][] = [];
      const visit = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(visit);
        if (!isNode(node)) return;
        const callee = node.callee;
        const [definition] = Array.isArray(node.arguments) ? node.arguments : [];
        if (node.type === "CallExpression" && isNode(callee) && callee.name === "defineEndpoint" && isNode(definition)) {
          const properties = Array.isArray(definition.properties) ? definition.properties.filter(isNode) : [];
          for (const property of properties) {
            const key = property.key;
            if (isNode(key) && typeof key.name === "string" && SERVER_ONLY_KEYS.has(key.name)) {
              // The property and the comma after it.
              const comma = code.indexOf(",", property.end);
              cuts.push([property.start, comma === -1 ? property.end : comma + 1]);
            }
          }
        }
        for (const [key, value] of Object.entries(node)) if (key !== "type") visit(value);
      };
      visit(this.parse(code));
      if (cuts.length === 0) throw new Error(`${id}: no endpoint schemas found to leave out (has defineEndpoint changed?)`);
      let stripped = code;
      for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) stripped = stripped.slice(0, start) + stripped.slice(end);
      return { code: stripped, map: null };
    },
  };
}
