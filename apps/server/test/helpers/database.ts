import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../src/db/client.js";

/** Which engine this run tests: PGlite by default, PostgreSQL when TEST_ENGINE=postgres (CI runs both). */
export const TEST_ENGINE = process.env.TEST_ENGINE === "postgres" ? "postgres" : "pglite";

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a throwaway database
 * on the PostgreSQL server of TEST_DATABASE_URL, dropped on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (TEST_ENGINE === "pglite") return openDatabase({});

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_ENGINE=postgres needs TEST_DATABASE_URL");
  const name = `housemate_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 5 });
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
