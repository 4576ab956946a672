import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.js";
import { mailOutbox } from "../../db/schema.js";
import type { Mailer } from "./mailer.js";
import { signUnsubscribe, UNSUBSCRIBE_FOR } from "./mail/unsubscribe.js";

/** After this many failed sends a message is given up on (about 6 hours of retries). */
export const MAX_MAIL_ATTEMPTS = 12;
export const MAIL_BATCH = 50;
/** Sign-in links are few and each is waited for: small batches, so one never waits for a big one to finish. */
export const SIGN_IN_BATCH = 10;
/** How long a claimed message is left to one instance before another may try it (a crash mid-send). */
const CLAIM_MS = 60_000;
const KEEP_SENT_MS = 7 * 24 * 3600_000;

/** 30 s after the first failure, doubling, at most an hour apart. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(30_000 * 2 ** (failedAttempts - 1), 3600_000);
}

/**
 * The outbox is drained in two lanes, each with its own loop and its own SMTP connections: sign-in links (priority 0)
 * and the rest. A sign-in link queued while a burst of notification mail is being sent is claimed by its own lane at
 * once, and sent over connections that are not queued behind that burst's batch (decision 052).
 */
export type MailLane = "sign-in" | "rest";

export interface OutboxDeps {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => Date;
  lane: MailLane;
  /** The unsubscribe links' key (mail/unsubscribe.ts), read when a batch has mail to sign. */
  unsubscribeKey: () => Promise<string>;
  publicUrl: string;
}

/**
 * Sends up to MAIL_BATCH due messages once and returns how many it tried. Never throws for a failed send: the message
 * records the error and becomes due again after a backoff. Safe to run on several instances at once: a batch is claimed
 * in one statement (rows another instance holds are skipped), and a claim lapses after CLAIM_MS if its instance dies.
 * A batch is sent side by side over the mailer's few connections; the sent ones are marked in one statement, so a
 * crash mid-batch re-sends at most that batch's sent mail: delivery is at least once, never lost.
 */
export async function sendDueMail({
  db,
  mailer,
  log,
  now,
  lane,
  unsubscribeKey,
  publicUrl,
}: OutboxDeps): Promise<number> {
  const claimed = await claimDueMail(db, now(), lane);
  const key = claimed.some((mail) => mail.headers?.[UNSUBSCRIBE_FOR]) ? await unsubscribeKey() : "";
  const sent: string[] = [];
  await Promise.all(
    claimed.map(async (mail) => {
      try {
        const message = {
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          ...(mail.headers ? { headers: mail.headers } : {}),
        };
        await mailer.send(signUnsubscribe(message, key, publicUrl));
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
      while (!closing && (await sendDueMail(deps)) === batchOf(deps.lane));
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

const batchOf = (lane: MailLane) => (lane === "sign-in" ? SIGN_IN_BATCH : MAIL_BATCH);

/**
 * Takes the lane's oldest due messages for this instance, by priority then age (the index mail_outbox_due_idx): counts
 * the attempt and holds them for CLAIM_MS. Returns them with `attempts` already counting this one, oldest first.
 */
async function claimDueMail(db: Database, at: Date, lane: MailLane) {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        lane === "sign-in" ? eq(mailOutbox.priority, 0) : gte(mailOutbox.priority, 1),
        lt(mailOutbox.attempts, MAX_MAIL_ATTEMPTS),
        // Never-tried mail is due at once, whatever clock queued it.
        or(eq(mailOutbox.attempts, 0), lte(mailOutbox.nextAttemptAt, at)),
      ),
    )
    .orderBy(asc(mailOutbox.priority), asc(mailOutbox.createdAt))
    .limit(batchOf(lane))
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
