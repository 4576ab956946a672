import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { MAGIC_LINK_TTL_MINUTES } from "@housemate/contract";
import type { Database } from "../../db/client.js";
import { mailOutbox } from "../../db/schema.js";
import type { Mailer } from "./mailer.js";
import { signUnsubscribe, UNSUBSCRIBE_FOR } from "./mail/unsubscribe.js";

/** After this many failed sends a message is given up on (about 6 hours of retries; a sign-in link's lane gives up sooner). */
export const MAX_MAIL_ATTEMPTS = 12;
/**
 * `mail_outbox.priority`: lower is sent first. A sign-in link has its own lane; of the rest, notifications (and support
 * mail) go before the weekly digest, so Monday's burst of digests never delays a fine's email.
 */
export const MAIL_PRIORITY = { signIn: 0, notification: 1, digest: 2 } as const;
export const MAIL_BATCH = 50;
/** Sign-in links are few and each is waited for: small batches, so one never waits for a big one to finish. */
export const SIGN_IN_BATCH = 10;
/** How long a claimed message is left to one instance before another may try it (a crash mid-send). */
const CLAIM_MS = 60_000;
const KEEP_SENT_MS = 7 * 24 * 3600_000;

/**
 * When a failed send is tried again. The rest: 30 s after the first failure, doubling, at most an hour apart. A sign-in
 * link is waited for by someone at a screen and dies after MAGIC_LINK_TTL_MINUTES: 5 s, doubling, at most 2 minutes
 * apart, so its dozen tries fill its life (sendDueMail gives it up once it has expired).
 */
export function retryDelayMs(failedAttempts: number, lane: MailLane = "rest"): number {
  if (lane === "sign-in") return Math.min(5_000 * 2 ** (failedAttempts - 1), 120_000);
  return Math.min(30_000 * 2 ** (failedAttempts - 1), 3600_000);
}

/** A sign-in link's mail is not worth sending once its link has expired: the link and the mail are made together. */
export const SIGN_IN_MAIL_LIFE_MS = MAGIC_LINK_TTL_MINUTES * 60_000;

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

export interface SendResult {
  /** How many messages were claimed (a full batch means there may be more). */
  tried: number;
  /** The soonest retry of a message that failed in this batch, if any. */
  retryAt: Date | null;
}

/**
 * Sends up to a batch of due messages once. Never throws for a failed send: the message records the error and becomes
 * due again after its lane's backoff; a sign-in link older than its link's life is given up instead, never sent dead. Safe to run on several instances at once: a batch is claimed
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
}: OutboxDeps): Promise<SendResult> {
  const claimedAt = now();
  const all = await claimDueMail(db, claimedAt, lane);
  const expired = lane === "sign-in" ? all.filter((mail) => isExpiredSignIn(mail.createdAt, claimedAt)) : [];
  if (expired.length > 0) await giveUpExpired(db, log, expired);
  const claimed = all.filter((mail) => !expired.includes(mail));
  let retryAt: Date | null = null;
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
        const nextAttemptAt = new Date(now().getTime() + retryDelayMs(mail.attempts, lane));
        if (lane === "sign-in" && isExpiredSignIn(mail.createdAt, nextAttemptAt)) {
          await giveUpExpired(db, log, [{ ...mail, lastError }]);
          return;
        }
        if (mail.attempts >= MAX_MAIL_ATTEMPTS) {
          log.error({ mailId: mail.id, attempts: mail.attempts, lastError }, "mail could not be sent; giving up");
        } else {
          log.warn({ mailId: mail.id, attempts: mail.attempts, lastError }, "mail could not be sent; will retry");
          if (!retryAt || nextAttemptAt < retryAt) retryAt = nextAttemptAt;
        }
        await db.update(mailOutbox).set({ lastError, nextAttemptAt }).where(eq(mailOutbox.id, mail.id));
      }
    }),
  );
  if (sent.length > 0) {
    await db.update(mailOutbox).set({ sentAt: now(), lastError: null }).where(inArray(mailOutbox.id, sent));
  }
  return { tried: all.length, retryAt };
}

const isExpiredSignIn = (createdAt: Date, at: Date) => at.getTime() - createdAt.getTime() >= SIGN_IN_MAIL_LIFE_MS;

/** Sign-in mail whose link has expired: kept unsent as given up (as mail out of attempts is), and logged, never sent. */
async function giveUpExpired(
  db: Database,
  log: FastifyBaseLogger,
  mail: Array<{ id: string; attempts: number; lastError: string | null }>,
) {
  for (const { id, attempts, lastError } of mail)
    log.error({ mailId: id, attempts, lastError }, "sign-in mail could not be sent before its link expired; giving up");
  await db
    .update(mailOutbox)
    .set({
      attempts: MAX_MAIL_ATTEMPTS,
      lastError: "not sent: the sign-in link expired first",
    })
    .where(
      inArray(
        mailOutbox.id,
        mail.map(({ id }) => id),
      ),
    );
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
  let retryTimer: NodeJS.Timeout | null = null;
  async function drainUntilDone() {
    let retryAt: Date | null = null;
    do {
      again = false;
      for (;;) {
        if (closing) break;
        const result = await sendDueMail(deps);
        if (result.retryAt && (!retryAt || result.retryAt < retryAt)) retryAt = result.retryAt;
        if (result.tried < batchOf(deps.lane)) break;
      }
      // drain() sets `again` while a batch is being sent, which the compiler cannot see.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    } while (again && !closing);
    if (retryAt && deps.lane === "sign-in" && !closing) retryAfter(retryAt.getTime() - deps.now().getTime());
  }
  // The periodic drain (every 30 s, plugin.ts) is too slow for a sign-in link someone is waiting for: its lane comes
  // back by itself for its retry within seconds. The other instances still find it there if this one stops.
  function retryAfter(ms: number) {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = setTimeout(
      () => {
        retryTimer = null;
        void drain();
      },
      Math.max(ms, 0),
    );
    retryTimer.unref();
  }
  function drain() {
    again = true;
    draining ??= drainUntilDone()
      .catch((error: unknown) => deps.log.error({ err: error }, "mail outbox drain failed"))
      .finally(() => {
        draining = null;
      });
    return draining;
  }
  return {
    drain,
    async close() {
      closing = true;
      if (retryTimer) clearTimeout(retryTimer);
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

/**
 * Sent mail is only kept a week: the outbox is a queue, not an archive of people's addresses. Run hourly (a scheduled
 * task, so one instance at a time), it reads only the sent rows past the week through `mail_outbox_sent_idx`.
 */
export async function pruneSentMail(db: Database, at: Date): Promise<void> {
  await db.delete(mailOutbox).where(lt(mailOutbox.sentAt, new Date(at.getTime() - KEEP_SENT_MS)));
}
