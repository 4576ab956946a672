import { randomUUID } from "node:crypto";
import pg from "pg";
import { z } from "zod";
import type { FastifyBaseLogger } from "fastify";

/**
 * What one instance tells the others. Ids only, never content: each instance loads what it needs,
 * so a payload stays far below PostgreSQL's 8000-byte NOTIFY limit and carries no personal data.
 */
export type Broadcast =
  | { kind: "notifications"; ids: string[] }
  | { kind: "counts"; ids: string[] }
  | { kind: "sessions"; ids: string[] };

const CHANNEL = "housemate_events";
/** 100 uuids ≈ 3.9 kB of JSON: half the NOTIFY limit. */
export const IDS_PER_PAYLOAD = 100;
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 30_000;

const payloadSchema = z.object({
  from: z.string(),
  kind: z.enum(["notifications", "counts", "sessions"]),
  ids: z.array(z.uuid()).max(IDS_PER_PAYLOAD),
});

export interface ChannelOptions {
  pool: pg.Pool;
  log: FastifyBaseLogger;
  /** A broadcast from another instance (this instance's own are handled locally before sending). */
  onBroadcast(message: Broadcast): void;
  /** The listener was down for a while: whatever was sent meanwhile is lost, so local state must resync. */
  onReconnected(): void;
}

/**
 * PostgreSQL LISTEN/NOTIFY between server instances. Listens on one dedicated connection (outside the
 * pool, so it never holds a pool slot) and reconnects with backoff when it drops; sends through the pool.
 */
export class PgChannel {
  readonly instanceId = randomUUID();
  private listener: pg.Client | null = null;
  private stopped = false;
  private retryMs = RECONNECT_FIRST_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private hasListened = false;
  /** Ids published while a NOTIFY is on its way, by kind: they go out together in the next. */
  private pending = new Map<Broadcast["kind"], Set<string>>();
  private flushing: Promise<void> | null = null;

  constructor(private readonly options: ChannelOptions) {}

  /** Starts listening; a database that is down now is retried in the background rather than failing boot. */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => {});
  }

  /**
   * NOTIFYs every instance (this one too, which ignores its own), chunked to stay under the payload limit.
   * While one NOTIFY is on its way, what else is published waits and goes out together in the next: under load
   * that is one statement for many events instead of one each, and when quiet nothing waits.
   */
  publish(message: Broadcast): Promise<void> {
    const ids = this.pending.get(message.kind) ?? new Set<string>();
    for (const id of message.ids) ids.add(id);
    this.pending.set(message.kind, ids);
    this.flushing ??= this.flush();
    return this.flushing;
  }

  private async flush(): Promise<void> {
    try {
      while (this.pending.size > 0) {
        const batch = [...this.pending];
        this.pending.clear();
        for (const [kind, idSet] of batch) {
          const ids = [...idSet];
          for (let i = 0; i < ids.length; i += IDS_PER_PAYLOAD) {
            const payload = JSON.stringify({ from: this.instanceId, kind, ids: ids.slice(i, i + IDS_PER_PAYLOAD) });
            await this.options.pool.query("select pg_notify($1, $2)", [CHANNEL, payload]);
          }
        }
      }
    } finally {
      // Set free in the same step as the last check of `pending`: a publish after it starts a new flush.
      this.flushing = null;
    }
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      ...this.options.pool.options,
      application_name: "housemate-realtime",
      // A connection that dies without a word (a dropped network) is noticed and replaced.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on("error", (error) => this.options.log.warn({ err: error }, "realtime listener connection failed"));
    client.on("end", () => this.dropped(client));
    client.on("notification", (msg) => {
      if (msg.channel === CHANNEL && msg.payload) this.received(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      this.options.log.warn({ err: error }, "realtime listener could not connect; retrying");
      await client.end().catch(() => {});
      this.scheduleReconnect();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.listener = client;
    this.retryMs = RECONNECT_FIRST_MS;
    if (this.hasListened) {
      this.options.log.info("realtime listener reconnected");
      this.options.onReconnected();
    }
    this.hasListened = true;
  }

  private dropped(client: pg.Client) {
    if (this.listener !== client) return; // a failed attempt, already handled where it failed
    this.listener = null;
    if (this.stopped) return;
    this.options.log.warn("realtime listener lost its connection; reconnecting");
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.stopped || this.retryTimer) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
    this.retryTimer.unref();
  }

  private received(raw: string) {
    let parsed;
    try {
      parsed = payloadSchema.safeParse(JSON.parse(raw));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) {
      this.options.log.warn("ignored a malformed realtime broadcast");
      return;
    }
    if (parsed.data.from === this.instanceId) return; // already handled locally when it was sent
    this.options.onBroadcast({ kind: parsed.data.kind, ids: parsed.data.ids });
  }
}
