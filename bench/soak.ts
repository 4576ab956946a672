/**
 * Soak test (issue 9 'Load'): the production server on PostgreSQL under a steady, realistic mix of reads and writes
 * from signed-in flatmates whose live sockets stay connected, then a burst far beyond capacity. See docs/reliability.md.
 *   npm run soak                       30 minutes at 30 requests/s, then 30 s of overload
 *   npm run soak -- --minutes 5        shorter
 *   options: --minutes N  --rate R (requests/s)  --overload-seconds S  --database-url postgres://…
 * Without --database-url (or SOAK_DATABASE_URL) it starts a throwaway cluster (SOAK_PG_DIR, SOAK_PG_PORT; default
 * /tmp/housemate-soak-pg on 54410) and stops it after, unless one was already running there.
 * Passes when: zero 5xx in the steady phase, server RSS grows under 10% after warm-up, p99 stays stable,
 * and in the overload every request is answered (2xx/429/503) within the client's 10 s time-out.
 */
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import WebSocket from "ws";
import { startSmtpCapture } from "../apps/server/test/helpers/smtp.js";
import { bundleServer } from "./lib/bundle.js";
import { HOUSEHOLD_HISTORY } from "./lib/options.js";
import { startPostgres } from "./lib/postgres.js";
import { seed, type DataSet } from "./lib/seed.js";
import { root, rssMB, startServer, type RunningServer } from "./lib/server.js";
import { connect, flatsOf, step, type Answer, type Flat, type SocketStats } from "./lib/soak-mix.js";
import { median, percentile } from "./lib/stats.js";

const { values: args } = parseArgs({
  options: {
    minutes: { type: "string", default: "30" },
    rate: { type: "string", default: "30" },
    "overload-seconds": { type: "string", default: "30" },
    "database-url": { type: "string", default: process.env.SOAK_DATABASE_URL ?? "" },
  },
});
const MINUTES = Number(args.minutes);
const RATE = Number(args.rate);
const OVERLOAD_SECONDS = Number(args["overload-seconds"]);
const WARM_UP_MS = Math.min(120_000, (MINUTES * 60_000) / 5);
/** Six households of four, with the bench's history each: 24 people with live sockets. */
const DATA_SET: DataSet = { households: 6, members: [4, 4], ...HOUSEHOLD_HISTORY, paysPerRun: 0 };

