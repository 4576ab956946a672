import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ConfigError, loadConfig } from "../config.js";
import { openDatabase } from "../db/client.js";
import { openFileStore } from "../plugins/storage.js";
import { BACKUP_HELP, defaultBackupName, parseBackupArguments, UsageError } from "./backup-arguments.js";
import { verifyBackup, writeBackup, type BackupProgress } from "./backup-archive.js";
import { BACKUP_ROUTE, BACKUP_TOKEN_HEADER, runningServer, type ServerFile } from "./backup-server-file.js";

/** Where the command writes its words: stderr for progress and errors, stdout for the help text. */
export interface CommandOutput {
  stdout: Pick<Writable, "write">;
  stderr: Pick<Writable, "write"> & { isTTY?: boolean };
}

export const megabytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function progressPrinter(output: CommandOutput["stderr"]) {
  return (progress: BackupProgress) => {
    if (progress.step === "rows") {
      output.write(`  ${progress.table}: ${progress.rows} rows\n`);
    } else if (output.isTTY === true) {
      output.write(`\r  files: ${progress.done}/${progress.total}, ${megabytes(progress.bytes)}`);
      if (progress.done === progress.total) output.write("\n");
    } else if (progress.done % 100 === 0 || progress.done === progress.total) {
      output.write(`  files: ${progress.done}/${progress.total}, ${megabytes(progress.bytes)}\n`);
    }
  };
}

/** Asks the running server for the archive and writes it to `out`. */
async function backupThroughServer(server: ServerFile, out: Writable) {
  const response = await fetch(`http://127.0.0.1:${server.port}${BACKUP_ROUTE}`, {
    headers: { [BACKUP_TOKEN_HEADER]: server.token },
  });
  if (response.status !== 200 || !response.body) {
    throw new Error(`the running server refused the backup (HTTP ${response.status}): ${await response.text()}`);
  }
  await pipeline(Readable.fromWeb(response.body), out);
}

/**
 * `npm run backup [-- --out FILE]`. Exit codes: 0 written and verified, 1 it failed (nothing is left behind),
 * 2 a wrong command line or configuration.
 */
export async function backupCommand(params: {
  argv: string[];
  env: NodeJS.ProcessEnv;
  output: CommandOutput;
  cwd?: string;
  now?: () => Date;
}): Promise<number> {
  const { stderr, stdout } = params.output;
  let args;
  let config;
  try {
    args = parseBackupArguments(params.argv);
    if (args.help) {
      stdout.write(`${BACKUP_HELP}\n`);
      return 0;
    }
    config = loadConfig(params.env);
  } catch (error) {
    if (error instanceof UsageError) stderr.write(`${error.message}\n\n${BACKUP_HELP}\n`);
    else if (error instanceof ConfigError) stderr.write(`${error.message}\n`);
    else throw error;
    return 2;
  }

  const now = params.now?.() ?? new Date();
  // npm runs the script in apps/server; INIT_CWD is where the operator typed it.
  const out = path.resolve(params.cwd ?? params.env.INIT_CWD ?? process.cwd(), args.out ?? defaultBackupName(now));
  // Never overwrites: an earlier backup under the same name is kept.
  const file = createWriteStream(out, { flags: "wx", mode: 0o600 });
  try {
    await new Promise<void>((resolve, reject) => file.once("open", () => resolve()).once("error", reject));
  } catch (error) {
    const exists = error instanceof Error && "code" in error && error.code === "EEXIST";
    stderr.write(exists ? `${out} already exists: choose another --out.\n` : `Cannot write ${out}: ${String(error)}\n`);
    return 1;
  }

  try {
    const server = config.databaseUrl ? null : await runningServer(config.dataDir);
    if (server) {
      stderr.write(`Backing up through the running server (pid ${server.pid})…\n`);
      await backupThroughServer(server, file);
    } else {
      const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
      try {
        const opened = await openFileStore(config, database.db);
        try {
          stderr.write(`Backing up the ${database.engine} database and the ${opened.kind} file store…\n`);
          await writeBackup({
            db: database.db,
            engine: database.engine,
            files: opened.store,
            fileStore: opened.kind,
            out: file,
            onProgress: progressPrinter(stderr),
            now: () => now,
          });
        } finally {
          opened.close();
        }
      } finally {
        await database.close();
      }
    }
    // Read back whole, as a restore would: an archive that would be refused is no backup.
    const verified = await verifyBackup(out);
    await verified.dispose();
    const { manifest } = verified;
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    stderr.write(
      `Wrote ${out}: ${rows} rows in ${manifest.tables.length} tables and ${manifest.files.length} files, ` +
        `checked. Restore it with: npm run restore ${path.basename(out)}\n`,
    );
    return 0;
  } catch (error) {
    file.destroy();
    await rm(out, { force: true });
    stderr.write(
      `The backup failed, and ${out} was removed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }
}
