import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import webpush from "web-push";
import { PUSH_TTL_SECONDS } from "@housemate/contract";
import type { PushService } from "../../../config.js";
import type { Database } from "../../../db/client.js";
import { pushOutbox, pushSubscriptions, sessions } from "../../../db/schema.js";
import { isTrustedPushEndpoint, serviceOf } from "./services.js";
import type { VapidKeys } from "./vapid.js";

/** Pushes claimed at a time by one instance. */
export const PUSH_BATCH = 50;
/** Pushes of a batch in flight at once: push services are many hosts, but one slow one must not hold the server. */
export const PUSH_CONCURRENCY = 8;
/** How long one push service gets to answer. */
export const PUSH_SEND_TIMEOUT_MS = 10_000;
/** Past this many tries a push is given up on (its TTL ends it sooner unless a push service asks for fast retries). */
export const MAX_PUSH_ATTEMPTS = 30;
/** Beyond the sends themselves: the keys' read, the encryption and the writes of a batch. */
const CLAIM_MARGIN_MS = 30_000;
const TTL_MS = PUSH_TTL_SECONDS * 1000;

/**
 * How long a claimed batch is left to one instance before another may take it (its instance died mid-send): as long
 * as the slowest batch can take, every round of PUSH_CONCURRENCY sends timing out, and a margin. Shorter, and a live
 * instance's pushes would be claimed and sent again by another while it is still sending them (decision 055).
 */
export function pushClaimMs(sendTimeoutMs: number): number {
  return Math.ceil(PUSH_BATCH / PUSH_CONCURRENCY) * sendTimeoutMs + CLAIM_MARGIN_MS;
}

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
  /** PUSH_SERVICES: checked again at each send, as the list may have narrowed since a device registered. */
  services: readonly PushService[];
  /** Aborted when the server shuts down: a send under way stops, and its push waits in the outbox. */
  signal: AbortSignal;
  /** PUSH_SEND_TIMEOUT_MS unless a test shortens it. */
  sendTimeoutMs?: number;
}

type Outcome =
  | { kind: "sent" }
  /** The subscription can never be sent to again (expired, another server's, or no longer an allowed service). */
  | { kind: "gone"; why: string }
  | { kind: "retry"; why: string; retryAfterMs: number | null }
  | { kind: "drop"; why: string };

interface Claimed {
  id: string;
  subscriptionId: string;
  payload: Record<string, string>;
  /** Its attempts as this claim counted them: the claim's token, which a later claim of the same push changes. */
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
 * is gone, and 401 or 403 it was made with another server's key, so it is removed with its waiting pushes; 429, 5xx or
 * no answer is tried again later (after Retry-After when given) until the push's TTL ends; anything else (400, 413…),
 * or a push that cannot even be encrypted here, would fail again, so it is dropped. Each outcome is written as its send
 * ends. Safe on several instances: a batch is claimed in one statement for longer than it can take to send, a claim
 * lapses if its instance dies, and an outcome is written only while its claim is still this instance's.
 */
export async function sendDuePushes(deps: PushDeps): Promise<number> {
  const at = deps.now();
  const claimed = await claimDuePushes(deps.db, at, pushClaimMs(deps.sendTimeoutMs ?? PUSH_SEND_TIMEOUT_MS));
  if (claimed.length === 0) return 0;
  const keys = await deps.keys();
  const queue = [...claimed];
  await Promise.all(
    Array.from({ length: Math.min(PUSH_CONCURRENCY, queue.length) }, async () => {
      for (let push = queue.shift(); push; push = queue.shift()) await record(deps, push, await send(push, keys, deps));
    }),
  );
  return claimed.length;
}

async function send(push: Claimed, keys: VapidKeys, deps: PushDeps): Promise<Outcome> {
  // The allow-list may have narrowed since the device registered, or the row come back from another setup's backup.
  if (!isTrustedPushEndpoint(push.endpoint, deps.services))
    return { kind: "gone", why: "not a configured push service" };
  // What is left of the push's life: a push service holds it no longer for a device that is offline.
  const ttl = Math.max(0, Math.floor((push.expiresAt.getTime() - deps.now().getTime()) / 1000));
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    // web-push encrypts (RFC 8291, aes128gcm) and signs (RFC 8292); we send, as its own sender speaks only https.
    details = webpush.generateRequestDetails(
      { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
      JSON.stringify(push.payload),
      { vapidDetails: { subject: deps.subject, ...keys }, TTL: ttl, urgency: "normal" },
    );
  } catch (error) {
    // Nothing was sent, and the same keys and subject would fail the same way at every try.
    return { kind: "drop", why: `could not be encrypted: ${errorText(error)}` };
  }
  let response: Response;
  try {
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
      signal: AbortSignal.any([deps.signal, AbortSignal.timeout(deps.sendTimeoutMs ?? PUSH_SEND_TIMEOUT_MS)]),
    });
    await response.body?.cancel();
  } catch (error) {
    return { kind: "retry", why: errorText(error), retryAfterMs: null };
  }
  const { status } = response;
  if (status >= 200 && status < 300) return { kind: "sent" };
  if (status === 404 || status === 410) return { kind: "gone", why: `push service answered ${status}` };
  // The push service does not take our key for this subscription (made with another server's): only the device
  // subscribing again mends it, which the web app does at its next start.
  if (status === 401 || status === 403) return { kind: "gone", why: `push service answered ${status}` };
  if (status === 429 || status >= 500) {
    return { kind: "retry", why: `push service answered ${status}`, retryAfterMs: retryAfterMs(response, deps.now()) };
  }
  return { kind: "drop", why: `push service answered ${status}` };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 200) : "send failed";
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

