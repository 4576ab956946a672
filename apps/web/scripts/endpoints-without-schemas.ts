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
 * every `defineEndpoint({...})` in the contract's endpoint modules becomes the object of the properties the web reads,
 * and the schemas only the endpoints used are then tree-shaken. Types are untouched (tsc reads the source), and the
 * tests run on the source.
 */
export function endpointsWithoutSchemas(): Plugin {
  return {
    name: "housemate:endpoints-without-schemas",
    apply: "build",
    // After TypeScript is stripped: the parser reads JavaScript.
    enforce: "post",
    transform(code, id) {
      if (!ENDPOINT_MODULE.test(id)) return null;
      const edits: { start: number; end: number; text: string }[] = [];
      const visit = (node: unknown): void => {
        if (Array.isArray(node)) {
          node.forEach(visit);
          return;
        }
        if (!isNode(node)) return;
        const callee = node.callee;
        const args: unknown = node.arguments;
        const definition: unknown = Array.isArray(args) ? args[0] : undefined;
        if (
          node.type === "CallExpression" &&
          isNode(callee) &&
          callee.name === "defineEndpoint" &&
          isNode(definition)
        ) {
          const properties = Array.isArray(definition.properties) ? definition.properties.filter(isNode) : [];
          const kept = properties.filter((property) => {
            const key = property.key;
            return !(isNode(key) && typeof key.name === "string" && SERVER_ONLY_KEYS.has(key.name));
          });
          // The call becomes the plain object of what the web reads (defineEndpoint's work is all for the server).
          const text = `{ ${kept.map((property) => code.slice(property.start, property.end)).join(", ")} }`;
          edits.push({ start: node.start, end: node.end, text });
          return;
        }
        for (const [key, value] of Object.entries(node)) if (key !== "type") visit(value);
      };
      const program: unknown = this.parse(code);
      visit(program);
      if (edits.length === 0)
        throw new Error(`${id}: no endpoint schemas found to leave out (has defineEndpoint changed?)`);
      // An import only the schemas used goes too: the module it names would otherwise be bundled where the endpoints
      // are (the shell), though only a lazy screen uses it.
      const statements = isNode(program) && Array.isArray(program.body) ? program.body.filter(isNode) : [];
      const unused = statements
        .filter((statement) => statement.type === "ImportDeclaration")
        .filter((statement) => {
          const specifiers = Array.isArray(statement.specifiers) ? statement.specifiers.filter(isNode) : [];
          const names = specifiers.flatMap((specifier) =>
            isNode(specifier.local) ? [String(specifier.local.name)] : [],
          );
          const rest = applied(code, [...edits, { start: statement.start, end: statement.end, text: "" }]);
          return names.every((name) => !new RegExp(`\\b${name}\\b`).test(rest));
        })
        .map((statement) => ({ start: statement.start, end: statement.end, text: "" }));
      return { code: applied(code, [...edits, ...unused]), map: null };
    },
  };
}

/** `code` with each edit's range replaced by its text (the ranges do not overlap). */
function applied(code: string, edits: { start: number; end: number; text: string }[]): string {
  let result = code;
  for (const { start, end, text } of [...edits].sort((a, b) => b.start - a.start))
    result = result.slice(0, start) + text + result.slice(end);
  return result;
}
