import { and, asc, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.js";
import { mailOutbox } from "../../db/schema.js";
import type { Mailer } from "../../plugins/mail.js";

/** After this many failed sends a message is given up on (about 6 hours of retries). */
export const MAX_MAIL_ATTEMPTS = 12;
export const MAIL_BATCH = 50;
/** How long a claimed message is left to one instance before another may try it (a crash mid-send). */
const CLAIM_MS = 60_000;
const KEEP_SENT_MS = 7 * 24 * 3600_000;

/** 30 s after the first failure, doubling, at most an hour apart. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(30_000 * 2 ** (failedAttempts - 1), 3600_000);
}

export interface OutboxDeps {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now(): Date;
}

/**
 * Sends up to MAIL_BATCH due messages once and returns how many it tried. Never throws for a failed send: the message records the error and
 * becomes due again after a backoff. Safe to run on several instances at once (each message is claimed).
 */
export async function sendDueMail({ db, mailer, log, now }: OutboxDeps): Promise<number> {
  const due = await db
    .select()
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        lt(mailOutbox.attempts, MAX_MAIL_ATTEMPTS),
        // Never-tried mail is due at once, whatever clock queued it.
        or(eq(mailOutbox.attempts, 0), lte(mailOutbox.nextAttemptAt, now())),
      ),
    )
    .orderBy(asc(mailOutbox.createdAt))
    .limit(MAIL_BATCH);

  for (const mail of due) {
    const claimed = await db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now().getTime() + CLAIM_MS) })
      .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.attempts, mail.attempts), isNull(mailOutbox.sentAt)))
      .returning({ id: mailOutbox.id });
    if (claimed.length === 0) continue; // another instance took it

    const attempts = mail.attempts + 1;
    try {
      await mailer.send({ to: mail.to, subject: mail.subject, text: mail.text, ...(mail.html ? { html: mail.html } : {}) });
      await db.update(mailOutbox).set({ sentAt: now(), lastError: null }).where(eq(mailOutbox.id, mail.id));
    } catch (error) {
      const lastError = error instanceof Error ? error.message.slice(0, 500) : "send failed";
      if (attempts >= MAX_MAIL_ATTEMPTS) {
        log.error({ mailId: mail.id, attempts, lastError }, "mail could not be sent; giving up");
      } else {
        log.warn({ mailId: mail.id, attempts, lastError }, "mail could not be sent; will retry");
      }
      await db
        .update(mailOutbox)
        .set({ lastError, nextAttemptAt: new Date(now().getTime() + retryDelayMs(attempts)) })
        .where(eq(mailOutbox.id, mail.id));
    }
  }

  // Sent mail is only kept a week: the outbox is a queue, not an archive of people's addresses.
  await db
    .delete(mailOutbox)
    .where(lt(mailOutbox.sentAt, new Date(now().getTime() - KEEP_SENT_MS)));
  return due.length;
}
