import type { PGlite } from "@electric-sql/pglite";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";

/** Who hears a channel: every payload NOTIFYed on it, once (and only if) the transaction that sent it commits. */
export interface ChannelListener {
  onNotify(payload: string): void;
  /** The listening connection was lost and is back: whatever was NOTIFYed meanwhile was not heard. */
  onReconnect(): void;
  log: FastifyBaseLogger;
}

export interface Listening {
  stop(): Promise<void>;
}

const RECONNECT_FIRST_MS = 250;
/** The listener is how this instance hears its own events too: after an outage it is back within seconds. */
const RECONNECT_MAX_MS = 5_000;

/**
 * LISTENs on one dedicated PostgreSQL connection (outside the pool, so it never holds a pool slot), reconnecting
 * with backoff when it drops. A database that is down at boot is retried in the background rather than failing it.
 */
export async function listenPostgres(pool: pg.Pool, channel: string, listener: ChannelListener): Promise<Listening> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = RECONNECT_FIRST_MS;
  let retryTimer: NodeJS.Timeout | null = null;
  let hasListened = false;

  async function connect(): Promise<void> {
    if (stopped) return;
    const attempt = new pg.Client({
      ...pool.options,
      application_name: "housemate-realtime",
      // A connection that dies without a word (a dropped network) is noticed and replaced.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    attempt.on("error", (error) => listener.log.warn({ err: error }, "realtime listener connection failed"));
    attempt.on("end", () => dropped(attempt));
    attempt.on("notification", (message) => {
      if (message.channel === channel && message.payload) listener.onNotify(message.payload);
    });
    try {
      await attempt.connect();
      await attempt.query(`LISTEN ${channel}`);
    } catch (error) {
      listener.log.warn({ err: error }, "realtime listener could not connect; retrying");
      await attempt.end().catch(() => {});
      scheduleReconnect();
      return;
    }
    // stop() may have run while the connect above was pending, which the compiler cannot see.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    if (stopped) {
      await attempt.end().catch(() => {});
      return;
    }
    client = attempt;
    retryMs = RECONNECT_FIRST_MS;
    if (hasListened) {
      listener.log.info("realtime listener reconnected");
      listener.onReconnect();
    }
    hasListened = true;
  }

  function dropped(attempt: pg.Client) {
    if (client !== attempt) return; // a failed attempt, already handled where it failed
    client = null;
    if (stopped) return;
    listener.log.warn("realtime listener lost its connection; reconnecting");
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (stopped || retryTimer) return;
    const delay = retryMs;
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
    retryTimer.unref();
  }

  await connect();
  return {
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      const listening = client;
      client = null;
      await listening?.end().catch(() => {});
    },
  };
}

/** PGlite is one connection in this process: it hears its own NOTIFYs as they commit, and never loses them. */
export async function listenPglite(database: PGlite, channel: string, listener: ChannelListener): Promise<Listening> {
  const unlisten = await database.listen(channel, (payload) => listener.onNotify(payload));
  return { stop: () => unlisten() };
}
