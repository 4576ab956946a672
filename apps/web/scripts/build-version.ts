import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const repo = path.resolve(import.meta.dirname, "../../..");

/**
 * Everything that decides what the built app reads and how: the web's own code and page, the contract's shapes, and the
 * exact versions of every library (the lockfile). Not the contract alone: a web-side change to what a screen keeps in
 * its cache (a query's key, a `select`) would otherwise restore a copy the new code misreads.
 */
export const APP_SOURCES = ["apps/web/src", "apps/web/index.html", "packages/contract/src", "package-lock.json"];

/**
 * A hash of the given files and folders (paths from the repository's root), written into the build as the last-seen
 * copy's buster (src/lib/offline/last-seen.ts): any change to the app's sources, i.e. any deploy of new code, drops
 * every device's kept copy; a rebuild of the same sources keeps it (and keeps every file's hash, so the service
 * worker's precache does not refetch the chunk that holds it).
 */
export function buildVersion(sources: readonly string[] = APP_SOURCES, root: string = repo): string {
  const hash = createHash("sha256");
  for (const source of sources) {
    const absolute = path.join(root, source);
    const files = statSync(absolute).isDirectory()
      ? readdirSync(absolute, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.join(entry.parentPath, entry.name))
          .sort()
      : [absolute];
    for (const file of files) hash.update(path.relative(root, file)).update("\0").update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}
