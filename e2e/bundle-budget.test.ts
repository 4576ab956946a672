import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

/**
 * The JavaScript a visitor downloads before a route can render, weighed from the build's manifest
 * (`npm run build` writes apps/web/dist/.vite/manifest.json).
 */
const dist = path.resolve(import.meta.dirname, "../apps/web/dist");
const manifestPath = path.join(dist, ".vite/manifest.json");

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function loadManifest(): Manifest {
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run \`npm run build\` first`);
  return JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
}

/** The manifest keys of these chunks and everything they import statically, each once. */
function withStaticImports(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

const scripts = (manifest: Manifest, keys: Set<string>) =>
  [...keys].map((key) => manifest[key]?.file ?? "").filter((file) => file.endsWith(".js"));

function gzippedKB(manifest: Manifest, keys: Set<string>): number {
  const bytes = scripts(manifest, keys).reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(dist, file))).length,
    0,
  );
  return bytes / 1024;
}

/**
 * About what Chromium counts for a script's response headers on top of its body. Issue 14's profile measured 1.1 kB a
 * file when each script carried a page's security headers too; the server now leaves those off its scripts
 * (apps/server/src/plugins/static.ts) and a script's answer has 485–670 bytes of headers (curl, with and without an
 * Origin), to which Chromium's count adds about 140. Each file costs that whatever its size: fewer files, fewer bytes.
 */
const HEADER_BYTES_PER_FILE = 800;

/**
 * What the server sends for these scripts (apps/server/src/plugins/static.ts): the brotli copy the build wrote
 * (apps/web/scripts/precompress.ts), or the file itself where there is none, and a header allowance per file, in kB
 * as the bench's 'dashboard route JS on the wire' counts them (1,000 bytes).
 */
function onTheWireKB(manifest: Manifest, keys: Set<string>): { kB: number; files: number } {
  const files = scripts(manifest, keys);
  const body = files.reduce((sum, file) => {
    const brotli = path.join(dist, `${file}.br`);
    return sum + readFileSync(existsSync(brotli) ? brotli : path.join(dist, file)).length;
  }, 0);
  return { kB: (body + files.length * HEADER_BYTES_PER_FILE) / 1000, files: files.length };
}

/**
 * The entry (apps/web/src/main.tsx) holds only the styles and a loader; it imports the app itself (React, the
 * router, the landing page) as this chunk of its own, which every route needs.
 */
const APP = "src/app/mount.tsx";

const entryKey = (manifest: Manifest) => {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error("the build manifest has no entry chunk");
  return entry[0];
};

/** A module's manifest key: its own chunk's, or the shared chunk it was grouped into (apps/web/vite.config.ts). */
function chunkOf(manifest: Manifest, key: string, group: string): string {
  if (manifest[key]) return key;
  const grouped = Object.keys(manifest).find((name) => name.startsWith(`_${group}-`) && name.endsWith(".js"));
  if (!grouped) throw new Error(`${key} is not in the build manifest, nor a chunk named ${group}`);
  return grouped;
}

/** The landing page's first load: the entry and the app chunk. */
const landingKeys = (manifest: Manifest) =>
  withStaticImports(manifest, [entryKey(manifest), chunkOf(manifest, APP, "mount")]);

/** The dashboard's first load: the landing's and its parent layout routes' chunks, and its own. */
const dashboardKeys = (manifest: Manifest) =>
  withStaticImports(manifest, [
    entryKey(manifest),
    chunkOf(manifest, APP, "mount"),
    chunkOf(manifest, "src/app/providers.tsx", "shell"),
    chunkOf(manifest, "src/app/routes/protected.tsx", "shell"),
    chunkOf(manifest, "src/app/routes/shell.tsx", "shell"),
    "src/app/routes/dashboard.tsx",
  ]);

/**
 * Text that survives minification in code that must load only when used (issue 23): @capacitor/core registers these
 * plugins by name; pushManager.subscribe's option is a property name; the prompt's failure toast is a string.
 */
const LAZY_ONLY = {
  "@capacitor/core": "CapacitorCookies",
  "lib/push/push.ts (subscribing)": "applicationServerKey",
  "lib/push/push-prompt.ts (the prompt)": "Failed to turn on push notifications",
};

const builtScripts = () =>
  readdirSync(path.join(dist, "assets"))
    .filter((file) => file.endsWith(".js"))
    .map((file) => `assets/${file}`);

describe("bundle budget", () => {
  it("loads the landing page with at most 120 KB of gzipped JavaScript", () => {
    const manifest = loadManifest();
    const kb = gzippedKB(manifest, landingKeys(manifest));
    console.info(`landing page: ${kb.toFixed(1)} KB gzipped`);
    expect(kb).toBeLessThanOrEqual(120);
  });

  /** Issue 14's budget; the bench measures the same thing in Chromium ('dashboard route JS on the wire'). */
  it("sends the dashboard's JavaScript in at most 190 kB, as a phone with an empty cache receives it", () => {
    const manifest = loadManifest();
    // The dashboard renders inside its parent layout routes, so their chunks count too; they all load at once.
    // Chunks it imports with import() later (the notes' drag and drop, dialogs) are not part of opening it.
    const keys = dashboardKeys(manifest);
    const { kB, files } = onTheWireKB(manifest, keys);
    console.info(`dashboard: ${kB.toFixed(1)} kB on the wire (brotli and ${files} × headers)`);
    expect(kB).toBeLessThanOrEqual(190);
    // zod and the contract's schemas come only with a screen or dialog that checks data (decision 033).
    expect(scripts(manifest, keys).filter((file) => path.basename(file).startsWith("schemas-"))).toEqual([]);
  });

  it("keeps Capacitor and push's subscribing and prompt out of the landing page's and the dashboard's first load", () => {
    const manifest = loadManifest();
    const all = builtScripts();
    for (const [page, keys] of [
      ["landing", landingKeys(manifest)],
      ["dashboard", dashboardKeys(manifest)],
    ] as const) {
      const firstLoad = scripts(manifest, keys);
      for (const [code, marker] of Object.entries(LAZY_ONLY)) {
        const has = (file: string) => readFileSync(path.join(dist, file), "utf8").includes(marker);
        // The marker is a reliable sign of that code: the build has it, in a chunk loaded later.
        expect(all.some(has), `${code}'s marker ${marker} is in the build`).toBe(true);
        expect(firstLoad.filter(has), `${code} in the ${page}'s first load`).toEqual([]);
      }
    }
  });
});
