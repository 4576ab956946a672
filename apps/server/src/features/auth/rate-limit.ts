import { and, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { rateLimits } from "../../db/schema.js";
import { rateLimited } from "../../lib/errors.js";

export interface RateLimit {
  key: string;
  max: number;
  windowMs: number;
}

const windowStartOf = (now: Date, windowMs: number) => new Date(Math.floor(now.getTime() / windowMs) * windowMs);

const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address reaches, as a key for rate limiting only (the account keeps the address as
 * typed): lower-cased, without a `+tag`, and for Gmail without dots and with googlemail.com as
 * gmail.com. So `ana+1@`, `ana+2@` and `a.n.a@gmail.com` share one per-email limit.
 */
export function normalizeEmailForRateLimit(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replace(/\./g, "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}

/**
 * Counts one attempt against every limit and throws 429 (with Retry-After) if any is now over.
 * Fixed windows kept in the database, incremented by one atomic upsert each, so every server
 * instance shares the same counters. Refused attempts count too: hammering never resets a window.
 */
export async function hitRateLimits(db: Executor, limits: RateLimit[], now: Date): Promise<void> {
  let retryAfterMs = 0;
  for (const limit of limits) {
    const windowStart = windowStartOf(now, limit.windowMs);
    const [row] = await db
      .insert(rateLimits)
      .values({ key: limit.key, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      })
      .returning({ count: rateLimits.count });
    if (row && row.count > limit.max) {
      retryAfterMs = Math.max(retryAfterMs, windowStart.getTime() + limit.windowMs - now.getTime());
    }
  }
  if (retryAfterMs > 0) throw rateLimited(retryAfterMs / 1000);
}

/**
 * Forgets the windows of keys starting `keyPrefix` that started before `before` (now less their length), so the table
 * holds only live counters. Each limiter prunes its own keys: windows differ in length (15 minutes for sign-in links,
 * an hour for support messages), and one limiter's cut would end another's windows early.
 */
export async function pruneRateLimits(db: Executor, before: Date, keyPrefix: string): Promise<void> {
  await db
    .delete(rateLimits)
    .where(and(lt(rateLimits.windowStart, before), sql`starts_with(${rateLimits.key}, ${keyPrefix})`));
}
