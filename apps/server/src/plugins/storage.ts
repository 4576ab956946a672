import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
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
  }
}

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

/**
 * Makes the configured file store available as `app.files` (a test may give its own). Needs the database, which
 * the `database` store keeps the files in.
 */
export default fp(
  async function storagePlugin(app: FastifyInstance, opts: { store?: FileStore }) {
    if (opts.store) {
      app.decorate("files", opts.store);
      return;
    }
    const config = app.config.fileStore;
    switch (config.kind) {
      case "disk":
        app.decorate("files", localDiskStore(path.join(app.config.dataDir, "uploads")));
        break;
      case "database":
        app.decorate("files", databaseStore(app.db));
        break;
      case "s3": {
        const store = await s3Store(config);
        // A missing bucket or wrong keys stop the boot, rather than failing every upload later.
        try {
          await store.checkBucket();
        } catch (error) {
          store.close();
          throw error;
        }
        app.decorate("files", store);
        app.addHook("onClose", async () => store.close());
        break;
      }
    }
  },
  { name: "storage", dependencies: ["db"] },
);
