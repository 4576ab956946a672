import { readFileSync } from "node:fs";
import path from "node:path";

const serverDir = path.resolve(import.meta.dirname, "../..");

/** What `npm run build` makes and `npm start` (apps/server/package.json) runs. */
export const SERVER_BUNDLE = path.join(serverDir, "dist/server.mjs");

/** The node flags `npm start` runs the bundle with, read from apps/server/package.json so both stay one. */
export function productionNodeFlags(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(serverDir, "package.json"), "utf8")) as {
    scripts: { start: string };
  };
  return manifest.scripts.start.split(/\s+/).filter((part) => part.startsWith("--"));
}
