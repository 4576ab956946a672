import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import lighthouse from "lighthouse";
import type { Figure } from "./budgets.js";
import { launchChromium, PHONE, signIn, signInScript, type DebuggedChromium } from "./browser.js";
import { runHttp } from "./load.js";
import type { Options } from "./options.js";
import type { Fixture, MemberFixture, SignedInFixture } from "./seed.js";
import { root, watchProcess, type RunningServer } from "./server.js";
import { median } from "./stats.js";

/** The signed-in pages issue 14 budgets: the dashboard and My Fines. */
export const SIGNED_IN_PAGES = [
  { name: "dashboard", label: "dashboard", path: "/dashboard" },
  { name: "fines", label: "My Fines", path: "/dashboard/fines" },
] as const;

const CONNECTIONS = 20;
const log = (message: string) => console.error(`  · ${message}`);

interface NetworkItem {
  url: string;
  transferSize?: number;
  resourceSize?: number;
  resourceType?: string;
  statusCode?: number;
}

interface Report {
  runtimeError?: { code?: string; message?: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: NetworkItem[] } }>;
}

/** What the browser's dashboard asked the API for, and what each answer weighed on the wire. */
export interface ApiCall {
  path: string;
  transferBytes: number;
  resourceBytes: number;
}

const figure = (key: string, label: string, unit: string, runs: number[], note?: string): Figure => ({
  key,
  label,
  unit,
  value: median(runs),
  runs,
  ...(note ? { note } : {}),
});

/** The /api/ requests of a Lighthouse run, in the order the page made them. */
export function apiCalls(report: Report): ApiCall[] {
  const items = report.audits["network-requests"]?.details?.items ?? [];
  return items.flatMap((item) => {
    const url = new URL(item.url);
    if (!url.pathname.startsWith("/api/")) return [];
    return [
      {
        path: `${url.pathname}${url.search}`,
        transferBytes: item.transferSize ?? 0,
        resourceBytes: item.resourceSize ?? 0,
      },
    ];
  });
}

/**
 * The JavaScript a phone downloads to show a route (the dashboard) with an empty cache: every script response's encoded
 * length as Chromium received it (brotli, which the server sends), and the same files gzipped for comparison.
 */
export async function routeJs(
  chromium: DebuggedChromium,
  origin: string,
  member: MemberFixture,
  route = "/dashboard",
): Promise<{ brotliKB: number; gzipKB: number; files: string[] }> {
  // A context of its own starts with an empty cache; the session is written before the app's first script runs.
  const context = await chromium.browser.newContext({ viewport: PHONE });
  await context.addInitScript(await signInScript(origin, member));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const scripts = new Map<string, string>();
  let brotli = 0;
  cdp.on("Network.responseReceived", (event) => {
    if (new URL(event.response.url).pathname.endsWith(".js")) scripts.set(event.requestId, event.response.url);
  });
  cdp.on("Network.loadingFinished", (event) => {
    if (scripts.has(event.requestId)) brotli += event.encodedDataLength;
  });
  // In front, or the page never paints, and the app's chunk waits for the first paint (decision 015).
  await page.bringToFront();
  await page.goto(`${origin}${route}`, { waitUntil: "networkidle" });
  // Lazy chunks keep coming after the network first goes quiet: done once 3 s pass without a new script.
  for (let seen = -1; seen !== scripts.size;) {
    seen = scripts.size;
    await page.waitForTimeout(3000);
  }
  if (new URL(page.url()).pathname !== route) throw new Error(`${route} went to ${page.url()}: not signed in`);
  await context.close();
  const files = [...scripts.values()].map((url) => new URL(url).pathname);
  if (!files.some((file) => file.includes("/shell-")))
    throw new Error(`${route} never loaded the app's shell: ${files.join(", ")}`);
  const gzip = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(root, "apps/web/dist", file))).length,
    0,
  );
  return { brotliKB: brotli / 1000, gzipKB: gzip / 1000, files };
}

