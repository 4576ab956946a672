import { createReadStream } from "node:fs";
import { mkdir, opendir, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
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
import { runningServer } from "./backup-server-file.js";
import { appliedMigration, loadTable, restoreSequences, tablesWithRows } from "./backup-tables.js";

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

async function holdsFiles(folder: string): Promise<boolean> {
  try {
    for await (const entry of await opendir(folder, { recursive: true })) if (entry.isFile()) return true;
    return false;
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return false;
    throw error;
  }
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
    describe: `The data folder ${path.resolve(dataDir)}`,
  };
}

/** Refuses unless the configured file store holds none of what the archive brings. */
async function checkStoreIsEmpty(config: Config, kind: string, store: FileStore, manifest: BackupManifest) {
  if (kind === "disk") {
    const folder = uploadsDir(config.dataDir);
    if (await holdsFiles(folder)) {
      throw new Refusal(
        `The file store is not empty (${path.resolve(folder)} holds files): restore into an empty one.`,
      );
    }
  } else if (kind === "s3") {
    // A bucket may be shared with other things: what matters is that no file of the archive would be overwritten.
    for (const { key } of manifest.files) {
      const file = await store.open(key);
      if (file) {
        file.stream.destroy();
        throw new Refusal(`The file store is not empty (S3_BUCKET already holds ${key}): restore into an empty one.`);
      }
    }
  }
  // The database store's files are rows of stored_files: the empty database check covers them.
}

async function* linesOf(file: string): AsyncGenerator<string> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) if (line !== "") yield line;
}

/** Every row of the archive, loaded in one transaction: all of them, or (on any error) none. */
async function loadRows(db: Database, backup: VerifiedBackup, onTable: (name: string, rows: number) => void) {
  await db.transaction(async (tx) => {
    for (const table of backup.manifest.tables) {
      const rows: Record<string, unknown>[] = [];
      for await (const line of linesOf(path.join(backup.folder, ...table.part.split("/")))) {
        rows.push(JSON.parse(line) as Record<string, unknown>);
      }
      if (rows.length !== table.rows) throw new Error(`${table.part} holds ${rows.length} rows, not ${table.rows}`);
      await loadTable(tx, table, rows);
      onTable(table.name, rows.length);
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
 * `npm run restore ARCHIVE`. Exit codes: 0 restored, 1 refused or failed (and nothing was changed), 2 a wrong
 * command line or configuration.
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
      await checkStoreIsEmpty(config, opened.kind, opened.store, manifest);
      stderr.write(`Restoring ${manifest.createdAt}'s backup (${manifest.engine}, ${manifest.schema.migration})…\n`);
      const upTo = await migrationsUpTo(schemaEntry);
      try {
        await target.migrate(upTo.folder);
      } finally {
        await upTo.dispose();
      }
      for (const [index, { key, part }] of manifest.files.entries()) {
        await opened.store.put(key, await readFile(path.join(backup.folder, ...part.split("/"))));
        written.push(key);
        if ((index + 1) % 100 === 0 || index + 1 === manifest.files.length) {
          stderr.write(`  files: ${index + 1}/${manifest.files.length}\n`);
        }
      }
      await loadRows(target.db, backup, (table, rows) => stderr.write(`  ${table}: ${rows} rows\n`));
    } catch (error) {
      // Only what this restore wrote: the store was checked empty of it before.
      for (const key of written) await opened.store.remove(key).catch(() => undefined);
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
    if (error instanceof Refusal || error instanceof BackupArchiveError) {
      stderr.write(`${error.message}${nothingChanged}\n`);
    } else {
      stderr.write(
        `The restore failed and was undone: ${error instanceof Error ? error.message : String(error)}.${nothingChanged}\n`,
      );
    }
    return 1;
  } finally {
    await backup?.dispose();
  }
}
