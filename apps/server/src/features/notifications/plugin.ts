import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import { CHANNEL, decodeBroadcast, THIS_PROCESS } from "./broadcast.js";
import { registerLiveSocket, type LiveSockets } from "./live-socket.js";
import { createMailDrain, pruneSentMail, type MailLane } from "./mail-outbox.js";
import { createMailer, type MailTerminal } from "./mailer.js";
import { cachedUnsubscribeKey } from "./mail/unsubscribe.js";
import { createPushDrain, prunePushes } from "./push/outbox.js";
import { pruneEndedSubscriptions } from "./push/subscriptions.js";
import { cachedVapidKeys, vapidSubject, type VapidKeys } from "./push/vapid.js";

declare module "fastify" {
  interface FastifyInstance {
    notifications: {
      /** Sends every due mail in the outbox now (a commit that queued mail and the retry timer do it by themselves). */
      drainMail(): Promise<void>;
      /** Sends every due push in the outbox now (a commit that queued pushes and the retry timer do it by themselves). */
      drainPush(): Promise<void>;
      /** The server's VAPID key pair (push/vapid.ts), made at first boot. */
      vapidKeys(): Promise<VapidKeys>;
    } & Pick<LiveSockets, "heartbeat" | "connections">;
  }
}

/** How often mail that failed earlier is retried (mail server down, slow, restarted). */
const MAIL_RETRY_MS = 30_000;
/** The outbox's prune of week-old sent mail: a scheduled task, so one instance an hour does it, not each every 30 s. */
export const MAIL_PRUNE_TASK = "mail-prune";
const MAIL_PRUNE_EVERY_MS = 3600_000;
/** Issue 23: sent and expired pushes, and the devices of sessions that ended, go hourly too. */
export const PUSH_PRUNE_TASK = "push-prune";
/** SMTP connections of the sign-in lane: its own, so a sign-in link never queues behind a batch of other mail. */
const SIGN_IN_CONNECTIONS = 2;

/**
 * The delivery side of notifications, after commit (record.ts is the recording side, inside the transaction): this
 * instance listens on the database's channel and, for every committed broadcast, pushes to the live sockets it holds
 * and sends the mail it queued. With PostgreSQL every instance hears every commit, so no one needs sticky sessions.
 */
export default fp(
  async function notificationsPlugin(app: FastifyInstance, options: { terminal?: MailTerminal }) {
    const unsubscribeKey = cachedUnsubscribeKey(app.db);
    const lane = (name: MailLane, connections?: number) => {
      const mailer = createMailer({
        smtpUrl: app.config.smtpUrl,
        from: app.config.mailFrom,
        log: app.log,
        ...(connections ? { connections } : {}),
        ...(options.terminal ? { terminal: options.terminal } : {}),
      });
      const drain = createMailDrain({
        db: app.db,
        mailer,
        log: app.log,
        now: () => app.now(),
        lane: name,
        unsubscribeKey,
        publicUrl: app.config.publicUrl,
      });
      return { mailer, drain };
    };
    // Two lanes, each draining on its own: sign-in links first, whatever else is queued (decision 052).
    const lanes = [lane("sign-in", SIGN_IN_CONNECTIONS), lane("rest")];
    const mail = {
      drain: async () => {
        await Promise.all(lanes.map(({ drain }) => drain.drain()));
      },
      close: async () => {
        await Promise.all(lanes.map(({ drain }) => drain.close()));
      },
    };
    const sockets = await registerLiveSocket(app);
    const vapidKeys = cachedVapidKeys(app.db);
    // Aborted as the server closes: a push being sent stops at once rather than holding shutdown for its timeout.
    const stopping = new AbortController();
    const push = createPushDrain({
      db: app.db,
      log: app.log,
      now: () => app.now(),
      keys: vapidKeys,
      subject: vapidSubject(app.config),
      services: app.config.pushServices,
      signal: stopping.signal,
    });

    function hear(raw: string) {
      const broadcast = decodeBroadcast(raw);
      if (!broadcast) {
        app.log.warn("ignored a malformed realtime broadcast");
        return;
      }
      if (broadcast.notifications) sockets.pushNotifications(broadcast.notifications);
      if (broadcast.counts) sockets.pushCounts(broadcast.counts);
      if (broadcast.sessions) sockets.checkSessions(broadcast.sessions);
      if (broadcast.households) sockets.pushHouseholdChanged(broadcast.households);
      if (broadcast.funds) sockets.pushFundChanged(broadcast.funds);
      if (broadcast.activity) sockets.pushActivityChanged(broadcast.activity);
      if (broadcast.accessEnded) sockets.pushAccessEnded(broadcast.accessEnded);
      if (broadcast.mail && broadcast.from === THIS_PROCESS) void mail.drain();
      if (broadcast.push && broadcast.from === THIS_PROCESS) void push.drain();
    }
    let listening: Awaited<ReturnType<typeof app.database.listen>> | null = null;

    app.decorate("notifications", {
      drainMail: () => mail.drain(),
      drainPush: () => push.drain(),
      vapidKeys,
      heartbeat: () => sockets.heartbeat(),
      get connections() {
        return sockets.connections;
      },
    });

    app.scheduler.add({
      name: MAIL_PRUNE_TASK,
      next: (at) => new Date(at.getTime() + MAIL_PRUNE_EVERY_MS),
      run: (at) => pruneSentMail(app.db, at),
    });
    app.scheduler.add({
      name: PUSH_PRUNE_TASK,
      next: (at) => new Date(at.getTime() + MAIL_PRUNE_EVERY_MS),
      run: async (at) => {
        await pruneEndedSubscriptions(app.db, at);
        await prunePushes(app.db, at);
      },
    });
    // Pushes that failed earlier are retried on the mail's beat (a push's own backoff says when each is due).
    const timer = setInterval(() => {
      void mail.drain();
      void push.drain();
    }, MAIL_RETRY_MS);
    timer.unref();
    app.addHook("onReady", async () => {
      // Made at first boot, so the key a browser subscribes with exists before anyone asks for it.
      await vapidKeys();
      listening = await app.database.listen(CHANNEL, {
        onNotify: hear,
        onReconnect: () => sockets.resync(),
        log: app.log,
      });
    });
    app.addHook("onClose", async () => {
      clearInterval(timer);
      await listening?.stop();
      stopping.abort(new Error("the server is shutting down"));
      await Promise.all([mail.close(), push.close()]);
      for (const { mailer } of lanes) mailer.close();
    });
  },
  { name: "notifications", dependencies: ["db", "auth", "scheduler"] },
);
