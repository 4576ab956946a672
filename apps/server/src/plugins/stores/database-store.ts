import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { storedFiles } from "../../db/schema.js";
import type { FileStore } from "../storage.js";

/**
 * Files as rows of `stored_files` (migration 0010), so every instance on one PostgreSQL serves every file with
 * nothing more than the database. A file is read whole (at most 5 MB, re-encoded), then streamed out.
 */
export function databaseStore(db: Database): FileStore {
  return {
    async put(key, bytes) {
      // A key already there keeps its bytes, as the disk store's exclusive create does.
      const [stored] = await db
        .insert(storedFiles)
        .values({ key, bytes, size: bytes.length })
        .onConflictDoNothing()
        .returning({ key: storedFiles.key });
      if (!stored) throw new Error(`a file is already stored under ${key}`);
    },
    async open(key) {
      const [file] = await db
        .select({ bytes: storedFiles.bytes, size: storedFiles.size })
        .from(storedFiles)
        .where(eq(storedFiles.key, key))
        .limit(1);
      return file ? { stream: Readable.from([file.bytes]), size: file.size } : null;
    },
    async remove(key) {
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
  };
}
