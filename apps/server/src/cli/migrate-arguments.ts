import { parseArgs } from "node:util";
import { FILE_STORES, type FileStoreKind } from "../config.js";

export const MIGRATE_HELP = `Usage: npm run migrate-files -- --from <store> --to <store>

Copies every uploaded photo (and its thumbnail) the database knows from one file store to another,
then reads each copy back and compares its sha256 with the original. Stores: disk, database, s3.

  --from <store>  where the files are now
  --to <store>    where they should be
  --help          show this text

The stores are set up from the same settings the server reads (DATA_DIR, DATABASE_URL, S3_*), with
--from and --to in place of FILE_STORE. Files the target already holds with the same bytes are skipped,
so an interrupted run can simply be started again. Nothing is deleted from the source.
With the embedded database (no DATABASE_URL), stop the server first.

Example: npm run migrate-files -- --from disk --to s3`;

export type MigrateArguments = { help: true } | { help: false; from: FileStoreKind; to: FileStoreKind };

export class UsageError extends Error {
  override name = "UsageError";
}

const isStoreKind = (value: string): value is FileStoreKind => (FILE_STORES as readonly string[]).includes(value);

/** The command line, or a UsageError saying what is wrong with it. */
export function parseMigrateArguments(args: string[]): MigrateArguments {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: { from: { type: "string" }, to: { type: "string" }, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { help: true };
  const { from, to } = values;
  if (from === undefined || to === undefined) throw new UsageError("Both --from and --to are needed.");
  const unknown = (name: string, kind: string) =>
    new UsageError(`${name} ${kind} is not a file store: use disk, database or s3.`);
  if (!isStoreKind(from)) throw unknown("--from", from);
  if (!isStoreKind(to)) throw unknown("--to", to);
  if (from === to) throw new UsageError(`--from and --to are both ${from}: there is nothing to move.`);
  return { help: false, from, to };
}
