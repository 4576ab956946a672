import { EventEmitter } from "node:events";
import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import type { Delivery } from "../lib/notify.js";
import { PgChannel, type Broadcast } from "../features/notifications/channel.js";
import { MAIL_BATCH, pruneSentMail, sendDueMail } from "../features/notifications/mail-outbox.js";

declare module "fastify" {
  interface FastifyInstance {
    notifier: Notifier;
  }
}

/** What the socket hub of this instance hears, whichever instance the event happened on. */
export interface NotifierEvents {
  /** Committed notifications, by id. */
  notifications: [string[]];
  /** These users' counts changed (marked read). */
  counts: [string[]];
  /** These users' sessions may have ended (logout, account deletion): re-check their sockets. */
  sessions: [string[]];
  /** Broadcasts may have been missed (the listener reconnected): bring every socket up to date. */
  resync: [];
}

export interface Notifier {
  /** Call after the event's transaction commits: pushes in-app notifications and sends queued mail. */
  deliver(delivery: Delivery): void;
  /** Call after marking notifications read: every open socket of these users gets the new count. */
  countsChanged(userIds: string[]): void;
  /** Call after revoking sessions: these users' sockets are re-checked now instead of at the next heartbeat. */
  sessionsRevoked(userIds: string[]): void;
  /** Local listeners (the socket hub) hear about committed events here. */
  events: EventEmitter<NotifierEvents>;
  /** Sends every due mail in the outbox; failures are retried later with backoff. */
  drainMail(): Promise<void>;
}

/** How often mail that failed earlier is retried (mail server down, slow, restarted). */
const MAIL_RETRY_MS = 30_000;

/**
 * The after-commit side of every event. With PostgreSQL, events also reach the other server
 * instances through LISTEN/NOTIFY; with PGlite there is one process, so local events suffice.
 */
export default fp(async function notifierPlugin(app: FastifyInstance) {
  const events = new EventEmitter<NotifierEvents>();
  const pool = app.database.pool;
  const channel = pool
    ? new PgChannel({
        pool,
        log: app.log,
        onBroadcast: (message) => emit(message),
        onReconnected: () => events.emit("resync"),
      })
    : null;

  function emit(message: Broadcast) {
    events.emit(message.kind, message.ids);
  }

  /** This instance acts at once; the others hear it through the database. */
  function broadcast(message: Broadcast) {
    if (message.ids.length === 0) return;
    emit(message);
    channel?.publish(message).catch((error: unknown) => {
      app.log.error({ err: error, kind: message.kind }, "could not tell other instances about an event");
    });
  }

  let draining: Promise<void> | null = null;
  let again = false;
  // Set on close: the batch being sent finishes, the rest waits in the outbox for the next start.
  let closing = false;
  async function drainUntilDone() {
    const deps = { db: app.db, mailer: app.mailer, log: app.log, now: () => app.now() };
    do {
      again = false;
      while (!closing && (await sendDueMail(deps)) === MAIL_BATCH);
    } while (again && !closing);
  }

  const notifier: Notifier = {
    events,
    deliver(delivery) {
      broadcast({ kind: "notifications", ids: delivery.notificationIds });
      if (delivery.mail) void notifier.drainMail();
    },
    countsChanged(userIds) {
      broadcast({ kind: "counts", ids: [...new Set(userIds)] });
    },
    sessionsRevoked(userIds) {
      broadcast({ kind: "sessions", ids: [...new Set(userIds)] });
    },
    drainMail() {
      // One drain at a time per process; mail queued during a drain gets another round before it ends.
      again = true;
      draining ??= drainUntilDone()
        .catch((error: unknown) => app.log.error({ err: error }, "mail outbox drain failed"))
        .finally(() => {
          draining = null;
        });
      return draining;
    },
  };
  app.decorate("notifier", notifier);

  const timer = setInterval(() => {
    void notifier.drainMail();
    // Not on every drain: under load a drain runs for every few fines, and this is a scan of the sent mail.
    pruneSentMail(app.db, app.now()).catch((error: unknown) => app.log.error({ err: error }, "mail outbox prune failed"));
  }, MAIL_RETRY_MS);
  timer.unref();
  app.addHook("onReady", async () => {
    await channel?.start();
  });
  app.addHook("onClose", async () => {
    closing = true;
    clearInterval(timer);
    await channel?.stop();
    await draining;
  });
}, { name: "notifier", dependencies: ["db"] });
