import { randomBytes } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
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

export async function writeServerFile(dataDir: string, details: ServerFile): Promise<void> {
  await writeFile(path.join(dataDir, SERVER_FILE), JSON.stringify(details), { mode: 0o600 });
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

/** The running server's details, or null when none runs on `dataDir` (a file left by a crash counts as none). */
export async function runningServer(dataDir: string): Promise<ServerFile | null> {
  let text;
  try {
    text = await readFile(path.join(dataDir, SERVER_FILE), "utf8");
  } catch {
    return null;
  }
  const parsed = serverFileSchema.safeParse(JSON.parse(text));
  if (!parsed.success || !isRunning(parsed.data.pid)) return null;
  return parsed.data;
}
