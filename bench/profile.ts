/**
 * Issue 14's profile of the signed-in app: `node --import tsx bench/profile.ts` (after `npm run build`).
 * Seeds only the 300- and 5,000-fine households into a database of its own on the bench's throwaway cluster,
 * serves the production build, and loads the dashboard, My Fines and the rules page in Chromium with a phone's
 * viewport and 4× CPU throttling (warm cache, a second load measured), recording a performance trace with CPU
 * samples. Writes bench/.profile/profile.json and prints a summary: the long tasks and what ran in them (mapped
 * to our sources through hidden source maps of the same build), layout shifts and their nodes, scripts and
 * API answers with their sizes. Options: --fines 300,5000  --pages dashboard,fines,rules  --rate 4
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { CDPSession, Page } from "playwright-core";
import { launchChromium, PHONE, signIn } from "./lib/browser.js";
import { bundleServer } from "./lib/bundle.js";
import { readOptions } from "./lib/options.js";
import { startPostgres } from "./lib/postgres.js";
import { seed } from "./lib/seed.js";
import { routeJs } from "./lib/signed-in.js";
import { root, startServer } from "./lib/server.js";
import { analyseTrace, SourceMaps, type LongTaskBreakdown, type TraceEvent } from "./lib/trace.js";

const PAGES = { dashboard: "/dashboard", fines: "/dashboard/fines", rules: "/dashboard/rules" } as const;
type PageName = keyof typeof PAGES;
const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.frame",
  "v8",
  "v8.execute",
  "disabled-by-default-v8.cpu_profiler",
  "blink.user_timing",
  "loading",
  "toplevel",
  "disabled-by-default-v8.compile",
];

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    fines: { type: "string", default: "300,5000" },
    pages: { type: "string", default: "dashboard,fines,rules" },
    rate: { type: "string", default: "4" },
  },
});
const wantedFines = values.fines.split(",").map(Number);
const wantedPages = values.pages.split(",").filter((p): p is PageName => p in PAGES);
const rate = Number(values.rate);
const log = (message: string) => console.error(`· ${message}`);

const workDir = path.join(root, "bench/.profile");
rmSync(workDir, { recursive: true, force: true });
mkdirSync(workDir, { recursive: true });

// Hidden source maps of the same build: the same files byte for byte, plus their maps, to name what the samples ran.
const mapsDir = path.join(workDir, "web-maps");
log("building hidden source maps of the web app");
execFileSync("npx", ["vite", "build", "--sourcemap", "hidden", "--outDir", mapsDir, "--emptyOutDir"], {
  cwd: path.join(root, "apps/web"),
  stdio: "ignore",
});
const built = readdirSync(path.join(root, "apps/web/dist/assets"))
  .filter((f) => f.endsWith(".js"))
  .sort()
  .join();
const mapped = readdirSync(path.join(mapsDir, "assets"))
  .filter((f) => f.endsWith(".js"))
  .sort()
  .join();
if (built !== mapped) throw new Error("the source-mapped build differs from apps/web/dist: run `npm run build` first");

const serverEntry = await bundleServer(path.join(workDir, "server/server.mjs"));
const postgres = await startPostgres({ database: "housemate_profile" });
const { sizes } = readOptions([]);
log("seeding the 300- and 5,000-fine households");
const fixture = await seed({ url: postgres.url }, { ...sizes, households: 0 }, 0);
const server = await startServer({
  entry: serverEntry,
  env: { DATABASE_URL: postgres.url, DATA_DIR: path.join(workDir, "data") },
  logFile: path.join(workDir, "server.log"),
});
const chromium = await launchChromium(workDir);
const maps = new SourceMaps(mapsDir);

interface Loaded {
  url: string;
  type: string;
  /** Bytes on the wire (headers included) and after decoding. */
  encoded: number;
  decoded: number;
}

interface PageProfile {
  page: PageName;
  fines: number;
  loadMs: number;
  domNodes: number;
  breakdown: LongTaskBreakdown;
  layoutShifts: { value: number; atMs: number; sources: string[] }[];
  scripts: Loaded[];
  api: Loaded[];
  /** JSON.parse of each API answer's text, timed in the throttled page (ms). */
  parseMs: Record<string, number>;
}

