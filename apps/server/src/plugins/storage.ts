import { createReadStream } from "node:fs";
import { mkdir, opendir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import fp from "fastify-plugin";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Config, FileStoreKind } from "../config.js";
import type { Database } from "../db/client.js";
import { databaseStore } from "./stores/database-store.js";
import { s3Store } from "./stores/s3-store.js";

/**
 * Where uploaded files live. Keys are paths the server generated and validated (`category/id.ext`);
 * one of three stores implements them, chosen by FILE_STORE (config.ts, docs/decisions/039): the local disk below,
 * the database (stores/database-store.ts) or an S3-compatible object store (stores/s3-store.ts).
 */
export interface FileStore {
  /** Stores a new file; refuses to overwrite an existing one. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The file's bytes as a stream with its size, or null when there is no such file. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Deletes the file; a file that is not there is no error (deleting twice deletes once). */
  remove(key: string): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    files: FileStore;
    /** Which store `files` is (FILE_STORE, or the disk kept for an upgraded install). */
    fileStoreKind: FileStoreKind;
  }
}

/** The disk store's folder. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, "uploads");

/** Files under `root` (DATA_DIR/uploads); a key that would resolve outside it is refused. */
export function localDiskStore(root: string): FileStore {
  const base = path.resolve(root);

  function resolve(key: string): string {
    const full = path.resolve(base, key);
    // Keys are validated by the caller already; this is the last line of defence.
    if (!full.startsWith(base + path.sep)) throw new Error(`storage key escapes the uploads folder: ${key}`);
    return full;
  }

  return {
    async put(key, bytes) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, bytes, { flag: "wx" });
    },
    async open(key) {
      const full = resolve(key);
      try {
        const info = await stat(full);
        if (!info.isFile()) return null;
        return { stream: createReadStream(full), size: info.size };
      } catch (error) {
        if (error instanceof Error && "code" in error && error.code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

/** Whether the folder holds at least one file (stops at the first: it may hold many thousands). */
async function holdsFiles(folder: string): Promise<boolean> {
  try {
    for await (const entry of await opendir(folder, { recursive: true })) if (entry.isFile()) return true;
    return false;
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return false;
    throw error;
  }
}

/**
 * The configured file store, checked and ready, and how to close it (plugin below, cli/migrate-files.ts).
 * With DATABASE_URL the default is the database store, but an install upgraded from before it keeps its photos in
 * DATA_DIR/uploads: unless FILE_STORE says otherwise, the disk is kept for it (with a warning), so no photo is hidden.
 */
export async function openFileStore(
  config: Config,
  db: Database,
  log?: FastifyBaseLogger,
): Promise<{ store: FileStore; kind: FileStoreKind; close(): void }> {
  const fileStore = config.fileStore;
  const keepDisk =
    fileStore.kind === "database" && !config.fileStoreChosen && (await holdsFiles(uploadsDir(config.dataDir)));
  if (keepDisk) {
    log?.warn(
      `${uploadsDir(config.dataDir)} holds uploaded files, so they are still served from the disk. Copy them with ` +
        "`npm run migrate-files -- --from disk --to database`, then set FILE_STORE=database; or set FILE_STORE=disk " +
        "to keep them where they are.",
    );
  }
  if (fileStore.kind !== "s3") {
    if (fileStore.kind === "database" && !keepDisk) {
      return { store: databaseStore(db), kind: "database", close: () => undefined };
    }
    return { store: localDiskStore(uploadsDir(config.dataDir)), kind: "disk", close: () => undefined };
  }
  const store = await s3Store(fileStore);
  // A missing bucket or wrong keys stop the boot, rather than failing every upload later.
  try {
    await store.checkBucket();
  } catch (error) {
    store.close();
    throw error;
  }
  return { store, kind: "s3", close: () => store.close() };
}

/**
 * Makes the configured file store available as `app.files` (a test may give its own). Needs the database, which
 * the `database` store keeps the files in.
 */
export default fp(
  async function storagePlugin(app: FastifyInstance, opts: { store?: FileStore }) {
    if (opts.store) {
      app.decorate("files", opts.store);
      app.decorate("fileStoreKind", app.config.fileStore.kind);
      return;
    }
    const opened = await openFileStore(app.config, app.db, app.log);
    app.decorate("files", opened.store);
    app.decorate("fileStoreKind", opened.kind);
    app.addHook("onClose", async () => opened.close());
  },
  { name: "storage", dependencies: ["db"] },
);
