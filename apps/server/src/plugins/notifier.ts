import { EventEmitter } from "node:events";
import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import { mailOutbox } from "../db/schema.js";
import type { Delivery } from "../lib/notify.js";

declare module "fastify" {
  interface FastifyInstance {
    notifier: Notifier;
  }
}

export interface Notifier {
  /** Call after the event's transaction commits: pushes in-app notifications and sends queued mail. */
  deliver(delivery: Delivery): void;
  /** Local listeners (the socket hub) hear about committed notifications here. */
  events: EventEmitter<{ notifications: [Delivery] }>;
  /** Sends every due mail in the outbox; failures are retried later with backoff. */
  drainMail(): Promise<void>;
}

const MAX_ATTEMPTS = 8;

export default fp(async function notifierPlugin(app: FastifyInstance) {
  const events = new EventEmitter<{ notifications: [Delivery] }>();
  let draining: Promise<void> | null = null;

  async function drainOnce() {
    const due = await app.db
      .select()
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, app.now())))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(50);
    for (const mail of due) {
      // Claim the row so another instance does not send it too.
      const claimed = await app.db
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(app.now().getTime() + 60_000) })
        .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.attempts, mail.attempts), isNull(mailOutbox.sentAt)))
        .returning({ id: mailOutbox.id });
      if (claimed.length === 0) continue;
      try {
        await app.mailer.send({ to: mail.to, subject: mail.subject, text: mail.text, ...(mail.html ? { html: mail.html } : {}) });
        await app.db.update(mailOutbox).set({ sentAt: app.now(), lastError: null }).where(eq(mailOutbox.id, mail.id));
      } catch (error) {
        const attempts = mail.attempts + 1;
        const backoffMs = Math.min(2 ** attempts * 1000, 15 * 60_000);
        app.log.warn({ err: error, mailId: mail.id, attempts }, "mail could not be sent; will retry");
        await app.db
          .update(mailOutbox)
          .set({
            lastError: error instanceof Error ? error.message.slice(0, 500) : "send failed",
            nextAttemptAt: new Date(app.now().getTime() + (attempts >= MAX_ATTEMPTS ? 24 * 3600_000 : backoffMs)),
          })
          .where(eq(mailOutbox.id, mail.id));
      }
    }
  }

  const notifier: Notifier = {
    events,
    deliver(delivery) {
      if (delivery.notificationIds.length) events.emit("notifications", delivery);
      if (delivery.mail) void notifier.drainMail();
    },
    drainMail() {
      // One drain at a time per process; a request arriving mid-drain joins the next round.
      draining ??= drainOnce()
        .catch((error: unknown) => app.log.error({ err: error }, "mail outbox drain failed"))
        .finally(() => {
          draining = null;
        });
      return draining;
    },
  };
  app.decorate("notifier", notifier);

  // Retries mail that failed earlier (mail server down, slow, restarted).
  const timer = setInterval(() => void notifier.drainMail(), 30_000);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await draining;
  });
}, { name: "notifier", dependencies: ["db"] });
