import { mkdtempSync, rmSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "../../../src/db/client.js";
import { createThrowawayDatabase, TEST_ENGINE } from "../../helpers/database.js";

/**
 * Where a server process under test keeps its data: a PGlite DATA_DIR, or (TEST_ENGINE=postgres) also a fresh
 * database on TEST_DATABASE_URL's server. Survives the process, so a test can restart it or look inside.
 */
export interface Storage {
  dataDir: string;
  databaseUrl?: string;
  /** Opens the same data from the test (the server process must not be running on PGlite). */
  open(): Promise<DatabaseHandle>;
  remove(): Promise<void>;
}

export async function createStorage(): Promise<Storage> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "housemate-fault-"));
  if (TEST_ENGINE === "pglite") {
    return {
      dataDir,
      open: () => openDatabase({ dataDir }),
      remove: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await createThrowawayDatabase("housemate_fault");
  return {
    dataDir,
    databaseUrl: database.url,
    open: () => openDatabase({ url: database.url, poolSize: 2 }),
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}
