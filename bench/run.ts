/**
 * `npm run bench`: issue 8's benchmark suite. Seeds the data set, starts the real server on
 * PostgreSQL and on PGlite, drives it from separate processes, weighs the front end, prints a table,
 * writes bench/results.json, and with --check exits 1 when a budget is missed. See docs/performance.md.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkBudgets, type Figure } from "./lib/budgets.js";
import { bundleServer } from "./lib/bundle.js";
import { benchEngine } from "./lib/engine.js";
import { bundleFigures, lighthouseFigures } from "./lib/frontend.js";
import { readOptions } from "./lib/options.js";
import { printTable } from "./lib/report.js";
import { root, startServer } from "./lib/server.js";

const options = readOptions(process.argv.slice(2));
holdTheBench(path.join(root, "bench/.work.pid"));
const workDir = path.join(root, "bench/.work");
rmSync(workDir, { recursive: true, force: true });
mkdirSync(workDir, { recursive: true });

const partial = options.only.length > 0 || options.engines.length < 2 || options.skipFrontend;
const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? "unknown",
  memoryGB: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  /** Other work on the machine at the start and the end: a busy machine means noisy figures. */
  loadAverageBefore: os.loadavg().map((v) => Number(v.toFixed(2))),
  loadAverageAfter: [] as number[],
};
console.error(
  `Housemate bench (${options.quick ? "quick" : "full"}): ${machine.cpus} cores, load average ${machine.loadAverageBefore.join(" ")}`,
);

// The production build: the server bundled to one module and run with plain node.
const serverEntry = await bundleServer(path.join(workDir, "server/server.mjs"));

const figures: Figure[] = [];
const SERVER_PARTS = ["list", "dashboard", "issue", "pay", "insights", "sockets", "cold-start", "signed-in", "export"];
// The signed-in measurements (issue 14) run on PostgreSQL only: PGlite is not seeded for them alone.
const wantsEngine = (engine: string) =>
  options.only.length === 0 ||
  options.only.some((part) => SERVER_PARTS.includes(part) && (part !== "signed-in" || engine === "postgres"));
for (const engine of options.engines.filter(wantsEngine)) {
  console.error(`\n${engine}`);
  figures.push(...(await benchEngine(engine, options, workDir, serverEntry)));
}

if (!options.skipFrontend && (options.only.length === 0 || options.only.includes("frontend"))) {
  console.error("\nfront end");
  figures.push(...bundleFigures());
  // The landing page needs no data: a fresh embedded server serves the production build.
  const dataDir = mkdtempSync(path.join(workDir, "lighthouse-"));
  const server = await startServer({
    entry: serverEntry,
    env: { DATA_DIR: dataDir },
    logFile: path.join(workDir, "lighthouse-server.log"),
  });
  try {
    console.error("  · Lighthouse (mobile) on the landing page");
    figures.push(...(await lighthouseFigures(`${server.url}/`, options.sizes.lighthouseRuns, workDir)));
  } finally {
    await server.stop();
  }
}

machine.loadAverageAfter = os.loadavg().map((v) => Number(v.toFixed(2)));
const checked = checkBudgets(figures);
console.log("");
printTable(figures, checked, options.sizes.runs);
console.log(
  `\nload average before ${machine.loadAverageBefore.join(" ")}, after ${machine.loadAverageAfter.join(" ")} (${machine.cpus} cores)`,
);

const failed = checked.filter((c) => c.verdict === "FAIL" || (c.verdict === "not run" && !partial));
// Only a full run is the record; a quick or partial one leaves its figures in the scratch folder.
const resultsFile =
  partial || options.quick ? path.join(workDir, "results.json") : path.join(root, "bench/results.json");
writeFileSync(
  resultsFile,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      mode: options.quick ? "quick" : "full",
      partial,
      machine,
      figures,
      budgets: checked.map((c) => ({ ...c.budget, value: c.figure?.value ?? null, verdict: c.verdict })),
    },
    null,
    2,
  )}\n`,
);
console.log(`figures written to ${path.relative(root, resultsFile)}`);
const passed = checked.filter((c) => c.verdict === "pass").length;
console.log(
  `budgets: ${passed} passed, ${checked.filter((c) => c.verdict === "FAIL").length} failed, ${checked.filter((c) => c.verdict === "not run").length} not run`,
);
if (options.check && failed.length > 0) {
  console.log(`--check: ${failed.map((c) => c.budget.key).join(", ")}`);
  process.exit(1);
}
process.exit(0);

/**
 * One bench run at a time per checkout: a second would wipe the first's bench/.work, drop its database on the
 * shared throwaway cluster, and measure it besides. A run that died leaves a pid nobody has: that one is ignored.
 */
function holdTheBench(pidFile: string) {
  let holder: number | null = null;
  try {
    holder = Number(readFileSync(pidFile, "utf8"));
  } catch {
    // nobody holds it
  }
  if (holder && holder !== process.pid && isAlive(holder)) {
    console.error(`Another bench run (pid ${holder}) is going on in this checkout; wait for it to end.`);
    process.exit(2);
  }
  writeFileSync(pidFile, String(process.pid));
  process.once("exit", () => rmSync(pidFile, { force: true }));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
