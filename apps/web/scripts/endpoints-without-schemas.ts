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
        if (node.type === "CallExpression" && isNode(callee) && callee.name === "defineEndpoint") {
          edits.push({ start: node.start, end: node.end, text: clientObject(code, id, definition) });
          return;
        }
        for (const [key, value] of Object.entries(node)) if (key !== "type") visit(value);
      };
      visit(this.parse(code));
      if (edits.length === 0)
        throw new Error(`${id}: no endpoint schemas found to leave out (has defineEndpoint changed?)`);
      // An import only the schemas used goes too: the module it names would otherwise be bundled where the endpoints
      // are (the shell), though only a lazy screen uses it. "Used" is any identifier left outside the imports (a
      // property key counts too, which can only keep an import, never drop a used one).
      const rewritten = applied(code, edits);
      const statements = bodyOf(this.parse(rewritten));
      const used = new Set<string>();
      collectIdentifiers(
        statements.filter((statement) => statement.type !== "ImportDeclaration"),
        used,
      );
      const unused = statements
        .filter((statement) => statement.type === "ImportDeclaration")
        .filter((statement) => {
          const names = localNames(statement);
          // An import without names is there for its side effects: it stays.
          return names.length > 0 && names.every((name) => !used.has(name));
        })
        .map((statement) => ({ start: statement.start, end: statement.end, text: "" }));
      return { code: applied(rewritten, unused), map: null };
    },
  };
}

/**
 * The plain object a `defineEndpoint({...})` call becomes: the properties the web reads. Anything the rewrite cannot
 * see through (a definition that is not an object literal, a spread, a missing method, path or auth) fails the build,
 * where a silent miss would ship an endpoint without its path, or the schemas in the shell.
 */
function clientObject(code: string, id: string, definition: unknown): string {
  if (!isNode(definition) || definition.type !== "ObjectExpression" || !Array.isArray(definition.properties)) {
    throw new Error(`${id}: defineEndpoint's argument must be an object literal`);
  }
  const properties = definition.properties.filter(isNode);
  if (properties.some((property) => property.type !== "Property")) {
    throw new Error(`${id}: defineEndpoint's definition must not spread another object`);
  }
  const keyOf = (property: Node) => (isNode(property.key) ? String(property.key.name) : "");
  const kept = properties.filter((property) => !SERVER_ONLY_KEYS.has(keyOf(property)));
  const keptKeys = new Set(kept.map(keyOf));
  for (const key of ["method", "path", "auth"]) {
    if (!keptKeys.has(key)) throw new Error(`${id}: an endpoint without its ${key} cannot be called`);
  }
  return `{ ${kept.map((property) => code.slice(property.start, property.end)).join(", ")} }`;
}

const bodyOf = (program: unknown): Node[] =>
  isNode(program) && Array.isArray(program.body) ? program.body.filter(isNode) : [];

const localNames = (statement: Node): string[] =>
  (Array.isArray(statement.specifiers) ? statement.specifiers.filter(isNode) : []).flatMap((specifier) =>
    isNode(specifier.local) ? [String(specifier.local.name)] : [],
  );

function collectIdentifiers(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const child of node) collectIdentifiers(child, into);
    return;
  }
  if (!isNode(node)) return;
  if (node.type === "Identifier" && typeof node.name === "string") into.add(node.name);
  for (const [key, value] of Object.entries(node)) if (key !== "type") collectIdentifiers(value, into);
}

/** `code` with each edit's range replaced by its text (the ranges do not overlap). */
function applied(code: string, edits: { start: number; end: number; text: string }[]): string {
  let result = code;
  for (const { start, end, text } of [...edits].sort((a, b) => b.start - a.start))
    result = result.slice(0, start) + text + result.slice(end);
  return result;
}
