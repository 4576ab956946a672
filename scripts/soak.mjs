#!/usr/bin/env node
// Soak test (issue 9 'Load'): the real server on PostgreSQL under a steady, realistic mix of reads and writes from
// signed-in flatmates whose live sockets stay connected, then a burst far beyond capacity.
//   npm run soak                       30 minutes at 30 requests/s, then 30 s of overload
//   npm run soak -- --minutes 5        shorter
//   options: --minutes N  --rate R (requests/s)  --overload-seconds S  --database-url postgres://…
// Without --database-url (or SOAK_DATABASE_URL) it starts a throwaway cluster with scripts/pg-cluster.sh.
// Passes when: zero 5xx in the steady phase, server RSS grows under 10% after warm-up, p99 stays stable,
// and in the overload every request is answered (2xx/429/503) within the client's 10 s time-out.
import { spawn, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import WebSocket from "ws";

const root = path.resolve(import.meta.dirname, "..");
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
/** SPEC §7: every call of the client has a 10-second time-out. */
const CLIENT_TIMEOUT_MS = 10_000;
const HOUSEHOLDS = 6;
const MEMBERS = 4; // 24 sign-ins: under the 30-per-IP login limit
const WARM_UP_MS = Math.min(120_000, (MINUTES * 60_000) / 5);

const log = (...parts) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}]`, ...parts);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];

// ── infrastructure: database, mail catcher, server process ───────────────────────────────────────────
async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function openDatabase() {
  let cluster = null;
  let adminUrl = args["database-url"];
  if (!adminUrl) {
    const dir = `/tmp/housemate-soak-pg-${randomBytes(4).toString("hex")}`;
    const port = 56000 + Math.floor(Math.random() * 1000);
    const out = execFileSync(path.join(root, "scripts/pg-cluster.sh"), ["start", dir, String(port)], { encoding: "utf8" });
    adminUrl = out.trim().split("\n").at(-1);
    cluster = dir;
  }
  const name = `housemate_soak_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      if (cluster) {
        execFileSync(path.join(root, "scripts/pg-cluster.sh"), ["stop", cluster]);
        rmSync(cluster, { recursive: true, force: true });
      }
    },
  };
}

