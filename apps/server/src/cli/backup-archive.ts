import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, opendir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { FileStoreKind } from "../config.js";
import type { Database } from "../db/client.js";
import { thumbnailKey } from "../features/storage/file-path.js";
import type { FileStore } from "../plugins/storage.js";
import { migrationJournal } from "./backup-schema.js";
import {
  appliedMigration,
  dumpTable,
  rowsOf,
  sequenceValues,
  TABLES_NOT_DUMPED,
  tablesInDependencyOrder,
} from "./backup-tables.js";

/**
 * One backup archive (docs/decisions/041): a .tar.gz holding manifest.json first, then the rows as JSON lines
 * (rows/NNN-table.jsonl, in the order they are restored) and every stored file (files/<key>). The manifest lists each
 * part's sha256 and size, so a restore checks the whole archive before it writes anything.
 */
export const BACKUP_FORMAT = 1;
export const MANIFEST = "manifest.json";

const part = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), size: z.number().int().nonnegative() });
const column = z.object({ name: z.string(), type: z.string() });

export const manifestSchema = z.object({
  format: z.number().int(),
  app: z.object({ name: z.literal("housemate"), version: z.string() }),
  createdAt: z.string(),
  engine: z.enum(["pglite", "postgres"]),
  fileStore: z.enum(["disk", "database", "s3"]),
  /** The newest migration the rows were dumped under: its tag and drizzle's `when`. */
  schema: z.object({ migration: z.string(), createdAt: z.number().int() }),
  tables: z.array(
    z.object({
      name: z.string(),
      part: z.string(),
      rows: z.number().int().nonnegative(),
      columns: z.array(column),
      primaryKey: z.array(z.string()),
      selfReferences: z.array(z.object({ column: z.string(), references: z.string() })),
    }),
  ),
  sequences: z.array(z.object({ name: z.string(), value: z.string().nullable() })),
  files: z.array(z.object({ key: z.string(), part: z.string() })),
  parts: z.record(z.string(), part),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export type BackupProgress =
  { step: "rows"; table: string; rows: number } | { step: "files"; done: number; total: number; bytes: number };

/** Why an archive cannot be restored, in words an operator can act on. */
export class BackupArchiveError extends Error {
  override name = "BackupArchiveError";
}

async function serverVersion(): Promise<string> {
  const manifest = JSON.parse(await readFile(new URL("../../package.json", import.meta.url), "utf8")) as {
    version?: string;
  };
  return manifest.version ?? "unknown";
}

/** A stream that passes bytes through, counting and hashing them. */
function measuring() {
  const hash = createHash("sha256");
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: hash.digest("hex"), size }) };
}

/** Writes `lines` to `file`, one a line, and says how many, with the file's sha256 and size. */
async function writeLines(file: string, lines: AsyncIterable<string>) {
  const measure = measuring();
  let rows = 0;
  const text = async function* () {
    for await (const line of lines) {
      rows += 1;
      yield `${line}\n`;
    }
  };
  await pipeline(text, measure.stream, createWriteStream(file, { flags: "wx" }));
  return { rows, ...measure.result() };
}

/**
 * Writes the whole archive to `out`: the rows from one snapshot (a REPEATABLE READ READ ONLY transaction, so every
 * table is as it was at one moment), then every stored file of the uploads in that snapshot, read through `files`.
 * One code path for the CLI (its own database handle) and the running server (its route, plugins/backup.ts).
 */