/** Lighthouse 12's default (mobile) preset through its Node API, in the signed-in profile, cache and storage kept. */
async function lighthouseRun(port: number, url: string, output: string): Promise<Report> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await lighthouse(url, {
        port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
        disableStorageReset: true,
      });
      if (!result) throw new Error("Lighthouse returned nothing");
      const report = JSON.parse(typeof result.report === "string" ? result.report : (result.report[0] ?? "")) as Report;
      writeFileSync(output, JSON.stringify(report));
      // BENCH_TRACE=1 keeps the page load's trace beside the report, to read its tasks (bench/README.md).
      if (process.env.BENCH_TRACE)
        writeFileSync(output.replace(/\.json$/, ".trace.json"), JSON.stringify(result.artifacts.Trace));
      // The Node API reports a lost trace in the report (no scores) rather than throwing, as the CLI does.
      if (report.runtimeError?.code)
        throw new Error(`${report.runtimeError.code}: ${report.runtimeError.message ?? ""}`);
      return report;
    } catch (error) {
      // Now and then Lighthouse loses its own trace of the page load (NO_NAVSTART): run again, up to twice.
      if (!String(error).includes("NO_NAVSTART") || attempt === 3) throw error;
      log("Lighthouse lost its trace (NO_NAVSTART); running it again");
    }
  }
}

/** One signed-in page's Lighthouse figures at one history length, keyed signedIn.<page>.<fines>.<metric>. */
function pageFigures(prefix: string, label: string, reports: Report[]): Figure[] {
  const read = (f: (r: Report) => number | null | undefined) => reports.map((r) => f(r) ?? Number.NaN);
  return [
    figure(
      `${prefix}.performance`,
      `${label}: performance`,
      "score",
      read((r) => r.categories.performance?.score),
    ),
    figure(
      `${prefix}.accessibility`,
      `${label}: accessibility`,
      "score",
      read((r) => r.categories.accessibility?.score),
    ),
    figure(
      `${prefix}.lcpMs`,
      `${label}: LCP`,
      "ms",
      read((r) => r.audits["largest-contentful-paint"]?.numericValue),
    ),
    figure(
      `${prefix}.tbtMs`,
      `${label}: TBT`,
      "ms",
      read((r) => r.audits["total-blocking-time"]?.numericValue),
    ),
    figure(
      `${prefix}.cls`,
      `${label}: CLS`,
      "",
      read((r) => r.audits["cumulative-layout-shift"]?.numericValue),
    ),
  ];
}

/**
 * Issue 14's signed-in measurements against a server holding the seeded data set: Lighthouse (mobile, warm cache)
 * on the dashboard and My Fines of the 300- and the 5,000-fine household, the dashboard's API bytes, the JS the
 * dashboard route downloads, and the dashboard's calls under load at both history lengths (p99 and server RSS).
 */
export async function signedInFigures(
  server: RunningServer,
  fixture: Fixture,
  options: Options,
  workDir: string,
): Promise<Figure[]> {
  const { sizes } = options;
  const dir = path.join(workDir, "signed-in");
  mkdirSync(dir, { recursive: true });
  const origin = server.url;
  const figures: Figure[] = [];
  const called = new Map<number, ApiCall[]>();
  const chromium = await launchChromium(workDir);
  try {
    for (const household of fixture.signedIn) {
      const page = await chromium.context.newPage();
      await signIn(page, origin, household.member);
      await page.close();
      if (household === fixture.signedIn[0]) {
        log("dashboard route JS with an empty cache");
        const js = await routeJs(chromium, origin, household.member);
        writeFileSync(path.join(dir, "dashboard-js.json"), JSON.stringify(js, null, 2));
        figures.push(
          figure("signedIn.dashboardJsBrKB", "dashboard route JS on the wire (brotli, empty cache)", "kB", [
            js.brotliKB,
          ]),
        );
        figures.push(figure("signedIn.dashboardJsGzKB", "the same scripts gzipped", "kB", [js.gzipKB]));
      }
      for (const target of SIGNED_IN_PAGES) {
        // Warm: the page once, unmeasured, so its scripts are cached as on a phone opened every day.
        const warm = await chromium.context.newPage();
        await warm.goto(`${origin}${target.path}`, { waitUntil: "networkidle" });
        await warm.close();
        const reports: Report[] = [];
        for (let run = 0; run < sizes.lighthouseRuns; run++) {
          log(
            `Lighthouse (mobile, signed in, warm cache): ${target.label}, ${household.fines} fines, run ${run + 1}/${sizes.lighthouseRuns}`,
          );
          const output = path.join(dir, `lighthouse-${target.name}-${household.fines}-${run + 1}.json`);
          reports.push(await lighthouseRun(chromium.port, `${origin}${target.path}`, output));
        }
        figures.push(
          ...pageFigures(
            `signedIn.${target.name}.${household.fines}`,
            `${target.label}, ${household.fines} fines`,
            reports,
          ),
        );
        if (target.name === "dashboard") {
          const calls = apiCalls(reports[0] as Report);
          called.set(household.fines, calls);
          const kB = reports.map((r) => apiCalls(r).reduce((sum, call) => sum + call.transferBytes, 0) / 1000);
          figures.push(
            figure(
              `signedIn.dashboard.${household.fines}.apiKB`,
              `dashboard API calls, ${household.fines} fines (${calls.length} calls, compressed)`,
              "kB",
              kB,
            ),
          );
        }
      }
    }
  } finally {
    await chromium.close();
  }
  writeFileSync(path.join(dir, "api-calls.json"), JSON.stringify(Object.fromEntries(called), null, 2));
  figures.push(...(await dashboardCallsUnderLoad(server, fixture.signedIn, called, options, dir)));
  return figures;
}

