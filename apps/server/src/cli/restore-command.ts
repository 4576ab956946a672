import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, opendir, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { Readable } from "node:stream";
import pg from "pg";
import { ConfigError, loadConfig, type Config } from "../config.js";
import { defaultPgliteTemplate, type Database } from "../db/client.js";
import { copyTemplateInto } from "../db/pglite-template.js";
import * as schema from "../db/schema.js";
import { openFileStore, uploadsDir, type FileStore } from "../plugins/storage.js";
import { parseRestoreArguments, RESTORE_HELP, UsageError } from "./backup-arguments.js";
import { BackupArchiveError, verifyBackup, type BackupManifest, type VerifiedBackup } from "./backup-archive.js";
import type { CommandOutput } from "./backup-command.js";
import { MIGRATIONS_FOLDER, migrationJournal, migrationsUpTo, type JournalEntry } from "./backup-schema.js";
import { runningServer, ServerFileError } from "./backup-server-file.js";
import {
  appliedMigration,
  loadTable,
  restoreSequences,
  rowsOf,
  TABLES_NOT_DUMPED,
  tablesWithRows,
} from "./backup-tables.js";

/** Refused before anything was written: the message says why. */
class Refusal extends Error {
  override name = "Refusal";
}

/** The restore's own connection to the target: no statement time-out (a big table's insert may take a while). */
interface Target {
  db: Database;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
  /** Puts the target back as it was found after a failure: a data folder this restore made is removed. */
  undo(): Promise<void>;
  /** Whether undo() removes the migrations' tables too (a data folder this restore made), or leaves them. */
  undoRemovesSchema: boolean;
  describe: string;
}

async function folderIsEmpty(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).length === 0;
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return true;
    throw error;
  }
}

/** The files below `folder`, as keys (relative paths with forward slashes). */
async function filesBelow(folder: string): Promise<string[]> {
  const found: string[] = [];
  try {
    for await (const entry of await opendir(folder, { recursive: true })) {
      if (entry.isFile())
        found.push(path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
    }
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return [];
    throw error;
  }
  return found;
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

function openPostgresTarget(url: string): Target {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    migrate: (folder) => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: folder }),
    close: () => pool.end(),
    undo: async () => undefined,
    undoRemovesSchema: false,
    describe: "The database",
  };
}

/** DATA_DIR/pgdata; a new one starts from the build's template when that is the archive's schema. */
async function openPgliteTarget(dataDir: string, atLatest: boolean): Promise<Target> {
  const folder = path.resolve(dataDir, "pgdata");
  const made = await folderIsEmpty(folder);
  if (!made || !atLatest || !copyTemplateInto(defaultPgliteTemplate(), folder))
    await mkdir(folder, { recursive: true });
  const client = new PGlite(folder);
  await client.waitReady;
  const pgliteDb = drizzlePglite(client, { schema });
  let closed = false;
  const close = async () => {
    if (!closed) await client.close();
    closed = true;
  };
  return {
    db: pgliteDb as unknown as Database,
    migrate: (migrationsFolder) => migratePglite(pgliteDb, { migrationsFolder }),
    close,
    undo: async () => {
      await close();
      if (made) await rm(folder, { recursive: true, force: true });
    },
    undoRemovesSchema: made,
    describe: `The data folder ${path.resolve(dataDir)}`,
  };
}

/**
 * The archive's files that the store already holds byte for byte: left by an earlier run of this restore that was
 * stopped before its rows went in (the rows are one transaction; the files cannot be). Refuses when the store holds
 * anything else: a file the archive does not have, or one of its keys with other bytes.
 */
