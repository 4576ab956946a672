import { parseArgs } from "node:util";
import { UsageError } from "./migrate-arguments.js";

export { UsageError };

export const BACKUP_HELP = `Usage: npm run backup [-- --out FILE]

Writes one archive (.tar.gz) of everything a household would miss: every row of the database and every
uploaded photo, from whichever file store is configured. Safe while the server runs: the rows come from
one consistent snapshot. With the embedded database the running server writes it (through DATA_DIR/server.json).

  --out FILE  where to write it (default: housemate-backup-<UTC time>.tar.gz here); never overwritten
  --help      show this text

Restore it with: npm run restore ARCHIVE`;

export const RESTORE_HELP = `Usage: npm run restore ARCHIVE

Brings a backup back into an empty data folder (embedded database) or an empty database (DATABASE_URL),
and its photos into the configured file store, which must be empty too. The whole archive is checked first:
a damaged, cut short or tampered archive is refused and nothing is changed. Stop the server first.

  --help      show this text

Example: DATA_DIR=/srv/housemate/data npm run restore -- housemate-backup-2026-11-26T030000Z.tar.gz`;

export type BackupArguments = { help: true } | { help: false; out: string | undefined };
export type RestoreArguments = { help: true } | { help: false; archive: string };

/** node's parseArgs, its complaints as UsageErrors. */
function parse<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** The backup command line, or a UsageError saying what is wrong with it. */
export function parseBackupArguments(args: string[]): BackupArguments {
  const { values } = parse(() =>
    parseArgs({
      args,
      options: { out: { type: "string" }, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: false,
    }),
  );
  if (values.help === true) return { help: true };
  const out = values.out;
  if (out === "") throw new UsageError("--out needs a file name.");
  return { help: false, out };
}

/** The restore command line, or a UsageError saying what is wrong with it. */
export function parseRestoreArguments(args: string[]): RestoreArguments {
  const { values, positionals } = parse(() =>
    parseArgs({ args, options: { help: { type: "boolean", short: "h" } }, strict: true, allowPositionals: true }),
  );
  if (values.help === true) return { help: true };
  if (positionals.length !== 1) throw new UsageError("Name one archive to restore.");
  const [archive] = positionals;
  if (!archive) throw new UsageError("Name one archive to restore.");
  return { help: false, archive };
}

/** `housemate-backup-2026-11-26T030000Z.tar.gz`: sorts by time, and has no colon (which some file systems refuse). */
export function defaultBackupName(now: Date): string {
  return `housemate-backup-${now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "")}.tar.gz`;
}