/** Records what the page downloads: each response's type, encoded and decoded bytes. */
function watchNetwork(cdp: CDPSession): Loaded[] {
  const byId = new Map<string, Loaded>();
  const done: Loaded[] = [];
  cdp.on("Network.responseReceived", (e) =>
    byId.set(e.requestId, { url: e.response.url, type: e.type, encoded: 0, decoded: 0 }),
  );
  cdp.on("Network.dataReceived", (e) => {
    const loaded = byId.get(e.requestId);
    if (loaded) loaded.decoded += e.dataLength;
  });
  cdp.on("Network.loadingFinished", (e) => {
    const loaded = byId.get(e.requestId);
    if (!loaded) return;
    loaded.encoded = e.encodedDataLength;
    done.push(loaded);
  });
  return done;
}

// Layout shifts with the nodes that moved, gathered by the page from its first script on.
const OBSERVE = `
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      const sources = (e.sources || []).map((s) => {
        const n = s.node;
        if (!n || !n.tagName) return String(n && n.nodeName);
        const cls = typeof n.className === 'string' ? n.className.split(' ').slice(0, 4).join('.') : '';
        return n.tagName.toLowerCase() + (cls ? '.' + cls : '') + ' "' + (n.textContent || '').trim().slice(0, 40) + '"';
      });
      window.__shifts.push({ value: e.value, atMs: Math.round(e.startTime), sources });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

async function profilePage(
  page: Page,
  cdp: CDPSession,
  name: PageName,
  fines: number,
  origin: string,
): Promise<PageProfile> {
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
  const loaded = watchNetwork(cdp);
  let requests = 0;
  cdp.on("Network.requestWillBeSent", () => requests++);
  await cdp.send("Tracing.start", { traceConfig: { includedCategories: CATEGORIES }, transferMode: "ReportEvents" });
  const started = Date.now();
  await page.goto(`${origin}${PAGES[name]}`, { waitUntil: "networkidle" });
  // The network goes quiet while a long render runs and then asks for more (a dispute per fine): the load is over
  // only once 3 s pass without a request.
  for (let seen = -1; seen !== requests;) {
    seen = requests;
    await page.waitForTimeout(3000);
  }
  const loadMs = Date.now() - started - 3000;
  if (new URL(page.url()).pathname !== PAGES[name])
    throw new Error(`${PAGES[name]} ended at ${page.url()}: not signed in?`);
  await cdp.send("Tracing.end");
  await complete;
  const layoutShifts = await page.evaluate<PageProfile["layoutShifts"]>("window.__shifts");
  const domNodes = await page.evaluate<number>("document.getElementsByTagName('*').length");
  writeFileSync(path.join(workDir, `trace-${name}-${fines}.json`), JSON.stringify({ traceEvents: events }));
  const api = loaded
    .filter((l) => new URL(l.url).pathname.startsWith("/api/"))
    .map((l) => ({ ...l, url: new URL(l.url).pathname + new URL(l.url).search }));
  // What parsing each answer costs on the throttled main thread, fetched again with the page's own token.
  const parseMs = await page.evaluate<Record<string, number>>(`(async () => {
    const out = {};
    for (const url of ${JSON.stringify([...new Set(api.map((a) => a.url))])}) {
      const text = await (await fetch(url, { headers: { authorization: 'Bearer ' + localStorage.getItem('authToken') } })).text();
      const t = performance.now();
      JSON.parse(text);
      out[url] = Math.round((performance.now() - t) * 10) / 10;
    }
    return out;
  })()`);
  return {
    page: name,
    fines,
    loadMs,
    domNodes,
    breakdown: analyseTrace(events, maps),
    layoutShifts,
    scripts: loaded.filter((l) => l.type === "Script").map((l) => ({ ...l, url: new URL(l.url).pathname })),
    api,
    parseMs,
  };
}

const profiles: PageProfile[] = [];
const jsPerRoute: Record<string, { brotliKB: number; gzipKB: number; files: string[] }> = {};
try {
  const member = fixture.signedIn[0]?.member;
  for (const name of member ? wantedPages : []) {
    if (member) jsPerRoute[name] = await routeJs(chromium, server.url, member, PAGES[name]);
  }
  for (const household of fixture.signedIn.filter((h) => wantedFines.includes(h.fines))) {
    const setup = await chromium.context.newPage();
    await signIn(setup, server.url, household.member);
    await setup.close();
    for (const name of wantedPages) {
      const page = await chromium.context.newPage();
      await page.bringToFront();
      await page.setViewportSize(PHONE);
      await page.addInitScript(OBSERVE);
      const cdp = await chromium.context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Emulation.setCPUThrottlingRate", { rate });
      // Warm: the page once unmeasured (scripts cached, as on a phone used every day); then the measured load.
      await page.goto(`${server.url}${PAGES[name]}`, { waitUntil: "networkidle" });
      log(`${name}, ${household.fines} fines, ${rate}× CPU throttling (load average ${os.loadavg()[0]?.toFixed(2)})`);
      profiles.push(await profilePage(page, cdp, name, household.fines, server.url));
      await page.close();
    }
  }
} finally {
  await chromium.close();
  await server.stop();
  await postgres.stop();
}

writeFileSync(
  path.join(workDir, "profile.json"),
  JSON.stringify({ date: new Date().toISOString(), rate, jsPerRoute, profiles }, null, 2),
);
console.log("\nJS per route, empty cache, on the wire (brotli) / gzipped:");
for (const [name, js] of Object.entries(jsPerRoute))
  console.log(`  ${name}: ${js.brotliKB.toFixed(1)} / ${js.gzipKB.toFixed(1)} kB, ${js.files.length} files`);
const kB = (bytes: number) => (bytes / 1000).toFixed(1);
for (const p of profiles) {
  const b = p.breakdown;
  console.log(
    `\n## ${p.page}, ${p.fines} fines (${rate}× CPU): loaded in ${p.loadMs} ms, ${p.domNodes} DOM nodes, main thread busy ${b.busyMs} ms`,
  );
  console.log(
    `long tasks: ${b.longTasks.length}, ${b.longTaskMs} ms in all, ${b.blockingMs} ms over 50 ms: ${b.longTasks.map((t) => `${t.durationMs}@${t.startMs}`).join(", ")}`,
  );
  console.log(
    `trace events (own time, ms): ${Object.entries(b.events)
      .slice(0, 16)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
  );
  console.log(
    `self time by module (ms): ${b.selfByModule
      .slice(0, 14)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
  );
  console.log("inclusive, our code (ms):");
  for (const [fn, ms] of b.inclusive.filter(([fn]) => / \(src\//.test(fn)).slice(0, 40))
    console.log(`  ${String(ms).padStart(6)}  ${fn}`);
  console.log("inclusive, libraries and natives (ms):");
  for (const [fn, ms] of b.inclusive
    .filter(([fn]) => !/ \(src\/|react-router\/dist|react-dom-client/.test(fn))
    .slice(0, 25))
    console.log(`  ${String(ms).padStart(6)}  ${fn}`);
  const intl = b.inclusive.filter(([fn]) => /Intl|NumberFormat|DateTimeFormat|toLocale|format|date-fns/i.test(fn));
  console.log(`formatting: ${intl.map(([fn, ms]) => `${fn} ${ms}`).join(", ") || "none sampled"}`);
  const cls = p.layoutShifts.reduce((sum, s) => sum + s.value, 0);
  console.log(`layout shifts: ${p.layoutShifts.length}, sum ${cls.toFixed(3)}`);
  for (const s of p.layoutShifts.slice(0, 6))
    console.log(`  ${s.value.toFixed(3)} @${s.atMs} ms: ${s.sources.join(" | ")}`);
  const js = p.scripts.reduce((sum, s) => sum + s.encoded, 0);
  console.log(
    `scripts (warm cache, ${kB(js)} kB on the wire): ${p.scripts.length} files, last ${p.scripts
      .slice(-4)
      .map((s) => path.basename(s.url))
      .join(", ")}`,
  );
  console.log(`API (${p.api.length} calls, ${kB(p.api.reduce((sum, a) => sum + a.encoded, 0))} kB on the wire):`);
  const disputes = p.api.filter((a) => a.url.endsWith("/dispute"));
  for (const a of p.api.filter((a) => !a.url.endsWith("/dispute"))) {
    console.log(`  ${a.url}  ${kB(a.encoded)} kB wire / ${kB(a.decoded)} kB JSON, parse ${p.parseMs[a.url] ?? "?"} ms`);
  }
  if (disputes.length)
    console.log(
      `  …/fines/{id}/dispute × ${disputes.length}: ${kB(disputes.reduce((sum, a) => sum + a.encoded, 0))} kB wire`,
    );
}
process.exit(0);
