import { randomBytes } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

/**
 * DATA_DIR/server.json: how `npm run backup` reaches the running server of an embedded database (only one process can
 * open PGlite's files), and how `npm run restore` knows a server holds the folder. Written at start, mode 0600, with
 * a random token the server's loopback-only backup route asks for (plugins/backup.ts); removed at stop.
 */
export const SERVER_FILE = "server.json";
/** The header the backup route reads its token from. */
export const BACKUP_TOKEN_HEADER = "x-housemate-backup-token";
/** The route's path: outside /api, and registered only when the server wrote its token file. */
export const BACKUP_ROUTE = "/_housemate/backup";

const serverFileSchema = z.object({ port: z.number().int().positive(), pid: z.number().int(), token: z.string() });
export type ServerFile = z.infer<typeof serverFileSchema>;

export const newBackupToken = () => randomBytes(32).toString("base64url");

/** A server.json that is there but cannot be read as one: the message says what to do. */
export class ServerFileError extends Error {
  override name = "ServerFileError";
}

/** Written beside it and renamed over it, so a reader never sees half of it. */
export async function writeServerFile(dataDir: string, details: ServerFile): Promise<void> {
  const file = path.join(dataDir, SERVER_FILE);
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, JSON.stringify(details), { mode: 0o600 });
  await rename(partial, file);
}

export async function removeServerFile(dataDir: string): Promise<void> {
  await rm(path.join(dataDir, SERVER_FILE), { force: true });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process is there, run by someone else.
    return error instanceof Error && "code" in error && error.code === "EPERM";
  }
}

/**
 * The running server's details, or null when none runs on `dataDir` (a file left by a crash counts as none).
 * Throws ServerFileError when the file is not JSON (cut short, or written by something else): whether a server
 * holds the folder is then unknown, and guessing either way could open PGlite's files twice.
 */
export async function runningServer(dataDir: string): Promise<ServerFile | null> {
  const file = path.join(dataDir, SERVER_FILE);
  let text;
  try {
    text = await readFile(file, "utf8");
  } catch {
    return null;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ServerFileError(
      `${path.resolve(file)} is not readable JSON, so whether a Housemate server holds ${path.resolve(dataDir)} is ` +
        "unknown: try again in a moment, or delete that file if no server is running.",
    );
  }
  const parsed = serverFileSchema.safeParse(json);
  if (!parsed.success || !isRunning(parsed.data.pid)) return null;
  return parsed.data;
}
