import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { HttpLoadResult, HttpLoadSpec } from "../load/http-spec.js";
import { everyone } from "../load/http-requests.js";
import type { Figure } from "./budgets.js";
import { openSockets, runHttp, startSmtpSink, type SmtpSink } from "./load.js";
import type { Engine, Options } from "./options.js";
import { commitTimes, settle, startPostgres, type BenchPostgres } from "./postgres.js";
import { seed, type Fixture } from "./seed.js";
import { signedInFigures } from "./signed-in.js";
import { exportFigures } from "./exports.js";
import { rssMB, startServer, watchProcess, type RunningServer } from "./server.js";
import { median, percentile } from "./stats.js";
import { MAX_SOCKETS_PER_USER } from "../../apps/server/src/features/notifications/socket-hub.js";

const BASELINE = "bench/baseline/server.ts";
/** The issue's load: 20 concurrent connections. */
const CONNECTIONS = 20;
const DASHBOARD_CALLS = 8;

/** A scenario as `measure` takes it: the rest of the load spec is filled in per engine. */
type MeasuredSpec = Pick<HttpLoadSpec, "scenario">;
/** One run's figures, with what the server process spent on it. */
type Measured = HttpLoadResult & {
  peakMB: number;
  cpuMsPerRequest: number;
  postgresCpuMsPerRequest: number;
  idleShare: number;
};

