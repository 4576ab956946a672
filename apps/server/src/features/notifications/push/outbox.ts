import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import webpush from "web-push";
import { PUSH_TTL_SECONDS } from "@housemate/contract";
import type { Database } from "../../../db/client.js";
import { pushOutbox, pushSubscriptions, sessions } from "../../../db/schema.js";
import { serviceOf } from "./services.js";
import type { VapidKeys } from "./vapid.js";

/** Pushes claimed at a time by one instance. */
export const PUSH_BATCH = 50;
/** Pushes of a batch in flight at once: push services are many hosts, but one slow one must not hold the server. */
export const PUSH_CONCURRENCY = 8;
/** How long one push service gets to answer. */
export const PUSH_SEND_TIMEOUT_MS = 10_000;
/** Past this many tries a push is given up on (its TTL ends it sooner unless a push service asks for fast retries). */
export const MAX_PUSH_ATTEMPTS = 30;
/** How long a claimed push is left to one instance before another may try it (a crash mid-send). */
const CLAIM_MS = 60_000;
const TTL_MS = PUSH_TTL_SECONDS * 1000;

/** When a push that failed is tried again without a Retry-After: 30 s after the first failure, doubling, at most an hour. */
export function pushRetryDelayMs(failedAttempts: number): number {
  return Math.min(30_000 * 2 ** (failedAttempts - 1), 3600_000);
}

export interface PushDeps {
  db: Database;
  log: FastifyBaseLogger;
  now: () => Date;
  keys: () => Promise<VapidKeys>;
  /** The VAPID JWT's `sub` (vapid.ts's vapidSubject). */
  subject: string;
  /** Aborted when the server shuts down: a send under way stops, and its push waits in the outbox. */
  signal: AbortSignal;
}

type Outcome =
  | { kind: "sent" }
  | { kind: "gone"; status: number }
  | { kind: "retry"; why: string; retryAfterMs: number | null }
  | { kind: "drop"; why: string };

interface Claimed {
  id: string;
  subscriptionId: string;
  payload: Record<string, string>;
  attempts: number;
  createdAt: Date;
  /** Set by the claim of its first try. */
  expiresAt: Date;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Sends up to a batch of due pushes once, PUSH_CONCURRENCY at a time, and answers how many it claimed. Never throws for
 * a failed send; what each push service answered decides (docs/decisions/055): 2xx sent; 404 or 410 the subscription
 * is gone, so it is removed with its waiting pushes; 429, 5xx or no answer is tried again later (after Retry-After when
 * given) until the push's TTL ends; anything else (400, 413…) would fail again, so it is dropped. Safe on several
 * instances, as the mail outbox is: a batch is claimed in one statement, and a claim lapses if its instance dies.
 */
export async function sendDuePushes(deps: PushDeps): Promise<number> {
  const at = deps.now();
  const claimed = await claimDuePushes(deps.db, at);
  if (claimed.length === 0) return 0;
  const keys = await deps.keys();
  const outcomes = new Map<Claimed, Outcome>();
  const queue = [...claimed];
  await Promise.all(
    Array.from({ length: Math.min(PUSH_CONCURRENCY, queue.length) }, async () => {
      for (let push = queue.shift(); push; push = queue.shift()) outcomes.set(push, await send(push, keys, deps));
    }),
  );
  await record(deps, outcomes);
  return claimed.length;
}

async function send(push: Claimed, keys: VapidKeys, deps: PushDeps): Promise<Outcome> {
  // What is left of the push's life: a push service holds it no longer for a device that is offline.
  const ttl = Math.max(0, Math.floor((push.expiresAt.getTime() - deps.now().getTime()) / 1000));
  let response: Response;
  try {
    // web-push encrypts (RFC 8291, aes128gcm) and signs (RFC 8292); we send, as its own sender speaks only https.
    const details = webpush.generateRequestDetails(
      { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
      JSON.stringify(push.payload),
      { vapidDetails: { subject: deps.subject, ...keys }, TTL: ttl, urgency: "normal" },
    );
    response = await fetch(details.endpoint, {
      method: "POST",
      // Typed as strings, but TTL and Content-Length come as numbers, which fetch's headers do not take.
      headers: Object.fromEntries(
        Object.entries(details.headers as Record<string, string | number>).map(([name, value]) => [
          name,
          String(value),
        ]),
      ),
      body: details.body,
      // A push service never redirects; following one would send the server where the allow-list did not.
      redirect: "manual",
      signal: AbortSignal.any([deps.signal, AbortSignal.timeout(PUSH_SEND_TIMEOUT_MS)]),
    });
    await response.body?.cancel();
  } catch (error) {
    return {
      kind: "retry",
      why: error instanceof Error ? error.message.slice(0, 200) : "send failed",
      retryAfterMs: null,
    };
  }
  const { status } = response;
  if (status >= 200 && status < 300) return { kind: "sent" };
  if (status === 404 || status === 410) return { kind: "gone", status };
  if (status === 429 || status >= 500) {
    return { kind: "retry", why: `push service answered ${status}`, retryAfterMs: retryAfterMs(response, deps.now()) };
  }
  return { kind: "drop", why: `push service answered ${status}` };
}

/** Retry-After's seconds or date, as milliseconds from now; null when absent or unreadable. */
function retryAfterMs(response: Response, now: Date): number | null {
  const value = response.headers.get("retry-after");
  if (value === null) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now.getTime());
}

/** Writes what each push's send came to: sent ones and their devices' use in one statement each. */
async function record(deps: PushDeps, outcomes: Map<Claimed, Outcome>) {
  const { db, log } = deps;
  const now = deps.now();
  const sent: Claimed[] = [];
  const gone = new Set<string>();
  for (const [push, outcome] of outcomes) {
    const logged = { pushId: push.id, subscriptionId: push.subscriptionId, service: serviceOf(push.endpoint) };
    switch (outcome.kind) {
      case "sent":
        sent.push(push);
        break;
      case "gone":
        log.info({ ...logged, status: outcome.status }, "a push subscription has expired; removing it");
        gone.add(push.subscriptionId);
        break;
      case "drop":
        log.warn({ ...logged, lastError: outcome.why }, "a push was refused; dropping it");
        await db
          .update(pushOutbox)
          .set({ attempts: MAX_PUSH_ATTEMPTS, lastError: outcome.why })
          .where(eq(pushOutbox.id, push.id));
        break;
      case "retry": {
        const nextAttemptAt = new Date(now.getTime() + (outcome.retryAfterMs ?? pushRetryDelayMs(push.attempts)));
        const expired = nextAttemptAt >= push.expiresAt;
        const givenUp = expired || push.attempts >= MAX_PUSH_ATTEMPTS;
        if (givenUp) log.warn({ ...logged, lastError: outcome.why }, "a push could not be delivered; giving up");
        else log.info({ ...logged, lastError: outcome.why }, "a push could not be delivered; will retry");
        await db
          .update(pushOutbox)
          .set({ lastError: outcome.why, nextAttemptAt, ...(givenUp ? { attempts: MAX_PUSH_ATTEMPTS } : {}) })
          .where(eq(pushOutbox.id, push.id));
        break;
      }
    }
  }
  if (gone.size > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, [...gone]));
  const delivered = sent.filter((push) => !gone.has(push.subscriptionId));
  if (delivered.length > 0) {
    await db
      .update(pushOutbox)
      .set({ sentAt: now, lastError: null })
      .where(
        inArray(
          pushOutbox.id,
          delivered.map((push) => push.id),
        ),
      );
    await db
      .update(pushSubscriptions)
      .set({ lastUsedAt: now })
      .where(inArray(pushSubscriptions.id, [...new Set(delivered.map((push) => push.subscriptionId))]));
  }
}