/**
 * Each endpoint the dashboard called, once (ids aside): the browser's 47 dispute requests at 5,000 fines against 5
 * at 300 would otherwise make the two mixes differ, and 47 small answers would push the household list, one
 * request in 56, past the p99 the budget compares.
 */
function distinctEndpoints(paths: string[]): string[] {
  const seen = new Set<string>();
  return paths.filter((p) => {
    const endpoint = p.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "{id}");
    if (seen.has(endpoint)) return false;
    seen.add(endpoint);
    return true;
  });
}

/**
 * The endpoints the browser's dashboard called, sent by 20 connections as that household's member, at each history
 * length in turn: their p99, the server's peak RSS, and the 5,000-fine figure over the 300-fine one.
 */
async function dashboardCallsUnderLoad(
  server: RunningServer,
  households: SignedInFixture[],
  called: Map<number, ApiCall[]>,
  options: Options,
  dir: string,
): Promise<Figure[]> {
  const { sizes } = options;
  const fixtureFile = path.join(dir, "fixture.json");
  writeFileSync(fixtureFile, JSON.stringify({ households: [], payables: [], signedIn: households }));
  const p99 = new Map<number, number>();
  const rss = new Map<number, number>();
  const figures: Figure[] = [];
  for (const household of households) {
    const paths = distinctEndpoints((called.get(household.fines) ?? []).map((call) => call.path));
    const spec = {
      url: server.url,
      scenario: "signed-in-dashboard" as const,
      connections: CONNECTIONS,
      fixtureFile,
      paths,
      token: household.member.token,
    };
    await runHttp(dir, { ...spec, seconds: sizes.warmupSeconds });
    const p99s: number[] = [];
    const peaks: number[] = [];
    for (let run = 0; run < sizes.runs; run++) {
      log(
        `the dashboard's ${paths.length} endpoints under load, ${household.fines} fines, run ${run + 1}/${sizes.runs}`,
      );
      const watched = await watchProcess(server.pid, () => runHttp(dir, { ...spec, seconds: sizes.seconds }));
      p99s.push(watched.result.latency.p99);
      peaks.push(watched.peakMB);
    }
    const prefix = `signedIn.dashboardCalls.${household.fines}`;
    figures.push(figure(`${prefix}.p99`, `dashboard calls p99, ${household.fines} fines`, "ms", p99s));
    figures.push(figure(`${prefix}.rssMB`, `server RSS under them (peak), ${household.fines} fines`, "MB", peaks));
    p99.set(household.fines, median(p99s));
    rss.set(household.fines, median(peaks));
  }
  const [short, long] = households.map((h) => h.fines);
  if (short !== undefined && long !== undefined) {
    const ratio = (m: Map<number, number>) => (m.get(long) ?? Number.NaN) / (m.get(short) ?? Number.NaN);
    figures.push(
      figure("signedIn.dashboardCalls.p99Ratio", `dashboard calls p99, ${long} ÷ ${short} fines`, "×", [ratio(p99)]),
    );
    figures.push(
      figure("signedIn.dashboardCalls.rssRatio", `server RSS under them, ${long} ÷ ${short} fines`, "×", [ratio(rss)]),
    );
  }
  return figures;
}
