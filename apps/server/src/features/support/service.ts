import { SUPPORT_MESSAGES_PER_HOUR } from "@housemate/contract";
import type { Database } from "../../db/client.js";
import { hitRateLimits, pruneRateLimits } from "../auth/rate-limit.js";
import { queueMail } from "../notifications/record.js";
import { isPriority, supportMail, type SupportMailFacts } from "./mail.js";

const SUPPORT_WINDOW_MS = 3600_000;
/** The rate-limit counters' keys, one window per person (the shared `rate_limits` table the sign-in link uses). */
const SUPPORT_KEY_PREFIX = "support:user:";

/**
 * Sends one support message: counted against the person's hourly allowance first (429 beyond it, and a refused try
 * still counts, as for sign-in links), then queued in the mail outbox, which sends it once this commits and retries
 * it if the mail server fails. Answers whether it was marked priority.
 */
export async function sendSupportMessage(
  db: Database,
  params: SupportMailFacts & { senderId: string; now: Date },
): Promise<{ priority: boolean }> {
  const { senderId, now, ...facts } = params;
  await pruneRateLimits(db, new Date(now.getTime() - SUPPORT_WINDOW_MS), SUPPORT_KEY_PREFIX);
  // Outside any transaction: a refused try must stay counted, and a rollback would undo it.
  await hitRateLimits(
    db,
    [{ key: `${SUPPORT_KEY_PREFIX}${senderId}`, max: SUPPORT_MESSAGES_PER_HOUR, windowMs: SUPPORT_WINDOW_MS }],
    now,
  );
  await db.transaction((tx) => queueMail(tx, supportMail(facts), now));
  return { priority: isPriority(facts) };
}