/**
 * Takes the oldest due pushes for this instance, of devices whose session is still live by the app's clock, and holds
 * them for CLAIM_MS, counting the attempt. Answers them with their device's endpoint and keys.
 */
async function claimDuePushes(db: Database, at: Date): Promise<Claimed[]> {
  const due = db
    .select({ id: pushOutbox.id })
    .from(pushOutbox)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(
      and(
        isNull(pushOutbox.sentAt),
        lt(pushOutbox.attempts, MAX_PUSH_ATTEMPTS),
        // Never-tried pushes are due at once, whatever clock queued them.
        or(eq(pushOutbox.attempts, 0), lte(pushOutbox.nextAttemptAt, at)),
        or(isNull(pushOutbox.expiresAt), gt(pushOutbox.expiresAt, at)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, at),
      ),
    )
    .orderBy(asc(pushOutbox.createdAt))
    .limit(PUSH_BATCH)
    .for("update", { of: pushOutbox, skipLocked: true });
  const claimed = await db
    .update(pushOutbox)
    .set({
      attempts: sql`${pushOutbox.attempts} + 1`,
      nextAttemptAt: new Date(at.getTime() + CLAIM_MS),
      // Its life runs from its first try, by this clock (see the column).
      expiresAt: sql`coalesce(${pushOutbox.expiresAt}, ${new Date(at.getTime() + TTL_MS).toISOString()}::timestamptz)`,
    })
    .where(inArray(pushOutbox.id, due))
    .returning();
  if (claimed.length === 0) return [];
  const devices = await db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.id, [...new Set(claimed.map((push) => push.subscriptionId))]));
  const deviceOf = new Map(devices.map((device) => [device.id, device]));
  return claimed
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .flatMap((push) => {
      const device = deviceOf.get(push.subscriptionId);
      const { expiresAt } = push;
      return device && expiresAt
        ? [{ ...push, expiresAt, endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth }]
        : [];
    });
}

export interface PushDrain {
  /** Sends every due push now; pushes queued meanwhile get another round before it ends. One drain at a time. */
  drain(): Promise<void>;
  /** The batch being sent stops (the shutdown signal aborts its sends); the rest waits in the outbox. */
  close(): Promise<void>;
}

export function createPushDrain(deps: PushDeps): PushDrain {
  let draining: Promise<void> | null = null;
  let again = false;
  async function drainUntilDone() {
    do {
      again = false;
      while (!deps.signal.aborted && (await sendDuePushes(deps)) >= PUSH_BATCH);
      // drain() sets `again` while a batch is being sent, which the compiler cannot see.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    } while (again && !deps.signal.aborted);
  }
  function drain() {
    again = true;
    draining ??= drainUntilDone()
      .catch((error: unknown) => deps.log.error({ err: error }, "push outbox drain failed"))
      .finally(() => {
        draining = null;
      });
    return draining;
  }
  return {
    drain,
    async close() {
      await draining;
    },
  };
}

/**
 * The outbox is a queue, not an archive of what people were told: sent pushes, and those given up or past their TTL,
 * go at the hourly prune (and any never tried in twice a TTL: no instance was sending).
 */
export async function prunePushes(db: Database, at: Date): Promise<void> {
  await db
    .delete(pushOutbox)
    .where(
      or(
        isNotNull(pushOutbox.sentAt),
        lt(pushOutbox.expiresAt, at),
        lt(pushOutbox.createdAt, new Date(at.getTime() - 2 * TTL_MS)),
        eq(pushOutbox.attempts, MAX_PUSH_ATTEMPTS),
      ),
    );
}
