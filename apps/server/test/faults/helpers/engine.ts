import { mkdtempSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../../src/db/client.js";
import { TEST_ENGINE } from "../../helpers/database.js";

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
      async remove() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_ENGINE=postgres needs TEST_DATABASE_URL");
  const name = `housemate_fault_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    dataDir,
    databaseUrl,
    open: () => openDatabase({ url: databaseUrl, poolSize: 2 }),
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
