import { createHash } from "node:crypto";
import { buffer } from "node:stream/consumers";
import { asc, isNotNull } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { uploads } from "../db/schema.js";
import { thumbnailKey } from "../features/storage/file-path.js";
import type { FileStore } from "../plugins/storage.js";

/** What happened to one key. */
export type KeyOutcome =
  | "copied"
  /** The target already had the same bytes (an earlier, interrupted run copied it). */
  | "already-there"
  /** The target had other bytes under the key (a half-written or damaged copy): replaced and verified. */
  | "replaced"
  /** An upload stored before thumbnails existed has none: nothing to move, and the image stands in. */
  | "no-thumbnail";

export interface MigrationProgress {
  done: number;
  total: number;
  bytes: number;
}

export interface MigrationReport {
  total: number;
  counts: Record<KeyOutcome, number>;
  bytes: number;
  /** Keys that could not be moved, with why: the run carried on past them. */
  failures: { key: string; reason: string }[];
}

/**
 * Every key the database knows, image then thumbnail for each finished upload, in a stable order so progress
 * means the same on a re-run. Read before any file is touched, outside any transaction (PGlite has one connection,
 * which the database store needs).
 */
export async function keysToMigrate(db: Database): Promise<{ key: string; isThumbnail: boolean }[]> {
  const rows = await db
    .select({ filePath: uploads.filePath })
    .from(uploads)
    .where(isNotNull(uploads.uploadedAt))
    .orderBy(asc(uploads.filePath));
  return rows.flatMap(({ filePath }) => [
    { key: filePath, isThumbnail: false },
    { key: thumbnailKey(filePath), isThumbnail: true },
  ]);
}

async function readAll(store: FileStore, key: string): Promise<Buffer | null> {
  const file = await store.open(key);
  return file ? buffer(file.stream) : null;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Copies one key, verified by reading it back; throws with a reason an operator can act on. */
async function migrateKey(from: FileStore, to: FileStore, key: string, isThumbnail: boolean) {
  const source = await readAll(from, key);
  const existing = await readAll(to, key);
  if (!source) {
    // Uploaded to the target after the switch to it (a re-run, as the closing message suggests): nothing to move.
    if (existing) return { outcome: "already-there" as const, bytes: existing.length };
    if (isThumbnail) return { outcome: "no-thumbnail" as const, bytes: 0 };
    throw new Error("missing from the source store");
  }
  const wanted = sha256(source);
  if (existing && sha256(existing) === wanted) return { outcome: "already-there" as const, bytes: source.length };
  // Stores refuse to overwrite, so a wrong copy goes first. Only ever the target's: the source is never changed.
  if (existing) await to.remove(key);
  await to.put(key, source);
  const copied = await readAll(to, key);
  if (!copied) throw new Error("not found in the target store after copying");
  if (sha256(copied) !== wanted) {
    // A bad copy would count as the file on the next run, or be served after the switch: only the target's goes.
    await to.remove(key);
    throw new Error("the target's copy differs from the source (sha256 mismatch); it was removed");
  }
  return { outcome: existing ? ("replaced" as const) : ("copied" as const), bytes: source.length };
}

/**
 * Copies every stored file the database knows from one store to another, skipping what the target already holds
 * byte for byte (so a run that was interrupted continues where it stopped), and verifies each copy by its sha256.
 * Nothing is deleted from `from`.
 */
export async function migrateFiles(params: {
  db: Database;
  from: FileStore;
  to: FileStore;
  onProgress?: (progress: MigrationProgress) => void;
}): Promise<MigrationReport> {
  const keys = await keysToMigrate(params.db);
  const report: MigrationReport = {
    total: keys.length,
    counts: { copied: 0, "already-there": 0, replaced: 0, "no-thumbnail": 0 },
    bytes: 0,
    failures: [],
  };
  let done = 0;
  // Shown before the first copy, so a long first file (or an empty run) still shows where it stands.
  params.onProgress?.({ done, total: keys.length, bytes: 0 });
  for (const { key, isThumbnail } of keys) {
    try {
      const { outcome, bytes } = await migrateKey(params.from, params.to, key, isThumbnail);
      report.counts[outcome] += 1;
      report.bytes += bytes;
    } catch (error) {
      report.failures.push({ key, reason: error instanceof Error ? error.message : String(error) });
    }
    done += 1;
    params.onProgress?.({ done, total: keys.length, bytes: report.bytes });
  }
  return report;
}