/** Writes what one push's send came to, as soon as it ends. */
async function record(deps: PushDeps, push: Claimed, outcome: Outcome) {
  const { db, log } = deps;
  const now = deps.now();
  const logged = { pushId: push.id, subscriptionId: push.subscriptionId, service: serviceOf(push.endpoint) };
  // Still this instance's claim: no other instance has claimed the push since (which counts another attempt).
  const stillOurs = and(eq(pushOutbox.id, push.id), eq(pushOutbox.attempts, push.attempts), isNull(pushOutbox.sentAt));
  switch (outcome.kind) {
    case "sent":
      // Delivered is delivered, whoever holds the claim now: an instance that took it over finds it sent.
      await db
        .update(pushOutbox)
        .set({ sentAt: now, lastError: null })
        .where(and(eq(pushOutbox.id, push.id), isNull(pushOutbox.sentAt)));
      await db.update(pushSubscriptions).set({ lastUsedAt: now }).where(eq(pushSubscriptions.id, push.subscriptionId));
      break;
    case "gone":
      log.info({ ...logged, why: outcome.why }, "a push subscription can no longer be sent to; removing it");
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, push.subscriptionId));
      break;
    case "drop":
      log.warn({ ...logged, lastError: outcome.why }, "a push was refused; dropping it");
      await db.update(pushOutbox).set({ attempts: MAX_PUSH_ATTEMPTS, lastError: outcome.why }).where(stillOurs);
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
        .where(stillOurs);
      break;
    }
  }
}

/**
 * Takes the due pushes for this instance, of devices whose session is still live by the app's clock (never-tried ones
 * first, queued as due since the epoch, then retries as they fell due), and holds them for `claimMs`, counting the
 * attempt. Answers them with their device's endpoint and keys.
 */
async function claimDuePushes(db: Database, at: Date, claimMs: number): Promise<Claimed[]> {
  const due = db
    .select({ id: pushOutbox.id })
    .from(pushOutbox)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(
      and(
        // push_outbox_due_idx's own condition, so the claim reads it.
        isNull(pushOutbox.sentAt),
        lt(pushOutbox.attempts, MAX_PUSH_ATTEMPTS),
        lte(pushOutbox.nextAttemptAt, at),
        or(isNull(pushOutbox.expiresAt), gt(pushOutbox.expiresAt, at)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, at),
      ),
    )
    .orderBy(asc(pushOutbox.nextAttemptAt), asc(pushOutbox.createdAt))
    .limit(PUSH_BATCH)
    .for("update", { of: pushOutbox, skipLocked: true });
  const claimed = await db
    .update(pushOutbox)
    .set({
      attempts: sql`${pushOutbox.attempts} + 1`,
      nextAttemptAt: new Date(at.getTime() + claimMs),
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