export async function writeBackup(params: {
  db: Database;
  engine: "pglite" | "postgres";
  files: FileStore;
  fileStore: FileStoreKind;
  out: Writable;
  onProgress?: (progress: BackupProgress) => void;
  now?: () => Date;
}): Promise<BackupManifest> {
  const staging = await mkdtemp(path.join(tmpdir(), "housemate-backup-"));
  try {
    await mkdir(path.join(staging, "rows"));
    await mkdir(path.join(staging, "files"));
    const parts: BackupManifest["parts"] = {};
    const journal = await migrationJournal();

    const snapshot = await params.db.transaction(
      async (tx) => {
        // Timestamps come out in UTC whatever the server's zone: the same text on every machine.
        await tx.execute(sql`set local timezone = 'UTC'`);
        const applied = await appliedMigration(tx);
        const migration = journal.find((entry) => entry.when === applied);
        if (!migration) throw new Error("the database's schema is not one this code knows: run the server once first");
        const tables: BackupManifest["tables"] = [];
        const shapes = (await tablesInDependencyOrder(tx)).filter((shape) => !TABLES_NOT_DUMPED.has(shape.name));
        for (const [index, shape] of shapes.entries()) {
          const partName = `rows/${String(index).padStart(3, "0")}-${shape.name}.jsonl`;
          const written = await writeLines(path.join(staging, partName), dumpTable(tx, shape));
          parts[partName] = { sha256: written.sha256, size: written.size };
          tables.push({ ...shape, part: partName, rows: written.rows });
          params.onProgress?.({ step: "rows", table: shape.name, rows: written.rows });
        }
        const uploads = await rowsOf<{ key: string; completed: boolean }>(
          tx,
          sql`select file_path as key, uploaded_at is not null as completed from uploads order by file_path`,
        );
        return {
          migration,
          tables,
          sequences: await sequenceValues(tx),
          uploads,
        };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );

    // Read after the snapshot's transaction: PGlite has one connection, which the database store needs too.
    const wanted = snapshot.uploads.flatMap(({ key, completed }) => [
      { key, required: completed },
      // Uploads from before thumbnails have none (decision 040).
      { key: thumbnailKey(key), required: false },
    ]);
    const files: BackupManifest["files"] = [];
    let bytes = 0;
    params.onProgress?.({ step: "files", done: 0, total: wanted.length, bytes });
    for (const [done, { key, required }] of wanted.entries()) {
      const file = await params.files.open(key);
      if (file) {
        const partName = `files/${key}`;
        const target = path.join(staging, partName);
        await mkdir(path.dirname(target), { recursive: true });
        const measure = measuring();
        await pipeline(file.stream, measure.stream, createWriteStream(target, { flags: "wx" }));
        const written = measure.result();
        parts[partName] = written;
        files.push({ key, part: partName });
        bytes += written.size;
      } else if (required) {
        throw new Error(`the stored file ${key} is missing from the ${params.fileStore} store`);
      }
      params.onProgress?.({ step: "files", done: done + 1, total: wanted.length, bytes });
    }

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      app: { name: "housemate", version: await serverVersion() },
      createdAt: (params.now?.() ?? new Date()).toISOString(),
      engine: params.engine,
      fileStore: params.fileStore,
      schema: { migration: snapshot.migration.tag, createdAt: snapshot.migration.when },
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      files,
      parts,
    };
    await writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    // Loaded only here: `tar` adds 25–60 ms to every server start, and only a backup needs it.
    const { create } = await import("tar");
    const pack = create({ gzip: true, cwd: staging, portable: true }, [MANIFEST, "rows", "files"]);
    await pipeline(pack, params.out);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Every file below `folder`, as paths relative to it with forward slashes. */
async function filesBelow(folder: string): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of await opendir(folder, { recursive: true })) {
    if (entry.isFile()) {
      found.push(path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
    }
  }
  return found;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/** An unpacked archive that passed every check, and how to remove it. */
export interface VerifiedBackup {
  folder: string;
  manifest: BackupManifest;
  dispose(): Promise<void>;
}

/**
 * Reads the whole archive once into a private folder and checks it: gzip and tar intact, a manifest this code
 * understands, every part there with its size and sha256, nothing else. Throws BackupArchiveError otherwise.
 */
export async function verifyBackup(archive: string): Promise<VerifiedBackup> {
  const folder = await mkdtemp(path.join(tmpdir(), "housemate-restore-"));
  // Retried: a failed extraction may still be finishing writes into the folder as it is removed.
  const dispose = () => rm(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  try {
    const name = path.basename(archive);
    const { extract } = await import("tar");
    try {
      await extract({
        file: archive,
        cwd: folder,
        strict: true,
        // Only plain files and folders: a link in an archive has no place in a backup.
        filter: (_path, entry) => "type" in entry && (entry.type === "File" || entry.type === "Directory"),
      });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new BackupArchiveError(`${name} is damaged or cut short (${why}).`);
    }
    let text;
    try {
      text = await readFile(path.join(folder, MANIFEST), "utf8");
    } catch {
      throw new BackupArchiveError(`${name} has no ${MANIFEST}: it is not a Housemate backup, or it was cut short.`);
    }
    let manifest;
    try {
      manifest = manifestSchema.parse(JSON.parse(text));
    } catch {
      throw new BackupArchiveError(`${name}'s ${MANIFEST} cannot be read: it is not a Housemate backup.`);
    }
    if (manifest.format > BACKUP_FORMAT) {
      throw new BackupArchiveError(
        `${name} was made by a newer Housemate (backup format ${manifest.format}): update this install first.`,
      );
    }
    const present = new Set((await filesBelow(folder)).filter((file) => file !== MANIFEST));
    for (const [partName, expected] of Object.entries(manifest.parts)) {
      const file = path.join(folder, ...partName.split("/"));
      if (!present.delete(partName)) throw new BackupArchiveError(`${name} is incomplete: ${partName} is missing.`);
      const { size } = await stat(file);
      if (size !== expected.size || (await sha256Of(file)) !== expected.sha256) {
        throw new BackupArchiveError(`${name} is damaged: ${partName} does not match its checksum in the manifest.`);
      }
    }
    const extra = [...present][0];
    if (extra !== undefined) throw new BackupArchiveError(`${name} holds ${extra}, which its manifest does not list.`);
    for (const table of manifest.tables) {
      if (!(table.part in manifest.parts)) throw new BackupArchiveError(`${name}'s manifest lists no ${table.part}.`);
    }
    return { folder, manifest, dispose };
  } catch (error) {
    await dispose().catch(() => undefined);
    throw error;
  }
}