const log = (...parts: unknown[]) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}]`, ...parts);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isFailure = (status: number) => status >= 500 || status === 0 || status === 408;

type Statuses = Record<number, number>;
interface Window {
  latencies: number[];
  statuses: Statuses;
}
interface Minute extends ReturnType<typeof summarise> {
  minute: number;
  rssMb: number;
  sockets?: number;
}

function summarise(window: Window) {
  const { latencies } = window;
  return {
    requests: latencies.length,
    p50: percentile(latencies, 50) || 0,
    p99: percentile(latencies, 99) || 0,
    max: latencies.reduce((most, ms) => Math.max(most, ms), 0),
    statuses: window.statuses,
  };
}

const count = (statuses: Statuses, status: number) => (statuses[status] = (statuses[status] ?? 0) + 1);

async function steadyPhase(server: RunningServer, flats: Flat[], failures: number[], onMinute: () => void) {
  const end = Date.now() + MINUTES * 60_000;
  const minutes: Minute[] = [];
  let window: Window = { latencies: [], statuses: {} };
  let windowEnds = Date.now() + 60_000;
  const rss: { at: number; mb: number }[] = [];
  const rssTimer = setInterval(() => rss.push({ at: Date.now(), mb: rssMB(server.pid) }), 5_000);
  const started = Date.now();
  const inFlight = new Set<Promise<void>>();
  const byRoute = new Map<string, number[]>();
  const openSockets = () =>
    flats.flatMap((f) => f.people).filter((p) => p.socket?.readyState === WebSocket.OPEN).length;
  let next = performance.now();
  while (Date.now() < end) {
    // Open loop: requests start on the clock whatever the answers do, as independent people would.
    next += 1000 / RATE;
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
    const current = window;
    const request = step(server.url, flats).then((res: Answer) => {
      current.latencies.push(res.ms);
      const route = byRoute.get(res.label) ?? [];
      route.push(res.ms);
      byRoute.set(res.label, route);
      count(current.statuses, res.status);
      if (isFailure(res.status)) failures.push(res.status);
    });
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
    if (Date.now() >= windowEnds) {
      const summary = {
        minute: minutes.length + 1,
        ...summarise(window),
        rssMb: Math.round(rssMB(server.pid)),
        sockets: openSockets(),
      };
      minutes.push(summary);
      onMinute();
      log(
        `minute ${summary.minute}: ${summary.requests} requests, p50 ${summary.p50.toFixed(1)} ms, p99 ${summary.p99.toFixed(1)} ms,`,
        `max ${summary.max.toFixed(0)} ms, RSS ${summary.rssMb} MB, sockets ${summary.sockets}, statuses ${JSON.stringify(summary.statuses)}`,
      );
      window = { latencies: [], statuses: {} };
      windowEnds += 60_000;
    }
  }
  await Promise.all(inFlight);
  clearInterval(rssTimer);
  if (window.latencies.length > RATE * 10)
    minutes.push({ minute: minutes.length + 1, ...summarise(window), rssMb: Math.round(rssMB(server.pid)) });

  const afterWarmUp = rss.filter((sample) => sample.at >= started + WARM_UP_MS);
  const baseline = median(afterWarmUp.slice(0, 12).map((sample) => sample.mb)) || 0;
  const final = median(afterWarmUp.slice(-12).map((sample) => sample.mb)) || 0;
  const routes = [...byRoute]
    .map(([label, latencies]) => ({ label, count: latencies.length, ...summarise({ latencies, statuses: {} }) }))
    .sort((a, b) => b.p99 - a.p99);
  return { minutes, routes, rss: { baseline, final, growth: baseline ? (final - baseline) / baseline : 0 } };
}

/** Far beyond capacity: many clients each sending the next request as soon as the last is answered. */
async function overloadPhase(server: RunningServer, flats: Flat[]) {
  const clients = 400;
  const end = Date.now() + OVERLOAD_SECONDS * 1000;
  const window: Window = { latencies: [], statuses: {} };
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < end) {
        const res = await step(server.url, flats);
        count(window.statuses, res.status);
        window.latencies.push(res.ms);
        if (res.status === 503 || res.status === 429) await sleep(1_000); // Retry-After, as a good client does
      }
    }),
  );
  return { clients, ...summarise(window) };
}

// ── run ──────────────────────────────────────────────────────────────────────────────────────────────
const workDir = path.join(root, "bench/.soak");
rmSync(workDir, { recursive: true, force: true });
mkdirSync(workDir, { recursive: true });
const sockets: SocketStats = { reconnects: 0, stopping: false };
const failures: number[] = [];
// A cluster of its own (not the bench's), so that a bench run beside it neither shares nor stops it.
const database = await startPostgres({
  database: "housemate_soak",
  adminUrl: args["database-url"] || undefined,
  dir: process.env.SOAK_PG_DIR ?? "/tmp/housemate-soak-pg",
  port: process.env.SOAK_PG_PORT ?? "54410",
});
const mail = await startSmtpCapture();
let server: RunningServer | null = null;
let failed: boolean;
try {
  log("seeding and bundling the server");
  const fixture = await seed({ url: database.url }, DATA_SET, 0);
  const entry = await bundleServer(path.join(workDir, "server/server.mjs"));
  const env = {
    DATABASE_URL: database.url,
    SMTP_URL: mail.url,
    DATA_DIR: path.join(workDir, "data"),
    LOG_LEVEL: "warn",
    // The overload's 400 clients stand for 400 people, but all come from 127.0.0.1: the per-IP cap (decision 017)
    // would drop most of their connections before load shedding, which is what the overload is about, saw them.
    MAX_CONNECTIONS_PER_IP: "1000",
  };
  server = await startServer({ entry, env, logFile: path.join(workDir, "server.log") });
  log(
    `server pid ${server.pid} on ${server.url}; ${MINUTES} min at ${RATE} requests/s, then ${OVERLOAD_SECONDS} s of overload`,
  );
  const flats = flatsOf(fixture);
  const people = flats.flatMap((flat) => flat.people);
  for (const person of people) connect(server.url, person, sockets);
  log(`${flats.length} households, ${people.length} people with live sockets`);
  // The mails are only counted: kept for 30 minutes they would weigh more than the server.
  let mailsCaught = 0;
  const countMails = () => {
    mailsCaught += mail.messages.length;
    mail.clear();
  };
  const steady = await steadyPhase(server, flats, failures, countMails);
  const overload = await overloadPhase(server, flats);
  countMails();
  sockets.stopping = true;

  // p99 is stable when the last third of the minutes after warm-up is no worse than the first third.
  const measured = steady.minutes.filter((m) => m.minute > Math.ceil(WARM_UP_MS / 60_000)).map((m) => m.p99);
  const third = Math.max(1, Math.floor(measured.length / 3));
  const p99First = median(measured.slice(0, third)) || 0;
  const p99Last = median(measured.slice(-third)) || 0;
  const p99Stable = measured.length < 2 || p99Last <= Math.max(1.5 * p99First, p99First + 20);
  // Refusals (409 for a fine paid meanwhile, 429, 503) are answers; 5xx, dropped connections and time-outs are not.
  const overloadBad = Object.keys(overload.statuses)
    .map(Number)
    .filter((status) => isFailure(status) && status !== 503);
  const checks = {
    "zero 5xx (and no network errors or time-outs) in the steady phase": failures.length === 0,
    "RSS growth under 10% after warm-up": steady.rss.growth < 0.1,
    [`p99 stable (median of the last third of minutes ${p99Last.toFixed(0)} ms vs first third ${p99First.toFixed(0)} ms: within 1.5x or +20 ms)`]:
      p99Stable,
    "overload: every request answered (no 5xx but 503, no dropped connection, no time-out)": overloadBad.length === 0,
  };
  const slowest = steady.routes
    .slice(0, 5)
    .map((r) => `${r.label} ${r.p99.toFixed(0)} ms (p50 ${r.p50.toFixed(0)}, n ${r.count})`);
  console.log("\n## Soak result\n");
  console.log(
    `- ${MINUTES} min at ${RATE} requests/s, ${people.length} people with live sockets (${sockets.reconnects} reconnects), PostgreSQL, pid ${server.pid}`,
  );
  console.log(`- requests: ${steady.minutes.reduce((n, m) => n + m.requests, 0)}; steady failures: ${failures.length}`);
  console.log(`- p99 per minute (ms): ${steady.minutes.map((m) => m.p99.toFixed(0)).join(", ")}`);
  console.log(`- slowest routes by p99: ${slowest.join("; ")}`);
  console.log(
    `- RSS after warm-up ${steady.rss.baseline.toFixed(0)} MB → end ${steady.rss.final.toFixed(0)} MB (${(steady.rss.growth * 100).toFixed(1)}%)`,
  );
  console.log(
    `- socket messages received: ${people.reduce((n, p) => n + p.messages, 0)}; mails caught: ${mailsCaught}`,
  );
  console.log(
    `- overload (${overload.clients} clients, ${OVERLOAD_SECONDS} s): ${overload.requests} requests, statuses ${JSON.stringify(overload.statuses)},`,
    `p50 ${overload.p50.toFixed(0)} ms, p99 ${overload.p99.toFixed(0)} ms, max ${overload.max.toFixed(0)} ms`,
  );
  console.log(`- server log: ${path.relative(root, path.join(workDir, "server.log"))}`);
  for (const [check, ok] of Object.entries(checks)) console.log(`- ${ok ? "PASS" : "FAIL"} ${check}`);
  failed = Object.values(checks).includes(false);
  for (const person of people) person.socket?.close();
} finally {
  sockets.stopping = true;
  await server?.stop();
  await mail.close();
  await database.stop();
}
process.exit(failed ? 1 : 0);