async function filesAlreadyThere(
  config: Config,
  opened: { kind: string; store: FileStore },
  db: Database,
  manifest: BackupManifest,
): Promise<Set<string>> {
  const archived = new Set(manifest.files.map(({ key }) => key));
  let held: string[] = [];
  let where = "";
  if (opened.kind === "disk") {
    const folder = path.resolve(uploadsDir(config.dataDir));
    held = await filesBelow(folder);
    where = folder;
  } else if (opened.kind === "database") {
    // A database no migration has run on has no stored_files yet.
    const [table] = await rowsOf<{ found: boolean }>(
      db,
      sql`select to_regclass('public.stored_files') is not null as found`,
    );
    if (!table?.found) return new Set();
    held = (await rowsOf<{ key: string }>(db, sql`select key from stored_files order by key`)).map(({ key }) => key);
    where = "the database's stored_files";
  }
  // S3: a bucket may be shared with other things; only the archive's own keys matter, checked below.
  const foreign = held.filter((key) => !archived.has(key));
  if (foreign.length > 0) {
    const more = foreign.length > 1 ? ` and ${foreign.length - 1} more` : "";
    throw new Refusal(`The file store is not empty (${where} holds ${foreign[0]}${more}): restore into an empty one.`);
  }
  const there = new Set<string>();
  for (const { key, part } of manifest.files) {
    const file = await opened.store.open(key);
    if (!file) continue;
    if ((await sha256Of(file.stream)) !== manifest.parts[part]?.sha256) {
      throw new Refusal(
        `The file store already holds ${key} with other bytes than the archive's: restore into an empty one.`,
      );
    }
    there.add(key);
  }
  return there;
}

async function* linesOf(file: string): AsyncGenerator<string> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) if (line !== "") yield line;
}

async function* rowsOfPart(file: string): AsyncGenerator<Record<string, unknown>> {
  for await (const line of linesOf(file)) yield JSON.parse(line) as Record<string, unknown>;
}

/**
 * Every row of the archive, loaded in one transaction: all of them, or (on any error) none. Each table is streamed
 * from its part in batches, never held whole (backup-tables.ts's loadTable). Mail not yet sent in an archive made
 * before backups left it out is skipped (TABLES_NOT_DUMPED).
 */
async function loadRows(db: Database, backup: VerifiedBackup, onTable: (name: string, rows: number) => void) {
  await db.transaction(async (tx) => {
    for (const table of backup.manifest.tables) {
      if (TABLES_NOT_DUMPED.has(table.name)) continue;
      const loaded = await loadTable(tx, table, rowsOfPart(path.join(backup.folder, ...table.part.split("/"))));
      if (loaded !== table.rows) throw new Error(`${table.part} holds ${loaded} rows, not ${table.rows}`);
      onTable(table.name, loaded);
    }
    await restoreSequences(tx, backup.manifest.sequences);
  });
}

/** The archive's schema, which this code must know (it may be older: later migrations run after the rows). */
function archiveSchema(manifest: BackupManifest, journal: JournalEntry[], name: string): JournalEntry {
  const entry = journal.find((candidate) => candidate.when === manifest.schema.createdAt);
  const latest = journal.at(-1);
  if (entry) return entry;
  if (latest && manifest.schema.createdAt > latest.when) {
    throw new Refusal(
      `${name} was made by a newer Housemate (its schema is ${manifest.schema.migration}; this one knows up to ` +
        `${latest.tag}): update this install, then restore.`,
    );
  }
  throw new Refusal(`${name}'s schema (${manifest.schema.migration}) is not one this Housemate knows.`);
}

/**
 * `npm run restore ARCHIVE`. Exit codes: 0 restored, 1 refused (nothing was changed) or failed (the message says
 * what was left: on PostgreSQL the migrated empty tables), 2 a wrong command line or configuration.
 */
