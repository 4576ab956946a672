import { execFileSync } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { MAX_MAIL_ATTEMPTS } from "../../apps/server/src/features/notifications/mail-outbox.js";

const root = path.resolve(import.meta.dirname, "../..");
const script = path.join(root, "scripts/pg-cluster.sh");
const DATABASE = "housemate_bench";

export interface BenchPostgres {
  /** URL of a fresh, empty database for this run. */
  url: string;
  /** Whether commit times are recorded (needed for socket delivery latency measured from the commit). */
  commitTimestamps: boolean;
  stop(): Promise<void>;
}

const cluster = (...args: string[]) =>
  execFileSync("bash", [script, ...args], { encoding: "utf8" })
    .trim()
    .split("\n")
    .pop() ?? "";

export interface PostgresOptions {
  /** The database created for the run (and dropped after it). */
  database?: string;
  /** An existing server's URL (default BENCH_DATABASE_URL): the database is made there, and the server left alone. */
  adminUrl?: string;
  /** Where the throwaway cluster lives and listens (default BENCH_PG_DIR, BENCH_PG_PORT). */
  dir?: string;
  port?: string;
}

/**
 * A throwaway PostgreSQL cluster of its own (not the test cluster), with commit timestamps on, and a freshly
 * created database; or that database on an existing server.
 */
export async function startPostgres(options: PostgresOptions = {}): Promise<BenchPostgres> {
  const database = options.database ?? DATABASE;
  const given = options.adminUrl ?? (process.env.BENCH_DATABASE_URL || undefined);
  const dir = options.dir ?? process.env.BENCH_PG_DIR ?? "/tmp/housemate-bench-pg";
  const port = options.port ?? process.env.BENCH_PG_PORT ?? "54400";
  const localUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // A cluster left running (by an earlier, interrupted run) is reused, and left running.
  const running = !given && (await reachable(localUrl));
  const owned = !given && !running;
  let adminUrl = given ?? (running ? localUrl : cluster("start", dir, port));

  let commitTimestamps = await setting(adminUrl, "track_commit_timestamp");
  if (owned && !commitTimestamps) {
    // A server setting: it takes a restart, once per cluster.
    await run(adminUrl, "alter system set track_commit_timestamp = on");
    cluster("stop", dir);
    adminUrl = cluster("start", dir, port);
    commitTimestamps = await setting(adminUrl, "track_commit_timestamp");
  }

  await run(adminUrl, `drop database if exists ${database} with (force)`);
  await run(adminUrl, `create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    commitTimestamps,
    async stop() {
      await run(adminUrl, `drop database if exists ${database} with (force)`);
      if (owned) cluster("stop", dir);
    },
  };
}

async function run(url: string, statement: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

async function reachable(url: string): Promise<boolean> {
  try {
    await run(url, "select 1");
    return true;
  } catch {
    return false;
  }
}

async function setting(url: string, name: string): Promise<boolean> {
  const result = await run(url, `select current_setting('${name}') as value`);
  return (result.rows[0] as { value?: string } | undefined)?.value === "on";
}

/** When each notification's transaction committed (ms since the epoch), by notification id. */
export async function commitTimes(url: string, ids: string[]): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ id: string; committed: string }>(
      "select id, extract(epoch from pg_xact_commit_timestamp(xmin)) * 1000 as committed from notifications where id = any($1::uuid[])",
      [ids],
    );
    return new Map(result.rows.map((row) => [row.id, Number(row.committed)]));
  } finally {
    await client.end();
  }
}

const INSUFFICIENT_PRIVILEGE = "42501";
/** The longest the bench waits for the server to send the mail its load runs queued. */
const MAIL_DRAIN_LIMIT_MS = 10 * 60_000;

/**
 * Waits until the server has sent every mail the load runs queued (the outbox drains behind a burst of fines: on this
 * machine some minutes after a full run's issue and pay runs), then vacuums and checkpoints what those runs wrote, so
 * the measurements that follow (the signed-in app in Chromium, issue 14) do not share the CPU with either. Answers the
 * mails that were waiting and how long it took.
 */
export async function settle(url: string): Promise<{ waitingMail: number; unsentMail: number; ms: number }> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Mail the outbox still means to send: a message it gave up on keeps sent_at null too.
    const unsent = async () =>
      Number(
        (
          await client.query<{ n: string }>(
            "select count(*) as n from mail_outbox where sent_at is null and attempts < $1",
            [MAX_MAIL_ATTEMPTS],
          )
        ).rows[0]?.n,
      );
    const waitingMail = await unsent();
    let unsentMail = waitingMail;
    while (unsentMail > 0 && Date.now() - started < MAIL_DRAIN_LIMIT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      unsentMail = await unsent();
    }
    await client.query("vacuum analyze");
    // A checkpoint needs a superuser (or pg_checkpoint): on a server the bench does not own, the vacuum is enough.
    await client.query("checkpoint").catch((error: unknown) => {
      if (!(error instanceof pg.DatabaseError && error.code === INSUFFICIENT_PRIVILEGE)) throw error;
    });
    return { waitingMail, unsentMail, ms: Date.now() - started };
  } finally {
    await client.end();
  }
}
