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
import { listenPglite, listenPostgres, type ChannelListener, type Listening } from "./listen.js";
import {
  copyTemplateInto,
  hasTemplate,
  pgliteTemplate,
  saveTemplate,
  templateTarball,
  type PgliteTemplate,
} from "./pglite-template.js";
import * as schema from "./schema.js";
import { isDatabaseUnavailable } from "./unavailable.js";

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
  /** The raw pg pool (PostgreSQL only). */
  pool?: pg.Pool;
  /**
   * Hears what transactions NOTIFY on `channel` once they commit, in commit order: on PostgreSQL those of every
   * server instance on the database (this one's included), through a connection of its own.
   */
  listen(channel: string, listener: ChannelListener): Promise<Listening>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent, embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; when absent with no url, an in-memory database (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  /** What a new PGlite database starts from: the build's template by default; null runs initdb. */
  pgliteTemplate?: PgliteTemplate | null;
}

/** Opens the database and applies every pending migration. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.url
    ? openPostgres(options.url, options.poolSize ?? 10)
    : await openPglite(
        options.dataDir,
        options.pgliteTemplate === undefined ? defaultPgliteTemplate() : options.pgliteTemplate,
      );
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/**
 * How long the database may take before a request gets a 503 instead of a hang. A connection (or a free
 * pool slot) must come within CONNECT_TIMEOUT_MS; PostgreSQL cancels a statement after STATEMENT_TIMEOUT_MS;
 * a connection that stops answering at all (a network partition) is given up after QUERY_TIMEOUT_MS.
 */
export const CONNECT_TIMEOUT_MS = 3_000;
export const STATEMENT_TIMEOUT_MS = 5_000;
export const QUERY_TIMEOUT_MS = 8_000;

function openPostgres(url: string, max: number) {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    // A connection that died without a word (a dropped network) is noticed and replaced.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  db.transaction = transactionsThatRelease(pool);
  return {
    db,
    engine: "postgres" as const,
    pool,
    // Migrations may legitimately take longer than a request's statement: they get a pool of their own
    // (a database that cannot be reached at boot still fails the boot, promptly).
    migrate: async () => {
      const migrations = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 10_000 });
      try {
        await migratePg(drizzlePg(migrations, { schema }), { migrationsFolder: MIGRATIONS });
      } finally {
        await migrations.end();
      }
    },
    listen: (channel: string, listener: ChannelListener) => listenPostgres(pool, channel, listener),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/**
 * Drizzle 0.45 runs BEGIN outside the try/finally that returns a pooled client (drizzle-orm#6023), so a
 * BEGIN that fails (the database just went away) loses that pool slot for good, and a client whose connection
 * broke mid-transaction goes back to the pool as if healthy. After enough failures the pool is empty and
 * the server never recovers. So each transaction checks out its own client, hands it back whatever happens,
 * and has the pool discard it when the connection failed.
 */
function transactionsThatRelease(pool: pg.Pool): Database["transaction"] {
  // Drizzle over one pooled connection, made once per connection: making it reads the whole schema's relations
  // (about 75 µs), which every transaction paid when it was made per transaction. A discarded connection's entry
  // goes with it.
  const onClients = new WeakMap<pg.PoolClient, Database>();
  const onClient = (client: pg.PoolClient) => {
    let db = onClients.get(client);
    if (!db) {
      db = drizzlePg(client, { schema });
      onClients.set(client, db);
    }
    return db;
  };
  return async (run, config) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await onClient(client).transaction(run, config);
    } catch (error) {
      if (isDatabaseUnavailable(error)) broken = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.release(broken);
    }
  };
}

/** The template `npm run build -w @housemate/server` makes for this PGlite and these migrations. */
export function defaultPgliteTemplate(): PgliteTemplate {
  return pgliteTemplate(MIGRATIONS);
}

/**
 * Makes the template unless it is there: PGlite's initdb and every migration, done once and saved for every
 * later first boot. Says whether it had to.
 */
export async function ensurePgliteTemplate(template: PgliteTemplate = defaultPgliteTemplate()): Promise<boolean> {
  if (hasTemplate(template)) return false;
  const client = new PGlite();
  try {
    await client.waitReady;
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS });
    await saveTemplate(template, client);
    return true;
  } finally {
    await client.close();
  }
}

async function openPglite(dataDir: string | undefined, template: PgliteTemplate | null) {
  let client: PGlite;
  if (dataDir) {
    const dir = path.resolve(dataDir, "pgdata");
    // Only an absent or empty folder gets the template; PGlite resumes whatever database is there.
    if (!template || !copyTemplateInto(template, dir)) mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  } else {
    const tarball = template ? templateTarball(template) : undefined;
    client = new PGlite(tarball ? { loadDataDir: tarball } : {});
  }
  await client.waitReady;
  const pgliteDb = drizzlePglite(client, { schema });
  const db = pgliteDb as unknown as Database;
  return {
    db,
    engine: "pglite" as const,
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS }),
    listen: (channel: string, listener: ChannelListener) => listenPglite(client, channel, listener),
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}