const log = (message: string) => console.error(`  · ${message}`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Figures of one measured scenario over its runs: the median, and each run's value. */
function figure(key: string, label: string, unit: string, runs: number[], note?: string): Figure {
  return { key, label, unit, value: median(runs), runs, ...(note ? { note } : {}) };
}

/** What went wrong in some runs, said once (a budget met with errors is no budget met). */
function problems(results: HttpLoadResult[]): string | undefined {
  const non2xx = results.reduce((n, r) => n + r.non2xx, 0);
  const errors = results.reduce((n, r) => n + r.errors + r.timeouts, 0);
  if (!non2xx && !errors) return undefined;
  const codes = results.flatMap((r) => Object.entries(r.statusCodes).filter(([code]) => !code.startsWith("2")));
  return `${non2xx} non-2xx (${codes.map(([c, n]) => `${c}×${n}`).join(", ")}), ${errors} errors/timeouts`;
}

/**
 * Seeds the data set into one engine, then measures every server scenario against the real server
 * (and, on PostgreSQL, the bare-route baseline beside it). Returns the figures, keyed `<engine>.…`.
 */
export async function benchEngine(
  engine: Engine,
  options: Options,
  workDir: string,
  serverEntry: string,
): Promise<Figure[]> {
  const { sizes } = options;
  const wants = (name: string) => options.only.length === 0 || options.only.includes(name);
  const figures: Figure[] = [];
  const dir = path.join(workDir, engine);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });

  let postgres: BenchPostgres | null = null;
  let smtp: SmtpSink | null = null;
  const servers: RunningServer[] = [];
  try {
    // Mail goes to a real SMTP server, as in production: without SMTP_URL every message would be written to the log.
    smtp = await startSmtpSink();
    // Every load process connects from 127.0.0.1: the per-IP cap (100 by default, decision 017) would refuse the
    // 10,000 live sockets.
    let env: Record<string, string> = {
      DATA_DIR: path.join(dir, "data"),
      SMTP_URL: smtp.url,
      MAX_CONNECTIONS_PER_IP: "20000",
    };
    let target: { url?: string; dataDir?: string };
    if (engine === "postgres") {
      log("PostgreSQL: a throwaway cluster (started, or reused when one is already running)");
      postgres = await startPostgres();
      target = { url: postgres.url };
      env = { ...env, DATABASE_URL: postgres.url };
    } else {
      target = { dataDir: path.join(dir, "data") };
    }
    log(`seeding ${sizes.households} households (${sizes.finesPerHousehold} fines each) into ${engine}`);
    const seeded = performance.now();
    const fixture = await seed(target, sizes, sizes.runs);
    const fixtureFile = path.join(dir, "fixture.json");
    writeFileSync(fixtureFile, JSON.stringify(fixture));
    log(`seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    const logFile = path.join(dir, "server.log");

    if (wants("cold-start")) {
      const times: number[] = [];
      for (let run = 0; run < sizes.runs; run++) {
        // PGlite's budget is its first boot: an empty data folder, migrations included.
        const bootEnv = engine === "pglite" ? { DATA_DIR: path.join(dir, `first-boot-${run}`) } : env;
        const server = await startServer({ entry: serverEntry, env: bootEnv, logFile });
        times.push(server.startupMs);
        await server.stop();
      }
      const label = engine === "pglite" ? "cold start to healthy (first boot)" : "cold start to healthy";
      figures.push(figure(`${engine}.coldStart`, label, "ms", times));
    }

    // BENCH_PROFILE=1: the measured server writes a V8 CPU profile to .work/<engine>/ when it stops.
    const nodeArgs = process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${dir}`] : [];
    const server = await startServer({ entry: serverEntry, env, logFile, nodeArgs });
    servers.push(server);
    const baseline =
      engine === "postgres" && wants("list")
        ? await startServer({
            entry: BASELINE,
            env: { DATABASE_URL: target.url ?? "" },
            logFile: path.join(dir, "baseline.log"),
          })
        : null;
    if (baseline) servers.push(baseline);

    /** One scenario's runs against one server process, after an unrecorded warm-up. */
    const measure = async (
      target: RunningServer,
      spec: MeasuredSpec,
      label: string,
      plan = { runs: sizes.runs, warmupSeconds: sizes.warmupSeconds },
    ): Promise<Measured[]> => {
      const full = { connections: CONNECTIONS, fixtureFile, url: target.url, ...spec };
      // Pay has no warm-up: every payable fine is kept for the measured runs.
      if (spec.scenario !== "pay" && plan.warmupSeconds) await runHttp(dir, { ...full, seconds: plan.warmupSeconds });
      const runs: Measured[] = [];
      for (let run = 0; run < plan.runs; run++) {
        log(plan.runs > 1 ? `${label}, run ${run + 1}/${plan.runs}` : label);
        const payRun = spec.scenario === "pay" ? { payRun: run } : {};
        const watched = await watchProcess(target.pid, () =>
          runHttp(dir, { seconds: sizes.seconds, ...full, ...payRun }),
        );
        const requests = Math.max(1, watched.result.total);
        runs.push({
          ...watched.result,
          peakMB: watched.peakMB,
          cpuMsPerRequest: watched.cpuMs / requests,
          postgresCpuMsPerRequest: watched.postgresCpuMs / requests,
          idleShare: watched.idleShare,
        });
        await pause(500);
      }
      return runs;
    };
    const cpuFigure = (key: string, label: string, runs: Measured[]) => [
      figure(
        `${engine}.${key}.cpuMs`,
        `${label}: server CPU per request`,
        "ms",
        runs.map((r) => r.cpuMsPerRequest),
      ),
      ...(engine === "postgres"
        ? [
            figure(
              `${engine}.${key}.postgresCpuMs`,
              `${label}: PostgreSQL CPU per request`,
              "ms",
              runs.map((r) => r.postgresCpuMsPerRequest),
            ),
          ]
        : []),
      figure(
        `${engine}.${key}.idle`,
        `${label}: machine idle`,
        "%",
        runs.map((r) => 100 * r.idleShare),
      ),
    ];

    if (wants("list")) {
      // Baseline and real route take turns, so both see the same noise from the rest of the machine.
      const lists: Measured[] = [];
      const bases: Measured[] = [];
      for (let run = 0; run < sizes.runs; run++) {
        const once = { runs: 1, warmupSeconds: run === 0 ? sizes.warmupSeconds : 0 };
        const of = `run ${run + 1}/${sizes.runs}`;
        if (baseline)
          bases.push(...(await measure(baseline, { scenario: "baseline-list" }, `bare-route baseline, ${of}`, once)));
        lists.push(...(await measure(server, { scenario: "list" }, `list household fines, ${of}`, once)));
      }
      const note = problems(lists);
      figures.push(
        figure(
          `${engine}.list.rps`,
          "list household fines",
          "req/s",
          lists.map((r) => r.requestsPerSecond),
          note,
        ),
      );
      figures.push(
        figure(
          `${engine}.list.p50`,
          "list household fines p50",
          "ms",
          lists.map((r) => r.latency.p50),
        ),
      );
      figures.push(
        figure(
          `${engine}.list.p99`,
          "list household fines p99",
          "ms",
          lists.map((r) => r.latency.p99),
        ),
      );
      figures.push(...cpuFigure("list", "list household fines", lists));
      figures.push(
        figure(
          `${engine}.list.kB`,
          "list response size",
          "kB",
          lists.map((r) => r.bytesPerResponse / 1000),
        ),
      );
      figures.push(
        figure(
          `${engine}.list.rssMB`,
          "server RSS under the list load (peak)",
          "MB",
          lists.map((r) => r.peakMB),
        ),
      );
      if (baseline) {
        const ratios = lists.map((r, i) => r.requestsPerSecond / (bases[i]?.requestsPerSecond ?? Number.NaN));
        figures.push(
          figure(
            `${engine}.baseline.rps`,
            "bare-route baseline",
            "req/s",
            bases.map((r) => r.requestsPerSecond),
            problems(bases),
          ),
        );
        figures.push(
          figure(
            `${engine}.baseline.p99`,
            "bare-route baseline p99",
            "ms",
            bases.map((r) => r.latency.p99),
          ),
        );
        figures.push(...cpuFigure("baseline", "bare-route baseline", bases));
        figures.push(figure(`${engine}.list.baselineRatio`, "list ÷ baseline (req/s)", "×", ratios));
      }
    }

    if (wants("dashboard")) {
      const runs = await measure(server, { scenario: "dashboard" }, "dashboard load");
      const loads = runs.map((r) => r.requestsPerSecond / DASHBOARD_CALLS);
      figures.push(
        figure(
          `${engine}.dashboard.loadsPerSecond`,
          `dashboard loads (${DASHBOARD_CALLS} calls each, gzip)`,
          "loads/s",
          loads,
          problems(runs),
        ),
      );
      figures.push(
        figure(
          `${engine}.dashboard.p99`,
          "dashboard call p99",
          "ms",
          runs.map((r) => r.latency.p99),
        ),
      );
      figures.push(...cpuFigure("dashboard", "dashboard call", runs));
    }

    if (wants("issue")) {
      const mailedBefore = (await smtp.report()).received;
      const runs = await measure(server, { scenario: "issue" }, "issue fine");
      await pause(1000);
      const mailed = (await smtp.report()).received - mailedBefore;
      const issued = runs.reduce((n, r) => n + r.total - r.non2xx, 0);
      const note = [problems(runs), `${mailed} emails received for ${issued} measured fines (and the warm-up's)`]
        .filter(Boolean)
        .join("; ");
      figures.push(
        figure(
          `${engine}.issue.rps`,
          "issue fine (with notifications, SMTP)",
          "req/s",
          runs.map((r) => r.requestsPerSecond),
          note,
        ),
      );
      figures.push(
        figure(
          `${engine}.issue.p99`,
          "issue fine p99",
          "ms",
          runs.map((r) => r.latency.p99),
        ),
      );
      figures.push(...cpuFigure("issue", "issue fine", runs));
    }

    if (wants("pay")) {
      // Each fine pays once: a run that outpaces its payable fines pays some twice, and the 409s show in the notes.
      const runs = await measure(server, { scenario: "pay" }, "pay fine");
      figures.push(
        figure(
          `${engine}.pay.rps`,
          "pay fine (with notifications)",
          "req/s",
          runs.map((r) => r.requestsPerSecond),
          problems(runs),
        ),
      );
      figures.push(
        figure(
          `${engine}.pay.p99`,
          "pay fine p99",
          "ms",
          runs.map((r) => r.latency.p99),
        ),
      );
      figures.push(...cpuFigure("pay", "pay fine", runs));
    }

    if (wants("insights")) {
      // Issue 20: the Insights call (a handful of aggregate queries over the household's fines) on the 5,000-fine
      // household, under the same 20 connections as the other reads.
      const runs = await measure(server, { scenario: "insights" }, "insights, 5,000 fines");
      figures.push(
        figure(
          `${engine}.insights.rps`,
          "insights (5,000 fines)",
          "req/s",
          runs.map((r) => r.requestsPerSecond),
          problems(runs),
        ),
      );
      figures.push(
        figure(
          `${engine}.insights.p99`,
          "insights p99",
          "ms",
          runs.map((r) => r.latency.p99),
        ),
      );
      figures.push(...cpuFigure("insights", "insights", runs));
    }

    if (wants("sockets") && postgres) {
      figures.push(...(await socketDelivery(dir, server, fixture, fixtureFile, options, postgres)));
    }

    // Issue 20: the 5,000-fine household's history downloaded as CSV and PDF, one at a time.
    const longHistory = fixture.signedIn.find((household) => household.fines === 5000);
    if (wants("export") && longHistory) {
      figures.push(...(await exportFigures(engine, server, longHistory, sizes.runs)));
    }

    // Issue 14: the signed-in app in Chromium, last, so its browser never shares the machine with a load run.
    if (wants("signed-in") && postgres) {
      // Nor with the mail those runs queued, or the database tidying up after them.
      const { waitingMail, unsentMail, ms } = await settle(postgres.url);
      log(
        `before the signed-in app: ${waitingMail - unsentMail} of ${waitingMail} queued mails sent, database vacuumed ` +
          `(${Math.round(ms / 1000)} s)`,
      );
      figures.push(...(await signedInFigures(server, fixture, options, dir)));
    }
    return figures;
  } finally {
    for (const server of servers) await server.stop();
    await smtp?.close();
    await postgres?.stop();
  }
}