export async function restoreCommand(params: {
  argv: string[];
  env: NodeJS.ProcessEnv;
  output: CommandOutput;
  cwd?: string;
}): Promise<number> {
  const { stderr, stdout } = params.output;
  let args;
  let config;
  try {
    args = parseRestoreArguments(params.argv);
    if (args.help) {
      stdout.write(`${RESTORE_HELP}\n`);
      return 0;
    }
    config = loadConfig(params.env);
  } catch (error) {
    if (error instanceof UsageError) stderr.write(`${error.message}\n\n${RESTORE_HELP}\n`);
    else if (error instanceof ConfigError) stderr.write(`${error.message}\n`);
    else throw error;
    return 2;
  }
  const archive = path.resolve(params.cwd ?? params.env.INIT_CWD ?? process.cwd(), args.archive);
  const name = path.basename(archive);
  const nothingChanged = " Nothing was changed.";
  // What a failure leaves in the target, said exactly (a retry of the same archive accepts all of it).
  const leftBehind: string[] = [];
  const emptySchema = "the database's tables, with no rows";

  let backup: VerifiedBackup | undefined;
  let target: Target | undefined;
  try {
    if (!config.databaseUrl) {
      const server = await runningServer(config.dataDir);
      if (server) {
        throw new Refusal(
          `A Housemate server (pid ${server.pid}) is running on ${path.resolve(config.dataDir)}: stop it first.`,
        );
      }
    }
    stderr.write(`Checking ${name}…\n`);
    backup = await verifyBackup(archive);
    const { manifest } = backup;
    const journal = await migrationJournal();
    const schemaEntry = archiveSchema(manifest, journal, name);

    target = config.databaseUrl
      ? openPostgresTarget(config.databaseUrl)
      : await openPgliteTarget(config.dataDir, schemaEntry === journal.at(-1));
    const full = await tablesWithRows(target.db);
    if (full.length > 0) {
      throw new Refusal(`${target.describe} is not empty (${full.join(", ")} hold rows): restore into an empty one.`);
    }
    const applied = await appliedMigration(target.db);
    if (applied !== null && applied > schemaEntry.when) {
      throw new Refusal(
        `${target.describe} already has a newer schema than ${name} (${manifest.schema.migration}): restore into ` +
          "one no server has started on.",
      );
    }
    const opened = await openFileStore(config, target.db);
    const written: string[] = [];
    try {
      const there = await filesAlreadyThere(config, opened, target.db, manifest);
      stderr.write(`Restoring ${manifest.createdAt}'s backup (${manifest.engine}, ${manifest.schema.migration})…\n`);
      if (there.size > 0) stderr.write(`  ${there.size} files are already there from an earlier try: kept.\n`);
      const upTo = await migrationsUpTo(schemaEntry);
      try {
        if (!target.undoRemovesSchema && applied !== schemaEntry.when) leftBehind.push(emptySchema);
        await target.migrate(upTo.folder);
      } finally {
        await upTo.dispose();
      }
      for (const [index, { key, part }] of manifest.files.entries()) {
        if (!there.has(key)) {
          await opened.store.put(key, await readFile(path.join(backup.folder, ...part.split("/"))));
          written.push(key);
        }
        if ((index + 1) % 100 === 0 || index + 1 === manifest.files.length) {
          stderr.write(`  files: ${index + 1}/${manifest.files.length}\n`);
        }
      }
      await loadRows(target.db, backup, (table, rows) => stderr.write(`  ${table}: ${rows} rows\n`));
    } catch (error) {
      // Only what this restore wrote: files an earlier try left are the archive's own, and a retry accepts them.
      let kept = 0;
      for (const key of written) await opened.store.remove(key).catch(() => (kept += 1));
      if (kept > 0) leftBehind.push(`${kept} of the archive's files in the file store`);
      throw error;
    } finally {
      opened.close();
    }
    const restored = target;
    target = undefined;
    try {
      await restored.migrate(MIGRATIONS_FOLDER);
    } catch (error) {
      // The rows and files are in and consistent; the server applies pending migrations at every boot anyway.
      stderr.write(
        `${name} is restored, but this version's newer migrations failed: ${error instanceof Error ? error.message : String(error)}. ` +
          "Starting the server tries them again.\n",
      );
      return 1;
    } finally {
      await restored.close();
    }
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    stderr.write(
      `Restored ${rows} rows and ${manifest.files.length} files from ${name}. Start the server: npm run serve\n`,
    );
    return 0;
  } catch (error) {
    if (target) {
      await target.undo().catch(() => undefined);
      await target.close().catch(() => undefined);
    }
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof Refusal || error instanceof BackupArchiveError || error instanceof ServerFileError) {
      stderr.write(`${error.message}${nothingChanged}\n`);
    } else if (leftBehind.length === 0) {
      stderr.write(`The restore failed and was undone: ${reason}.${nothingChanged}\n`);
    } else {
      stderr.write(
        `The restore failed and its rows were rolled back: ${reason}. It left ${leftBehind.join(" and ")}; ` +
          "restoring the same archive again accepts them.\n",
      );
    }
    return 1;
  } finally {
    await backup?.dispose();
  }
}
