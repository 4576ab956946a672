import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import type { Figure } from "./budgets.js";
import { root } from "./server.js";
import { median } from "./stats.js";

const dist = path.join(root, "apps/web/dist");
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * Gzipped JS a visitor downloads before a route renders: the chunks and their static imports, weighed
 * as e2e/bundle-budget.test.ts weighs them (that test enforces the same budgets in `npm test`).
 */
export function bundleFigures(): Figure[] {
  const manifestPath = path.join(dist, ".vite/manifest.json");
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run \`npm run build\` first`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error("the build manifest has no entry chunk");

  const weigh = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      manifest[key].imports?.forEach(visit);
    };
    keys.forEach(visit);
    let bytes = 0;
    for (const key of seen) {
      const file = manifest[key]?.file ?? "";
      if (file.endsWith(".js")) bytes += gzipSync(readFileSync(path.join(dist, file))).length;
    }
    return bytes / 1024;
  };
  // A module's own chunk, or the named chunk the build groups it into (apps/web/scripts/chunk-groups.ts).
  const chunkOf = (key: string, group: string) =>
    manifest[key]
      ? key
      : (Object.keys(manifest).find((name) => name.startsWith(`_${group}-`) && name.endsWith(".js")) ?? key);
  // The entry only loads the app, a chunk of its own (apps/web/src/main.tsx), which every route needs.
  const app = chunkOf("src/app/mount.tsx", "mount");
  const landing = weigh([entry, app]);
  const dashboard = weigh([
    entry,
    app,
    chunkOf("src/app/providers.tsx", "shell"),
    chunkOf("src/app/routes/protected.tsx", "shell"),
    chunkOf("src/app/routes/shell.tsx", "shell"),
    "src/app/routes/dashboard.tsx",
  ]);
  return [
    { key: "frontend.landingJsKB", label: "landing route JS (gzip)", unit: "KB", value: landing, runs: [landing] },
    {
      key: "frontend.dashboardJsKB",
      label: "dashboard route JS (gzip)",
      unit: "KB",
      value: dashboard,
      runs: [dashboard],
    },
  ];
}

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

/** Lighthouse 12's default (mobile) preset against the landing page, with Debian's Chromium. */
export async function lighthouseFigures(url: string, runs: number, workDir: string): Promise<Figure[]> {
  const cli = path.join(root, "node_modules/lighthouse/cli/index.js");
  const reports: LighthouseReport[] = [];
  for (let run = 0; run < runs; run++) {
    const output = path.join(workDir, `lighthouse-${run + 1}.json`);
    const lighthouse = () =>
      promisify(execFile)(
        process.execPath,
        [
          cli,
          url,
          "--output=json",
          `--output-path=${output}`,
          "--only-categories=performance,accessibility",
          "--chrome-flags=--headless=new --no-sandbox --disable-dev-shm-usage --disable-gpu",
          "--quiet",
        ],
        { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
      );
    // Now and then Lighthouse loses its own trace of the page load ("NO_NAVSTART") and asks to be run again: it
    // is, up to twice, rather than losing the whole bench's figures to it.
    for (let attempt = 1; ; attempt++) {
      try {
        await lighthouse();
        break;
      } catch (error) {
        const traceLost = error instanceof Error && "stderr" in error && String(error.stderr).includes("NO_NAVSTART");
        if (!traceLost || attempt === 3) throw error;
        console.error(`  · Lighthouse lost its trace (NO_NAVSTART); running it again`);
      }
    }
    reports.push(JSON.parse(readFileSync(output, "utf8")) as LighthouseReport);
  }
  const figure = (key: string, label: string, unit: string, read: (r: LighthouseReport) => number): Figure => {
    const values = reports.map(read);
    return { key: `frontend.lighthouse.${key}`, label, unit, value: median(values), runs: values };
  };
  return [
    figure(
      "performance",
      "Lighthouse mobile: performance",
      "score",
      (r) => r.categories.performance?.score ?? Number.NaN,
    ),
    figure(
      "accessibility",
      "Lighthouse mobile: accessibility",
      "score",
      (r) => r.categories.accessibility?.score ?? Number.NaN,
    ),
    figure(
      "lcpMs",
      "Lighthouse mobile: LCP",
      "ms",
      (r) => r.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    ),
    figure("tbtMs", "Lighthouse mobile: TBT", "ms", (r) => r.audits["total-blocking-time"]?.numericValue ?? Number.NaN),
    figure("cls", "Lighthouse mobile: CLS", "", (r) => r.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN),
  ];
}
