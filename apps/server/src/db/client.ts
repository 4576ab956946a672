import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.js";

export type Schema = typeof schema;
/** One type for both engines: features never know which one they run on. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A database handle or an open transaction: queries accept either. */
export type Executor = Database | Transaction;

const MIGRATIONS = fileURLToPath(new URL("../../drizzle", import.meta.url));

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgres";
  /** The raw pg pool (PostgreSQL only): realtime LISTEN/NOTIFY takes its own client from here. */
  pool?: pg.Pool;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent, embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; when absent with no url, an in-memory database (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
}

/** Opens the database and applies every pending migration. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.url ? openPostgres(options.url, options.poolSize ?? 10) : await openPglite(options.dataDir);
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

function openPostgres(url: string, max: number) {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    engine: "postgres" as const,
    pool,
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined) {
  let client: PGlite;
  if (dataDir) {
    const dir = path.resolve(dataDir, "pgdata");
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  const pgliteDb = drizzlePglite(client, { schema });
  const db = pgliteDb as unknown as Database;
  return {
    db,
    engine: "pglite" as const,
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS }),
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}
