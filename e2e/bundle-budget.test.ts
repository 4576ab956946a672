import { existsSync, readFileSync } from "node:fs";
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

function gzippedKB(manifest: Manifest, keys: Set<string>): number {
  let bytes = 0;
  for (const key of keys) {
    const file = manifest[key]?.file ?? "";
    if (file.endsWith(".js")) bytes += gzipSync(readFileSync(path.join(dist, file))).length;
  }
  return bytes / 1024;
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

describe("bundle budget", () => {
  it("loads the landing page with at most 120 KB of gzipped JavaScript", () => {
    const manifest = loadManifest();
    const kb = gzippedKB(manifest, withStaticImports(manifest, [entryKey(manifest), APP]));
    console.info(`landing page: ${kb.toFixed(1)} KB gzipped`);
    expect(kb).toBeLessThanOrEqual(120);
  });

  it("loads the dashboard with at most 250 KB of gzipped JavaScript", () => {
    const manifest = loadManifest();
    // The dashboard renders inside its parent layout routes, so their chunks count too.
    const route = [
      entryKey(manifest),
      APP,
      "src/app/providers.tsx",
      "src/app/routes/protected.tsx",
      "src/app/routes/shell.tsx",
      "src/app/routes/dashboard.tsx",
    ];
    const kb = gzippedKB(manifest, withStaticImports(manifest, route));
    console.info(`dashboard: ${kb.toFixed(1)} KB gzipped`);
    expect(kb).toBeLessThanOrEqual(250);
  });
});
