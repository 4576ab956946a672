import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { check } from "recheck";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { DESCRIPTION_MARKERS } from "../../../web/src/features/fines/utils/fine-description.js";

/**
 * Every regular expression in our sources must run in linear time: one request with a crafted
 * string must not hold the event loop (decision 018). The patterns are collected by parsing the
 * sources with the TypeScript compiler, so a new one is checked without anyone listing it, and
 * judged by recheck, which proves or refutes super-linear backtracking.
 */

const root = path.resolve(import.meta.dirname, "../../../..");
const SOURCE_DIRS = ["packages/contract/src", "apps/server/src", "apps/web/src"];

/** Patterns built at run time cannot be read from the source: their module exports them, checked by value. */
const BUILT_AT_RUN_TIME: Record<string, RegExp[]> = {
  "apps/web/src/features/fines/utils/fine-description.ts": [DESCRIPTION_MARKERS],
};

interface Found {
  where: string;
  source: string;
  flags: string;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) yield full;
  }
}

const isRegExpConstructor = (node: ts.Node): node is ts.NewExpression | ts.CallExpression =>
  (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
  ts.isIdentifier(node.expression) &&
  node.expression.text === "RegExp";

/** The literal patterns of one file, and how many `RegExp(…)` calls build theirs from something else. */
function patternsIn(file: string) {
  const text = readFileSync(file, "utf8");
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const literal: Found[] = [];
  let dynamic = 0;
  const where = (node: ts.Node) =>
    `${path.relative(root, file)}:${sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const written = node.getText(sourceFile);
      const end = written.lastIndexOf("/");
      literal.push({ where: where(node), source: written.slice(1, end), flags: written.slice(end + 1) });
    } else if (isRegExpConstructor(node)) {
      const [pattern, flags] = node.arguments ?? [];
      if (pattern && ts.isStringLiteralLike(pattern) && (!flags || ts.isStringLiteralLike(flags))) {
        literal.push({ where: where(node), source: pattern.text, flags: flags?.text ?? "" });
      } else dynamic++;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return { literal, dynamic };
}

function collect() {
  const found: Found[] = [];
  const unchecked: string[] = [];
  for (const dir of SOURCE_DIRS) {
    for (const file of sourceFiles(path.join(root, dir))) {
      const relative = path.relative(root, file);
      const { literal, dynamic } = patternsIn(file);
      found.push(...literal);
      const byValue = BUILT_AT_RUN_TIME[relative] ?? [];
      if (dynamic !== byValue.length)
        unchecked.push(`${relative}: ${dynamic} built at run time, ${byValue.length} checked by value`);
      found.push(
        ...byValue.map((regex) => ({ where: `${relative} (by value)`, source: regex.source, flags: regex.flags })),
      );
    }
  }
  return { found, unchecked };
}

describe("regular expressions in the contract, server and web", () => {
  const { found, unchecked } = collect();

  it("are all found: literals are read from the source, patterns built at run time are checked by value", () => {
    expect(found.length).toBeGreaterThan(20);
    expect(found.map((regex) => regex.source)).toContain("<[^<>]*>");
    expect(unchecked).toEqual([]);
  });

  it("all run in linear time", { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    for (const regex of found) {
      const verdict = await check(regex.source, regex.flags, { timeout: 10_000 });
      if (verdict.status !== "safe") {
        const why =
          verdict.status === "vulnerable"
            ? `${verdict.complexity.type}, e.g. ${verdict.attack.pattern}`
            : verdict.status;
        problems.push(`${regex.where} /${regex.source}/${regex.flags}: ${why}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("catch the pattern that froze the server", async () => {
    const verdict = await check("<[^>]*>", "g");
    expect(verdict.status).toBe("vulnerable");
  });
});
