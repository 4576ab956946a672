#!/usr/bin/env node
// Runs every test suite and ends with one line "N passed, N failed" totalling them all.
//   npm test                 every suite
//   npm test -- server web   only the named suites
// lint and typecheck come first, so a type error is seen before minutes of tests; each counts as one test, passed or
// failed. The server suite runs on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const pgUrl = process.env.TEST_DATABASE_URL;

// Every tsconfig in the repository: the three workspaces, the browser journeys and the bench.
const TSCONFIGS = ["packages/contract", "apps/server", "apps/web", "e2e", "bench"];

const suites = [
  {
    name: "lint",
    check: [
      ["npx", ["eslint", "."]],
      ["npx", ["prettier", "--check", "."]],
    ],
  },
  { name: "typecheck", check: TSCONFIGS.map((project) => ["npx", ["tsc", "-p", project]]) },
  { name: "contract", cwd: "packages/contract" },
  { name: "server", cwd: "apps/server", env: { TEST_ENGINE: "pglite" } },
  ...(pgUrl ? [{ name: "server-postgres", cwd: "apps/server", env: { TEST_ENGINE: "postgres" } }] : []),
  { name: "web", cwd: "apps/web" },
  { name: "e2e", cwd: ".", config: "e2e/vitest.config.ts", before: ["npm", ["run", "build"]] },
];

const wanted = process.argv.slice(2);
const selected = wanted.length ? suites.filter((s) => wanted.some((w) => s.name.startsWith(w))) : suites;
const scratch = mkdtempSync(path.join(tmpdir(), "housemate-test-"));
const results = [];

for (const suite of selected) {
  console.log(`\n━━ ${suite.name} ━━`);
  if (suite.check) {
    results.push(runCheck(suite));
    continue;
  }
  const cwd = path.join(root, suite.cwd);
  if (suite.before) {
    const [cmd, args] = suite.before;
    const prep = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
    if (prep.status !== 0) {
      results.push({ name: suite.name, passed: 0, failed: 1, skipped: 0, note: "setup failed" });
      continue;
    }
  }
  const report = path.join(scratch, `${suite.name}.json`);
  const args = ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
  if (suite.config) args.push("--config", suite.config);
  const run = spawnSync("npx", args, { cwd, stdio: "inherit", env: { ...process.env, ...suite.env } });
  results.push(readReport(suite.name, report, run.status));
}

rmSync(scratch, { recursive: true, force: true });

/** A suite that is not vitest: its commands all run (every tsconfig is checked even after one fails), one result. */
function runCheck(suite) {
  const failures = suite.check.filter(([cmd, args]) => {
    console.log(`$ ${cmd} ${args.join(" ")}`);
    return spawnSync(cmd, args, { cwd: root, stdio: "inherit" }).status !== 0;
  });
  const note = failures.map(([, args]) => args.join(" ")).join("; ");
  return {
    name: suite.name,
    passed: failures.length ? 0 : 1,
    failed: failures.length ? 1 : 0,
    skipped: 0,
    ...(note ? { note: `failed: ${note}` } : {}),
  };
}

function readReport(name, file, status) {
  if (!existsSync(file))
    return { name, passed: 0, failed: 1, skipped: 0, note: `runner exited ${status} without a report` };
  const json = JSON.parse(readFileSync(file, "utf8"));
  // A file can fail with none of its tests failing: it did not load, or a beforeAll/afterAll hook threw. Count each
  // such file once, so it cannot pass unseen.
  const failedFiles = (json.testResults ?? []).filter(
    (f) => f.status === "failed" && !(f.assertionResults ?? []).some((test) => test.status === "failed"),
  ).length;
  const failed = (json.numFailedTests ?? 0) + failedFiles;
  // An error outside every test and hook (an unhandled rejection, say) fails the run, not a test: only the exit
  // status tells.
  const unseen = status !== 0 && failed === 0;
  return {
    name,
    passed: json.numPassedTests ?? 0,
    failed: unseen ? 1 : failed,
    skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
    ...(unseen ? { note: "an error outside the tests; see the output above" } : {}),
  };
}

console.log("\n━━ summary ━━");
for (const r of results) {
  console.log(
    `${r.name.padEnd(16)} ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ""}${r.note ? ` (${r.note})` : ""}`,
  );
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
