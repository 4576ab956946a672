import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.js";
import { mailOutbox } from "../../db/schema.js";
import type { Mailer } from "./mailer.js";

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
  now: () => Date;
}

/**
 * Sends up to MAIL_BATCH due messages once and returns how many it tried. Never throws for a failed send: the message
 * records the error and becomes due again after a backoff. Safe to run on several instances at once: a batch is claimed
 * in one statement (rows another instance holds are skipped), and a claim lapses after CLAIM_MS if its instance dies.
 * A batch is sent side by side over the mailer's few connections; the sent ones are marked in one statement, so a
 * crash mid-batch re-sends at most that batch's sent mail: delivery is at least once, never lost.
 */
export async function sendDueMail({ db, mailer, log, now }: OutboxDeps): Promise<number> {
  const claimed = await claimDueMail(db, now());
  const sent: string[] = [];
  await Promise.all(
    claimed.map(async (mail) => {
      try {
        await mailer.send({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
        sent.push(mail.id);
      } catch (error) {
        const lastError = error instanceof Error ? error.message.slice(0, 500) : "send failed";
        if (mail.attempts >= MAX_MAIL_ATTEMPTS) {
          log.error({ mailId: mail.id, attempts: mail.attempts, lastError }, "mail could not be sent; giving up");
        } else {
          log.warn({ mailId: mail.id, attempts: mail.attempts, lastError }, "mail could not be sent; will retry");
        }
        await db
          .update(mailOutbox)
          .set({ lastError, nextAttemptAt: new Date(now().getTime() + retryDelayMs(mail.attempts)) })
          .where(eq(mailOutbox.id, mail.id));
      }
    }),
  );
  if (sent.length > 0) {
    await db.update(mailOutbox).set({ sentAt: now(), lastError: null }).where(inArray(mailOutbox.id, sent));
  }
  return claimed.length;
}

export interface MailDrain {
  /** Sends every due mail now; mail queued meanwhile gets another round before it ends. One drain at a time. */
  drain(): Promise<void>;
  /** The batch being sent finishes; the rest waits in the outbox for the next start. */
  close(): Promise<void>;
}

export function createMailDrain(deps: OutboxDeps): MailDrain {
  let draining: Promise<void> | null = null;
  let again = false;
  let closing = false;
  async function drainUntilDone() {
    do {
      again = false;
      while (!closing && (await sendDueMail(deps)) === MAIL_BATCH);
      // drain() sets `again` while a batch is being sent, which the compiler cannot see.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    } while (again && !closing);
  }
  return {
    drain() {
      again = true;
      draining ??= drainUntilDone()
        .catch((error: unknown) => deps.log.error({ err: error }, "mail outbox drain failed"))
        .finally(() => {
          draining = null;
        });
      return draining;
    },
    async close() {
      closing = true;
      await draining;
    },
  };
}

/**
 * Takes the oldest due messages for this instance: counts the attempt and holds them for CLAIM_MS. Returns them with
 * `attempts` already counting this one, oldest first.
 */
async function claimDueMail(db: Database, at: Date) {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        lt(mailOutbox.attempts, MAX_MAIL_ATTEMPTS),
        // Never-tried mail is due at once, whatever clock queued it.
        or(eq(mailOutbox.attempts, 0), lte(mailOutbox.nextAttemptAt, at)),
      ),
    )
    .orderBy(asc(mailOutbox.createdAt))
    .limit(MAIL_BATCH)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + CLAIM_MS) })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** Sent mail is only kept a week: the outbox is a queue, not an archive of people's addresses. */
export async function pruneSentMail(db: Database, at: Date): Promise<void> {
  await db.delete(mailOutbox).where(lt(mailOutbox.sentAt, new Date(at.getTime() - KEEP_SENT_MS)));
}
