import path from "node:path";
import { ConfigError, loadConfig, type FileStoreKind } from "../config.js";
import { openDatabase, type Database } from "../db/client.js";
import { openFileStore, uploadsDir } from "../plugins/storage.js";
import { migrateFiles, type MigrationProgress } from "./file-migration.js";
import { MIGRATE_HELP, parseMigrateArguments, UsageError } from "./migrate-arguments.js";

/**
 * `npm run migrate-files -- --from disk --to s3`: moves the stored files between file stores (file-migration.ts).
 * Exit codes: 0 all moved and verified, 1 some keys failed (listed), 2 a wrong command line or configuration.
 */

/** A store of `kind` from the server's own settings, as the server opens it. */
function openStore(kind: FileStoreKind, db: Database) {
  return openFileStore(loadConfig({ ...process.env, FILE_STORE: kind }), db);
}

/** Where an operator finds the files left behind in the source store, to remove them by hand. */
function whereOldFilesAre(kind: FileStoreKind, dataDir: string): string {
  switch (kind) {
    case "disk":
      return `the folder ${path.resolve(uploadsDir(dataDir))}`;
    case "database":
      return "DELETE FROM stored_files";
    case "s3":
      return "the objects in S3_BUCKET";
  }
}

const megabytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A bar redrawn in place on a terminal; elsewhere (a log, CI) a plain line every 100 files and at the end. */
function progressPrinter(stream: NodeJS.WriteStream): (progress: MigrationProgress) => void {
  const started = Date.now();
  return ({ done, total, bytes }) => {
    const seconds = Math.max((Date.now() - started) / 1000, 0.001);
    const numbers = `${done}/${total} files, ${megabytes(bytes)}, ${megabytes(bytes / seconds)}/s`;
    if (stream.isTTY) {
      const width = 30;
      const filled = total === 0 ? width : Math.round((done / total) * width);
      stream.write(`\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${numbers}`);
      if (done === total) stream.write("\n");
    } else if (done % 100 === 0 || done === total) {
      stream.write(`${numbers}\n`);
    }
  };
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseMigrateArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${MIGRATE_HELP}`);
    return 2;
  }
  if (args.help) {
    console.log(MIGRATE_HELP);
    return 0;
  }

  let config;
  try {
    // Both kinds are checked up front, so a missing S3_* is reported before anything is opened.
    config = loadConfig({ ...process.env, FILE_STORE: args.from });
    loadConfig({ ...process.env, FILE_STORE: args.to });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 2;
  }

  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const opened: { close(): void }[] = [];
  try {
    const from = await openStore(args.from, database.db);
    opened.push(from);
    const to = await openStore(args.to, database.db);
    opened.push(to);
    console.log(`Copying stored files from ${args.from} to ${args.to} (${database.engine} database)…`);
    const report = await migrateFiles({
      db: database.db,
      from: from.store,
      to: to.store,
      onProgress: progressPrinter(process.stdout),
    });
    const { counts } = report;
    console.log(
      `${counts.copied} copied, ${counts["already-there"]} already there, ${counts.replaced} replaced (the target's ` +
        `copy differed), ${counts["no-thumbnail"]} uploads without a thumbnail; ${megabytes(report.bytes)} verified.`,
    );
    if (report.failures.length > 0) {
      console.error(`${report.failures.length} could not be moved:`);
      for (const { key, reason } of report.failures) console.error(`  ${key}: ${reason}`);
      console.error("Fix these and run the command again: what is already copied is skipped.");
      return 1;
    }
    console.log(
      `Every file is in ${args.to}. Set FILE_STORE=${args.to} and restart the server to serve from it; run this ` +
        `command again afterwards to copy anything uploaded in between. Nothing was deleted from ${args.from}: ` +
        `remove the old files by hand once you are happy (${whereOldFilesAre(args.from, config.dataDir)}).`,
    );
    return 0;
  } finally {
    for (const store of opened) store.close();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