/**
 * 10,000 live sockets, several per member (as with tabs and devices; the server keeps 20 a person), opened in waves
 * from a few client processes, while housemates fine their holders at a steady rate. Each notification's latency runs
 * from its transaction's commit (PostgreSQL's commit timestamp) to its arrival on each of the fined member's sockets
 * (same machine, same clock). The server's RSS is watched from before the first socket opens to after the last run.
 */
async function socketDelivery(
  dir: string,
  server: RunningServer,
  fixture: Fixture,
  fixtureFile: string,
  options: Options,
  postgres: BenchPostgres,
): Promise<Figure[]> {
  const { sizes } = options;
  const members = everyone(fixture).map(({ member }) => member);
  // Dealt out in turn: socket i is member i's (mod the members), so each holds ⌈sockets ÷ members⌉ or one fewer.
  const plan = Array.from({ length: sizes.sockets }, (_, i) => members[i % members.length] as (typeof members)[number]);
  const socketsOf = new Map<string, number>();
  for (const member of plan) socketsOf.set(member.id, (socketsOf.get(member.id) ?? 0) + 1);
  const most = Math.max(...socketsOf.values());
  if (most > MAX_SOCKETS_PER_USER)
    throw new Error(`${most} sockets a member: the server keeps ${MAX_SOCKETS_PER_USER}`);
  const holders = members.filter((member) => socketsOf.has(member.id));
  // The server inherits this process's limit; at Linux's usual 1,024 it would refuse sockets (EMFILE) midway.
  const files = openFilesLimit();
  if (files < sizes.sockets + 1000)
    throw new Error(`ulimit -n is ${files}: ${sizes.sockets} sockets need more (ulimit -n 20000, then run again)`);
  const rssBefore = rssMB(server.pid);
  log(
    `opening ${plan.length} live sockets (${holders.length} members, up to ${most} each) ` +
      `from ${sizes.socketProcesses} client processes`,
  );
  const p50s: number[] = [];
  const p99s: number[] = [];
  const notes: string[] = [];
  let clientCpuMs = 0;
  let clientRssMB = 0;
  let arrivals = 0;
  let opened = { open: 0, openMs: 0 };
  const watched = await watchProcess(server.pid, async () => {
    const sockets = await openSockets(
      dir,
      { url: `${server.url.replace(/^http/, "ws")}/ws`, sockets: plan },
      sizes.socketProcesses,
    );
    opened = { open: sockets.open, openMs: sockets.openMs };
    log(`${sockets.open} sockets greeted in ${(sockets.openMs / 1000).toFixed(1)} s`);
    try {
      for (let run = 0; run < sizes.runs; run++) {
        log(`socket delivery, run ${run + 1}/${sizes.runs}`);
        const issued = await runHttp(dir, {
          url: server.url,
          scenario: "socket-issue",
          connections: 10,
          overallRate: sizes.socketFinesPerSecond,
          seconds: sizes.socketSeconds,
          fixtureFile,
          offenderIds: holders.map((member) => member.id),
        });
        await pause(1000);
        const report = await sockets.report();
        clientCpuMs = report.cpuMs;
        clientRssMB = Math.max(clientRssMB, report.rssMB);
        const committed = postgres.commitTimestamps
          ? await commitTimes(postgres.url, [...new Set(report.received.map((r) => r.id))])
          : new Map<string, number>();
        const latencies = report.received.flatMap((r) => {
          const at = committed.get(r.id);
          return at === undefined ? [] : [r.at - at];
        });
        // The scratch keeps each arrival and its latency: whether the slow ones come together (a pause of the server's)
        // or spread out (a busy machine) is the first question a missed budget asks.
        const timed = report.received.flatMap((r) => {
          const at = committed.get(r.id);
          return at === undefined ? [] : [{ at: Math.round(r.at), ms: Math.round(r.at - at) }];
        });
        writeFileSync(path.join(dir, `socket-latencies-${run + 1}.json`), JSON.stringify(timed));
        p50s.push(percentile(latencies, 50));
        p99s.push(percentile(latencies, 99));
        // Every fine must reach every socket its member holds.
        const bySocketHolder = new Map<string, number>();
        for (const { id, member } of report.received) {
          const key = `${id} ${member}`;
          bySocketHolder.set(key, (bySocketHolder.get(key) ?? 0) + 1);
        }
        const short = [...bySocketHolder].filter(
          ([key, n]) => n < (socketsOf.get(key.split(" ")[1] ?? "") ?? 0),
        ).length;
        const fines = new Set(report.received.map((r) => r.id)).size;
        const created = issued.total - issued.non2xx;
        arrivals += report.received.length;
        if (fines < created || short || report.closed)
          notes.push(
            `run ${run + 1}: ${fines}/${created} fines delivered, ${short} missed some of their member's sockets, ` +
              `${report.closed} closed`,
          );
      }
    } finally {
      await sockets.close();
    }
  });
  const note = [postgres.commitTimestamps ? "" : "track_commit_timestamp is off: latency not measured", ...notes]
    .filter(Boolean)
    .join("; ");
  const delivered = notes.length
    ? ""
    : `; every fine reached each of its member's sockets (${arrivals} arrivals over ${sizes.runs} runs)`;
  const clients = `${sizes.socketProcesses} client processes: ${Math.round(clientRssMB)} MB RSS together, ${Math.round(clientCpuMs / 1000)} s CPU`;
  return [
    {
      key: "postgres.sockets.open",
      label: "open sockets",
      unit: "sockets",
      value: opened.open,
      runs: [opened.open],
      note: `${holders.length} members, up to ${most} each; greeted in ${(opened.openMs / 1000).toFixed(1)} s; ${clients}${delivered}`,
    },
    figure(
      "postgres.sockets.p50",
      `socket delivery p50 (${sizes.socketFinesPerSecond} fines/s)`,
      "ms",
      p50s,
      note || undefined,
    ),
    figure("postgres.sockets.p99", "socket delivery p99", "ms", p99s),
    {
      key: "postgres.sockets.rssMB",
      label: "server RSS with the sockets open (peak)",
      unit: "MB",
      value: watched.peakMB,
      runs: [watched.peakMB],
      note: `${Math.round(rssBefore)} MB before the first socket opened`,
    },
  ];
}

/** This process's soft limit on open files (`ulimit -n`), from /proc (Linux); children inherit it. */
function openFilesLimit(): number {
  const match = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync("/proc/self/limits", "utf8"));
  return !match?.[1] || match[1] === "unlimited" ? Number.POSITIVE_INFINITY : Number(match[1]);
}