/** Keeps the sign-in links; every other mail (notifications) is just counted. */
async function startMailCatcher() {
  const links = new Map();
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk) => (raw += chunk.toString()));
      stream.on("end", () => {
        received++;
        const body = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
        const link = /https?:\/\/\S+?\/auth\/verify\?token=[\w-]+/.exec(body)?.[0];
        if (link) for (const to of session.envelope.rcptTo) links.set(to.address, link);
        callback();
      });
    },
  });
  server.on("error", () => {});
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    links,
    received: () => received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function startServer(databaseUrl, smtpUrl) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "housemate-soak-"));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: base, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SMTP_URL: smtpUrl, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error("the server exited during start-up");
    if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) break;
    if (tries > 900) throw new Error("the server did not become healthy in 90 s");
    await sleep(100);
  }
  return {
    base,
    pid: child.pid,
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0) / 1024,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ── the people and what they do ──────────────────────────────────────────────────────────────────────
/** One call as the client makes it; the answer's status (0 for a network error, 408 for a time-out) and time. */
async function call(base, person, method, route, body) {
  const started = performance.now();
  let status;
  let data = null;
  try {
    const res = await fetch(`${base}/api${route}`, {
      method,
      headers: { "content-type": "application/json", ...(person ? { authorization: `Bearer ${person.token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
    status = res.status;
    const text = await res.text();
    data = text ? JSON.parse(text).data : null;
  } catch (error) {
    status = error?.name === "TimeoutError" ? 408 : 0;
  }
  const label = `${method} ${route.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ":id").replace(/\?.*/, "")}`;
  return { status, data, ms: performance.now() - started, label };
}

async function signUp(base, mail, email) {
  await call(base, null, "POST", "/auth/login", { email });
  for (let i = 0; i < 200 && !mail.links.has(email); i++) await sleep(50);
  const link = new URL(mail.links.get(email));
  const verified = await call(base, null, "GET", `/auth/verify${link.search}`);
  if (verified.status !== 200) throw new Error(`sign-in of ${email} answered ${verified.status}`);
  return { email, id: verified.data.user.id, token: verified.data.token, notifications: 0, socket: null };
}

/** Opens the person's live socket and keeps it open (reconnecting as the web app does). */
function connect(base, person, stats) {
  const socket = new WebSocket(`${base.replace("http", "ws")}/ws?token=${person.token}`);
  person.socket = socket;
  socket.on("message", () => person.notifications++);
  socket.on("error", () => {});
  socket.on("close", () => {
    if (stats.stopping) return;
    stats.reconnects++;
    setTimeout(() => connect(base, person, stats), 1_000);
  });
}

async function setUp(base, mail, stats) {
  const flats = [];
  for (let h = 0; h < HOUSEHOLDS; h++) {
    const people = [];
    for (let m = 0; m < MEMBERS; m++) people.push(await signUp(base, mail, `flat${h}.person${m}@soak.test`));
    const [owner, ...others] = people;
    const created = await call(base, owner, "POST", "/households", { name: `Soak flat ${h}` });
    for (const person of others) await call(base, person, "POST", `/households/${created.data.id}/join`, {});
    const rule = await call(base, owner, "POST", "/rules", { household_id: created.data.id, title: "Dishes left overnight", description: "Wash up the same day", fine_amount: 2.5 });
    flats.push({ id: created.data.id, people, ruleId: rule.data.id, fines: [], notes: [] });
    for (const person of people) connect(base, person, stats);
  }
  return flats;
}

/** One realistic step: mostly looking at the dashboard, sometimes fining, paying, disputing, reviewing, notes. */
async function step(base, flats) {
  const flat = pick(flats);
  const me = pick(flat.people);
  const roll = Math.random();
  const fineUrl = (fine) => `/fines/household/${flat.id}/fines/${fine.id}`;
  if (roll < 0.55) {
    const route = pick([`/households/${flat.id}`, `/fines/household/${flat.id}?limit=20`, `/balance/household/${flat.id}/balance`, `/balance/household/${flat.id}/balance/stats`, "/notifications", "/sticky-notes", `/rules/household/${flat.id}`, `/users?householdId=${flat.id}`, `/fines/user/${me.id}`]);
    return call(base, me, "GET", route);
  }
  if (roll < 0.65) {
    const offender = pick(flat.people.filter((p) => p !== me));
    const res = await call(base, me, "POST", "/fines", { household_id: flat.id, offender_id: offender.id, rule_id: flat.ruleId, amount: 2.5, description: "Pans in the sink" });
    if (res.status === 201) flat.fines.push({ id: res.data.id, issuer: me, offender, status: "pending" });
    return res;
  }
  if (roll < 0.72) {
    const fine = flat.fines.find((f) => f.status === "pending");
    if (!fine) return call(base, me, "GET", "/notifications");
    fine.status = "paid";
    return call(base, fine.offender, "PUT", `${fineUrl(fine)}/pay`);
  }
  if (roll < 0.76) {
    const fine = flat.fines.find((f) => f.status === "pending");
    if (!fine) return call(base, me, "GET", "/sticky-notes");
    const res = await call(base, fine.offender, "POST", `${fineUrl(fine)}/disputes`, { reason: "I washed them in the morning" });
    if (res.status === 201) Object.assign(fine, { status: "disputed", disputeId: res.data.dispute.id });
    else fine.status = "done";
    return res;
  }
  if (roll < 0.8) {
    const fine = flat.fines.find((f) => f.status === "disputed");
    if (!fine) return call(base, me, "GET", `/balance/household/${flat.id}/balance`);
    fine.status = "done";
    return call(base, fine.issuer, "PUT", `${fineUrl(fine)}/disputes/${fine.disputeId}`, { action: pick(["accept", "decline"]), reason: "Seen them at midnight" });
  }
  if (roll < 0.9) {
    // The board stays small: beyond 30 notes, the oldest goes.
    if (flat.notes.length > 30) return call(base, me, "DELETE", `/sticky-notes/${flat.notes.shift()}`);
    const res = await call(base, me, "POST", "/sticky-notes", { content: `Bins out on ${pick(["Monday", "Tuesday", "Friday"])}` });
    if (res.status === 201) flat.notes.push(res.data.id);
    return res;
  }
  if (roll < 0.96) return call(base, me, "PUT", "/notifications/read-all");
  return call(base, me, "PUT", `/rules/${flat.ruleId}`, { description: `Wash up the same day (${Math.floor(Math.random() * 1000)})` });
}

// ── measuring ────────────────────────────────────────────────────────────────────────────────────────
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

function summarise(window) {
  const sorted = [...window.latencies].sort((a, b) => a - b);
  return { requests: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0, statuses: window.statuses };
}

async function steadyPhase(server, flats, stats) {
  const end = Date.now() + MINUTES * 60_000;
  const minutes = [];
  let window = { latencies: [], statuses: {} };
  let windowEnds = Date.now() + 60_000;
  const rss = [];
  const rssTimer = setInterval(() => rss.push({ at: Date.now(), mb: server.rssMb() }), 5_000);
  const started = Date.now();
  const inFlight = new Set();
  const byRoute = {};
  let next = performance.now();
  while (Date.now() < end) {
    // Open loop: requests start on the clock whatever the answers do, as independent people would.
    next += 1000 / RATE;
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
    const current = window;
    const request = step(server.base, flats).then((res) => {
      current.latencies.push(res.ms);
      (byRoute[res.label] ??= []).push(res.ms);
      current.statuses[res.status] = (current.statuses[res.status] ?? 0) + 1;
      if (res.status >= 500 || res.status === 0 || res.status === 408) stats.steadyFailures.push(res.status);
    });
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
    if (Date.now() >= windowEnds) {
      const summary = { minute: minutes.length + 1, ...summarise(window), rssMb: Math.round(server.rssMb()), sockets: flats.flatMap((f) => f.people).filter((p) => p.socket?.readyState === WebSocket.OPEN).length };
      minutes.push(summary);
      log(`minute ${summary.minute}: ${summary.requests} requests, p50 ${summary.p50.toFixed(1)} ms, p99 ${summary.p99.toFixed(1)} ms, max ${summary.max.toFixed(0)} ms, RSS ${summary.rssMb} MB, sockets ${summary.sockets}, statuses ${JSON.stringify(summary.statuses)}`);
      window = { latencies: [], statuses: {} };
      windowEnds += 60_000;
    }
  }
  await Promise.all(inFlight);
  clearInterval(rssTimer);
  if (window.latencies.length > RATE * 10) minutes.push({ minute: minutes.length + 1, ...summarise(window), rssMb: Math.round(server.rssMb()) });

  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const afterWarmUp = rss.filter((s) => s.at >= started + WARM_UP_MS);
  const baseline = median(afterWarmUp.slice(0, 12).map((s) => s.mb));
  const final = median(afterWarmUp.slice(-12).map((s) => s.mb));
  const routes = Object.entries(byRoute)
    .map(([label, values]) => ({ label, count: values.length, ...summarise({ latencies: values, statuses: {} }) }))
    .sort((a, b) => b.p99 - a.p99);
  return { minutes, routes, rss: { baseline, final, growth: baseline ? (final - baseline) / baseline : 0 } };
}

/** Far beyond capacity: many clients each sending the next request as soon as the last is answered. */
async function overloadPhase(server, flats) {
  const clients = 400;
  const end = Date.now() + OVERLOAD_SECONDS * 1000;
  const statuses = {};
  const latencies = [];
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < end) {
        const res = await step(server.base, flats);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        latencies.push(res.ms);
        if (res.status === 503 || res.status === 429) await sleep(1_000); // Retry-After, as a good client does
      }
    }),
  );
  return { clients, ...summarise({ latencies, statuses }) };
}

// ── run ──────────────────────────────────────────────────────────────────────────────────────────────
const stats = { steadyFailures: [], reconnects: 0, stopping: false };
const database = await openDatabase();
const mail = await startMailCatcher();
const server = await startServer(database.url, mail.url);
let failed = true;
try {
  log(`server pid ${server.pid} on ${server.base}; ${MINUTES} min at ${RATE} requests/s, then ${OVERLOAD_SECONDS} s of overload`);
  const flats = await setUp(server.base, mail, stats);
  log(`${HOUSEHOLDS} households of ${MEMBERS} signed in, ${flats.length * MEMBERS} live sockets`);
  const steady = await steadyPhase(server, flats, stats);
  const overload = await overloadPhase(server, flats);
  const sockets = flats.flatMap((f) => f.people);
  stats.stopping = true;

  // p99 is stable when the last third of the minutes after warm-up is no worse than the first third.
  const measured = steady.minutes.filter((m) => m.minute > Math.ceil(WARM_UP_MS / 60_000)).map((m) => m.p99);
  const third = Math.max(1, Math.floor(measured.length / 3));
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const p99First = median(measured.slice(0, third));
  const p99Last = median(measured.slice(-third));
  const p99Stable = measured.length < 2 || p99Last <= Math.max(1.5 * p99First, p99First + 20);
  // Refusals (409 for a fine paid meanwhile, 429, 503) are answers; 5xx, dropped connections and time-outs are not.
  const overloadBad = Object.keys(overload.statuses)
    .map(Number)
    .filter((status) => status === 0 || status === 408 || (status >= 500 && status !== 503));
  const checks = {
    "zero 5xx (and no network errors or time-outs) in the steady phase": stats.steadyFailures.length === 0,
    "RSS growth under 10% after warm-up": steady.rss.growth < 0.1,
    [`p99 stable (median of the last third of minutes ${p99Last.toFixed(0)} ms vs first third ${p99First.toFixed(0)} ms: within 1.5x or +20 ms)`]: p99Stable,
    "overload: every request answered (no 5xx but 503, no dropped connection, no time-out)": overloadBad.length === 0,
  };
  console.log("\n## Soak result\n");
  console.log(`- ${MINUTES} min at ${RATE} requests/s, ${HOUSEHOLDS * MEMBERS} people with live sockets (${stats.reconnects} reconnects), PostgreSQL, pid ${server.pid}`);
  console.log(`- requests: ${steady.minutes.reduce((n, m) => n + m.requests, 0)}; steady failures: ${stats.steadyFailures.length}`);
  console.log(`- p99 per minute (ms): ${steady.minutes.map((m) => m.p99.toFixed(0)).join(", ")}`);
  console.log(`- slowest routes by p99: ${steady.routes.slice(0, 5).map((r) => `${r.label} ${r.p99.toFixed(0)} ms (p50 ${r.p50.toFixed(0)}, n ${r.count})`).join("; ")}`);
  console.log(`- RSS after warm-up ${steady.rss.baseline.toFixed(0)} MB → end ${steady.rss.final.toFixed(0)} MB (${(steady.rss.growth * 100).toFixed(1)}%)`);
  console.log(`- socket messages received: ${sockets.reduce((n, p) => n + p.notifications, 0)}; mails caught: ${mail.received()}`);
  console.log(`- overload (${overload.clients} clients, ${OVERLOAD_SECONDS} s): ${overload.requests} requests, statuses ${JSON.stringify(overload.statuses)}, p50 ${overload.p50.toFixed(0)} ms, p99 ${overload.p99.toFixed(0)} ms, max ${overload.max.toFixed(0)} ms`);
  for (const [check, ok] of Object.entries(checks)) console.log(`- ${ok ? "PASS" : "FAIL"} ${check}`);
  failed = Object.values(checks).includes(false);
  for (const person of sockets) person.socket?.close();
} finally {
  stats.stopping = true;
  await server.stop();
  await mail.close();
  await database.drop();
}
process.exit(failed ? 1 : 0);
