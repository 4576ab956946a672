import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNotNull, sql, TransactionRollbackError } from "drizzle-orm";
import { z } from "zod";
import {
  PUSH_BODY_MAX_LENGTH,
  PUSH_ENDPOINT_REFUSED_MESSAGE,
  PUSH_KEYS_INVALID_MESSAGE,
  PUSH_SUBSCRIPTION_LIMIT,
  PUSH_TTL_SECONDS,
} from "@housemate/contract";
import { buildApp } from "../src/app.js";
import { ConfigError, DEFAULT_PUSH_SERVICES, loadConfig, type PushService } from "../src/config.js";
import { instanceSecrets, notifications, pushOutbox, pushSubscriptions } from "../src/db/schema.js";
import { PUSH_PRUNE_TASK } from "../src/features/notifications/plugin.js";
import { recordNotification } from "../src/features/notifications/record.js";
import {
  createPushDrain,
  MAX_PUSH_ATTEMPTS,
  prunePushes,
  pushClaimMs,
  PUSH_BATCH,
  PUSH_CONCURRENCY,
  PUSH_SEND_TIMEOUT_MS,
  sendDuePushes,
  type PushDeps,
} from "../src/features/notifications/push/outbox.js";
import { queuePushes } from "../src/features/notifications/push/queue.js";
import { vapidSubject } from "../src/features/notifications/push/vapid.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import { openTestDatabase } from "./helpers/database.js";
import { replayMigrationsBefore } from "./helpers/migration-replay.js";
import { buildHouseholdWithMembers, buildRule, buildSession, unknownId } from "./helpers/factories.js";
import {
  PUSH_SERVICE_MAX_BYTES,
  startPushEndpoint,
  type PushDevice,
  type PushEndpoint,
} from "./helpers/push-endpoint.js";

const SUPPORT_EMAIL = "help@housemate.test";

describe("Web Push (issue 23)", () => {
  let t: TestContext;
  let push: PushEndpoint;
  let vapidKey: string;

  beforeAll(async () => {
    push = await startPushEndpoint();
    t = await createTestContext({
      env: { PUSH_SERVICES: [...DEFAULT_PUSH_SERVICES, push.url].join(","), SUPPORT_EMAIL },
    });
    const { owner } = await buildHouseholdWithMembers(t.db, 0);
    const key = await t.request({ method: "GET", url: "/api/push/key", token: owner.token });
    expect(key.statusCode).toBe(200);
    vapidKey = key.json().data.public_key as string;
    // The service refuses a push signed by any other key, as a real one does for a subscription made with this key.
    push.expectVapidKey(vapidKey);
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });
  // Each test's people are signed in by the real clock (the factories' sessions): tests that move the clock a day put
  // it back after them.
  afterEach(() => {
    t.clock.set(new Date());
  });

  /** Alex, who fines, and Blair, who is fined, in a household with a rule; each signed in. */
  async function flat() {
    const { household, owner: alex, members } = await buildHouseholdWithMembers(t.db, 1);
    const [blair] = members;
    if (!blair) throw new Error("no Blair");
    const rule = await buildRule(t.db, household.id, alex.user.id, { title: "Bins", fineAmountMinor: 300 });
    return { household, alex, blair, rule };
  }
  type Flat = Awaited<ReturnType<typeof flat>>;

  const subscribe = (token: string, device: PushDevice | Record<string, unknown>) =>
    t.request({
      method: "POST",
      url: "/api/push/subscriptions",
      token,
      payload: "subscription" in device && typeof device.subscription === "function" ? device.subscription() : device,
    });

  async function subscribed(token: string, device: PushDevice): Promise<string> {
    const res = await subscribe(token, device);
    expect(res.statusCode).toBe(201);
    return res.json().data.id as string;
  }

  /** Alex fines Blair through the API, and the pushes that fine queued are sent. */
  async function fineBlair(w: Flat, description = "Bins out late") {
    const res = await t.request({
      method: "POST",
      url: "/api/fines",
      token: w.alex.token,
      payload: {
        offender_id: w.blair.user.id,
        rule_id: w.rule.id,
        amount: 3,
        description,
        household_id: w.household.id,
      },
    });
    expect(res.statusCode).toBe(201);
    await t.app.notifications.drainPush();
    return res.json().data as { id: string };
  }

  const subscriptionRows = (userId: string) =>
    t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

  /**
   * Another instance of the server on the same database, sending the outbox as the app's own drain does. Its pushes
   * are queued by `queueFor` (as an event's statement queues them, without the NOTIFY that wakes this app's drain).
   */
  const instance = (overrides: Partial<PushDeps> = {}): PushDeps => ({
    db: t.db,
    log: t.app.log,
    now: () => t.clock.now,
    keys: t.app.notifications.vapidKeys,
    subject: vapidSubject(t.app.config),
    services: t.app.config.pushServices,
    signal: new AbortController().signal,
    ...overrides,
  });
  const queueFor = (userId: string, title = "Bins") =>
    queuePushes(t.db, [
      {
        userId,
        payload: {
          notification_id: unknownId(),
          type_id: "fine_received",
          title,
          body: "You were fined",
          url: "/dashboard/fines",
          tag: `fine_received:${title}`,
        },
      },
    ]);
  const outboxOf = (subscriptionId: string) =>
    t.db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, subscriptionId));
  async function until(what: string, done: () => boolean) {
    const deadline = Date.now() + 5000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  describe("delivery", () => {
    it("a fine issued to Blair reaches Blair's device, decrypted, with the in-app notification's words and the fines page", async () => {
      const w = await flat();
      const phone = push.device();
      await subscribed(w.blair.token, phone);

      const fine = await fineBlair(w);
      const [stored] = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, w.blair.user.id), eq(notifications.typeId, "fine_received")));
      if (!stored) throw new Error("no in-app notification");

      const received = phone.received();
      expect(received).toHaveLength(1);
      expect(received[0]?.payload).toEqual({
        notification_id: stored.id,
        type_id: "fine_received",
        title: stored.title,
        body: stored.message,
        url: "/dashboard/fines",
        tag: `fine_received:fine:${fine.id}`,
      });
      expect(received[0]?.ttl).toBeGreaterThan(PUSH_TTL_SECONDS - 60);
      expect(received[0]?.ttl).toBeLessThanOrEqual(PUSH_TTL_SECONDS);
      expect(received[0]?.urgency).toBe("normal");
      // RFC 8292: the JWT is for the push service's origin, signed by the key GET /push/key answers, with a contact.
      expect(received[0]?.claims.aud).toBe(push.url);
      expect(received[0]?.claims.sub).toBe(`mailto:${SUPPORT_EMAIL}`);
      expect(received[0]?.vapidKey).toBe(vapidKey);
      const [row] = await subscriptionRows(w.blair.user.id);
      expect(row?.lastUsedAt).toEqual(t.clock.now);
    });

    it("is sent by itself once the fine's statement commits, with no one draining the outbox", async () => {
      const w = await flat();
      const phone = push.device();
      await subscribed(w.blair.token, phone);
      const res = await t.request({
        method: "POST",
        url: "/api/fines",
        token: w.alex.token,
        payload: { offender_id: w.blair.user.id, rule_id: w.rule.id, amount: 3, household_id: w.household.id },
      });
      expect(res.statusCode).toBe(201);
      const deadline = Date.now() + 2000;
      while (phone.received().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(phone.received()).toHaveLength(1);
    });

    it("one person's push never reaches another's device", async () => {
      const w = await flat();
      const blairs = push.device();
      const alexs = push.device();
      await subscribed(w.blair.token, blairs);
      await subscribed(w.alex.token, alexs);

      await fineBlair(w);
      expect(blairs.received()).toHaveLength(1);
      expect(alexs.attempts()).toBe(0);
    });

    it("reaches every device of the person, each with its own keys", async () => {
      const w = await flat();
      const [phone, laptop] = [push.device(), push.device()];
      await subscribed(w.blair.token, phone);
      await subscribed(w.blair.token, laptop);

      await fineBlair(w);
      expect(phone.received()).toHaveLength(1);
      expect(laptop.received()).toHaveLength(1);
      expect(push.refused().filter((r) => [phone, laptop].some((d) => d.endpoint.endsWith(r.device)))).toEqual([]);
    });

    it("nothing is pushed with the type's push switch off; the in-app notification still comes", async () => {
      const w = await flat();
      const phone = push.device();
      await subscribed(w.blair.token, phone);
      const off = await t.request({
        method: "PUT",
        url: "/api/notifications/preferences/fine_received",
        token: w.blair.token,
        payload: { in_app_enabled: true, email_enabled: true, push_enabled: false },
      });
      expect(off.statusCode).toBe(200);

      await fineBlair(w);
      expect(phone.attempts()).toBe(0);
      expect(await t.db.select().from(notifications).where(eq(notifications.userId, w.blair.user.id))).toHaveLength(1);
      expect(await t.db.select().from(pushOutbox)).not.toContainEqual(
        expect.objectContaining({ subscriptionId: (await subscriptionRows(w.blair.user.id))[0]?.id }),
      );
    });

    it("with in-app and email off but push on, the push still goes (with an id of its own)", async () => {
      const w = await flat();
      const phone = push.device();
      await subscribed(w.blair.token, phone);
      await t.request({
        method: "PUT",
        url: "/api/notifications/preferences/fine_received",
        token: w.blair.token,
        payload: { in_app_enabled: false, email_enabled: false, push_enabled: true },
      });

      await fineBlair(w);
      expect(await t.db.select().from(notifications).where(eq(notifications.userId, w.blair.user.id))).toEqual([]);
      expect(phone.received()).toHaveLength(1);
      expect(phone.received()[0]?.payload).toMatchObject({ type_id: "fine_received", url: "/dashboard/fines" });
    });

    it("cuts a long title and body for the lock screen: the worst case stays under a push service's 4,096 bytes", async () => {
      const w = await flat();
      const phone = push.device();
      await subscribed(w.blair.token, phone);
      // Characters JSON writes as six bytes each (\u0001), and ones of four bytes in UTF-8: far beyond any real text.
      const long = "\u0001😀".repeat(1000);
      await t.db.transaction((tx) =>
        recordNotification(
          tx,
          {
            type: "fine_disputed",
            householdId: w.household.id,
            recipientIds: [w.blair.user.id],
            title: long,
            message: long,
          },
          PUBLIC_URL,
        ),
      );
      await t.app.notifications.drainPush();

      const [received] = phone.received();
      expect(received?.size).toBeLessThanOrEqual(PUSH_SERVICE_MAX_BYTES);
      const body = String(received?.payload.body);
      expect(Array.from(body)).toHaveLength(PUSH_BODY_MAX_LENGTH);
      expect(body.endsWith("…")).toBe(true);
      expect(long.startsWith(body.slice(0, -1))).toBe(true);
      expect(String(received?.payload.title).endsWith("…")).toBe(true);
      // The bell keeps every word.
      const [stored] = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, w.blair.user.id), eq(notifications.typeId, "fine_disputed")));
      expect(stored?.message).toBe(long);
    });

    it("a type not sent by push (the weekly digest, an email only) queues no push", async () => {
      const w = await flat();
      const phone = push.device();
      await subscribed(w.blair.token, phone);
      await t.db.transaction((tx) =>
        recordNotification(
          tx,
          { type: "weekly_digest", householdId: null, recipientIds: [w.blair.user.id], title: "Digest", message: "m" },
          PUBLIC_URL,
        ),
      );
      await t.app.notifications.drainPush();
      expect(phone.attempts()).toBe(0);
    });

    it("a type of another page opens that page: a rule's news opens the rules", async () => {
      const w = await flat();
      const phone = push.device();
      await subscribed(w.blair.token, phone);
      const res = await t.request({
        method: "POST",
        url: "/api/rules",
        token: w.alex.token,
        payload: { household_id: w.household.id, title: "Quiet hours", description: "After 11", fine_amount: 2 },
      });
      expect(res.statusCode).toBe(201);
      await t.app.notifications.drainPush();
      expect(phone.received().map((p) => p.payload)).toEqual([
        expect.objectContaining({ type_id: "rule_created", url: "/dashboard/rules" }),
      ]);
    });
  });

  describe("what the push service answers", () => {
    it.each([404, 410])("%i: the subscription has expired and is removed, with its waiting pushes", async (status) => {
      const w = await flat();
      const phone = push.device();
      const id = await subscribed(w.blair.token, phone);
      phone.respondWith(status);

      await fineBlair(w);
      expect(phone.attempts()).toBe(1);
      expect(await subscriptionRows(w.blair.user.id)).toEqual([]);
      expect(await t.db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, id))).toEqual([]);
      await fineBlair(w, "Again");
      expect(phone.attempts()).toBe(1);
    });

    it.each([500, 503])("%i: tried again after the backoff, then delivered", async (status) => {
      const w = await flat();
      const phone = push.device();
      await subscribed(w.blair.token, phone);
      phone.respondWith(status, { times: 1 });

      await fineBlair(w);
      expect(phone.attempts()).toBe(1);
      expect(phone.received()).toEqual([]);
      // Not yet due: the first retry waits 30 s.
      t.clock.advance(20_000);
      await t.app.notifications.drainPush();
      expect(phone.attempts()).toBe(1);
      t.clock.advance(11_000);
      await t.app.notifications.drainPush();
      expect(phone.attempts()).toBe(2);
      expect(phone.received()).toHaveLength(1);
    });

    it("429 with Retry-After: tried again only once that has passed", async () => {
      const w = await flat();
      const phone = push.device();
      await subscribed(w.blair.token, phone);
      phone.respondWith(429, { times: 1, retryAfter: 120 });

      await fineBlair(w);
      t.clock.advance(60_000);
      await t.app.notifications.drainPush();
      expect(phone.attempts()).toBe(1);
      t.clock.advance(61_000);
      await t.app.notifications.drainPush();
      expect(phone.received()).toHaveLength(1);
      // What a retried push's service is told: the rest of its life, not a fresh day.
      expect(phone.received()[0]?.ttl).toBeLessThanOrEqual(PUSH_TTL_SECONDS - 121);
    });

    it("a push still failing when its TTL ends is given up, and pruned", async () => {
      const w = await flat();
      const phone = push.device();
      const id = await subscribed(w.blair.token, phone);
      phone.respondWith(500);

      await fineBlair(w);
      for (let hour = 0; hour < 25; hour += 1) {
        t.clock.advance(3600_000);
        await t.app.notifications.drainPush();
      }
      const tries = phone.attempts();
      const [given] = await t.db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, id));
      expect(given?.sentAt).toBeNull();
      expect(given?.lastError).toBe("push service answered 500");
      t.clock.advance(3600_000);
      await t.app.notifications.drainPush();
      expect(phone.attempts()).toBe(tries);
      expect(phone.received()).toEqual([]);
      // The hourly prune (the push-prune task's, run by the scheduler in the expired-session test below) removes it.
      await prunePushes(t.db, t.clock.now);
      expect(await t.db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, id))).toEqual([]);
    });

    it.each([400, 413])("%i: the push would fail again, so it is dropped with the answer kept", async (status) => {
      const w = await flat();
      const phone = push.device();
      const id = await subscribed(w.blair.token, phone);
      phone.respondWith(status, { times: 1 });

      await fineBlair(w);
      t.clock.advance(3600_000);
      await t.app.notifications.drainPush();
      expect(phone.attempts()).toBe(1);
      const [dropped] = await t.db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, id));
      expect(dropped).toMatchObject({ sentAt: null, lastError: `push service answered ${status}` });
      // The device itself stays: the next push reaches it.
      await fineBlair(w, "Again");
      expect(phone.received()).toHaveLength(1);
    });
  });

  describe("subscriptions end with their session", () => {
    it("signing out removes the session's subscription, and nothing more is pushed to it", async () => {
      const w = await flat();
      const phone = push.device();
      await subscribed(w.blair.token, phone);
      // Blair's other session (another device) keeps its own subscription.
      const laptopToken = await buildSession(t.db, w.blair.user.id);
      const laptop = push.device();
      await subscribed(laptopToken, laptop);

      const out = await t.request({ method: "POST", url: "/api/auth/logout", token: w.blair.token });
      expect(out.statusCode).toBe(200);
      expect((await subscriptionRows(w.blair.user.id)).map((row) => row.endpoint)).toEqual([laptop.endpoint]);

      await fineBlair(w);
      expect(phone.attempts()).toBe(0);
      expect(laptop.received()).toHaveLength(1);
    });

    it("pushes queued before signing out are not sent after it", async () => {
      const w = await flat();
      const phone = push.device();
      await subscribed(w.blair.token, phone);
      phone.respondWith(503, { times: 1 });
      await fineBlair(w);
      expect(phone.attempts()).toBe(1);

      await t.request({ method: "POST", url: "/api/auth/logout", token: w.blair.token });
      t.clock.advance(3600_000);
      await t.app.notifications.drainPush();
      expect(phone.attempts()).toBe(1);
    });

    it("deleting the account removes every one of its subscriptions", async () => {
      const w = await flat();
      await subscribed(w.blair.token, push.device());
      await subscribed(await buildSession(t.db, w.blair.user.id), push.device());
      const res = await t.request({ method: "DELETE", url: `/api/users/${w.blair.user.id}`, token: w.blair.token });
      expect(res.statusCode).toBe(200);
      expect(await subscriptionRows(w.blair.user.id)).toEqual([]);
    });

    it("a subscription whose session expired gets no pushes, and the hourly prune removes it", async () => {
      const w = await flat();
      const shortToken = await buildSession(t.db, w.blair.user.id, new Date(t.clock.now.getTime() + 60_000));
      const phone = push.device();
      await subscribed(shortToken, phone);
      t.clock.advance(120_000);

      await fineBlair(w);
      expect(phone.attempts()).toBe(0);
      expect(await subscriptionRows(w.blair.user.id)).toHaveLength(1);
      expect(await t.app.scheduler.runDue()).toContain(PUSH_PRUNE_TASK);
      expect(await subscriptionRows(w.blair.user.id)).toEqual([]);
      // The same task drops the pushes already sent (earlier tests'): the outbox is no archive.
      expect(await t.db.select().from(pushOutbox).where(isNotNull(pushOutbox.sentAt))).toEqual([]);
    });
  });

  describe("several instances sending one outbox", () => {
    it("a slow push service: the push is sent once, however long its instance takes with it", async () => {
      const w = await flat();
      const phone = push.device();
      await subscribed(w.blair.token, phone);
      phone.hold();
      // The fine's push is on its way from this instance, and the push service is slow to answer...
      const fine = await t.request({
        method: "POST",
        url: "/api/fines",
        token: w.alex.token,
        payload: { offender_id: w.blair.user.id, rule_id: w.rule.id, amount: 3, household_id: w.household.id },
      });
      expect(fine.statusCode).toBe(201);
      await until("the push reached the service", () => phone.pending() === 1);
      // ... as slow as a whole batch of them timing out can be: the claim still holds, and no other instance takes it.
      t.clock.advance(Math.ceil(PUSH_BATCH / PUSH_CONCURRENCY) * PUSH_SEND_TIMEOUT_MS);
      await sendDuePushes(instance());
      expect(phone.attempts()).toBe(1);

      phone.release();
      await t.app.notifications.drainPush();
      expect(phone.attempts()).toBe(1);
      expect(phone.received()).toHaveLength(1);
    });

    it("writes each push's outcome as its send ends, not when its whole batch does", async () => {
      const w = await flat();
      const [slow, quick] = [push.device(), push.device()];
      const slowId = await subscribed(w.blair.token, slow);
      const quickId = await subscribed(w.blair.token, quick);
      slow.hold();
      await queueFor(w.blair.user.id);
      const sending = sendDuePushes(instance());

      await until("the quick device has its push", () => quick.received().length === 1);
      await until("its outcome is written", () => slow.pending() === 1);
      let quickRow = (await outboxOf(quickId))[0];
      for (const deadline = Date.now() + 2000; !quickRow?.sentAt && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        quickRow = (await outboxOf(quickId))[0];
      }
      expect(quickRow?.sentAt).toEqual(t.clock.now);
      expect((await outboxOf(slowId))[0]?.sentAt).toBeNull();
      slow.release();
      await sending;
      expect((await outboxOf(slowId))[0]?.sentAt).toEqual(t.clock.now);
    });

    it("an instance whose claim lapsed leaves the push to the one that claimed it since", async () => {
      const w = await flat();
      const phone = push.device();
      const id = await subscribed(w.blair.token, phone);
      phone.hold();
      await queueFor(w.blair.user.id);
      // The first instance's send will time out; its claim lapses before it does (as if the instance had stalled).
      const first = sendDuePushes(instance({ sendTimeoutMs: 300 }));
      await until("the first send is waiting", () => phone.pending() === 1);
      t.clock.advance(pushClaimMs(300) + 1000);
      const second = sendDuePushes(instance());
      await until("the second send is waiting", () => phone.pending() === 2);
      const [claimedAgain] = await outboxOf(id);

      // The first instance's failure is not written over the second's claim, which would make it due again at once.
      await first;
      await until("the first send is abandoned", () => phone.pending() === 1);
      const [afterFirst] = await outboxOf(id);
      expect(afterFirst).toMatchObject({ attempts: 2, lastError: null, nextAttemptAt: claimedAgain?.nextAttemptAt });

      phone.release();
      await second;
      expect(phone.received()).toHaveLength(1);
      expect((await outboxOf(id))[0]?.sentAt).toEqual(t.clock.now);
    });
  });

  describe("a push service that never answers", () => {
    it("is given up on after the send timeout, and the push tried again later", async () => {
      const w = await flat();
      const phone = push.device();
      const id = await subscribed(w.blair.token, phone);
      phone.hold();
      await queueFor(w.blair.user.id);
      const started = Date.now();
      await sendDuePushes(instance({ sendTimeoutMs: 200 }));
      expect(Date.now() - started).toBeLessThan(PUSH_SEND_TIMEOUT_MS);
      const [row] = await outboxOf(id);
      expect(row).toMatchObject({ attempts: 1, sentAt: null, nextAttemptAt: new Date(t.clock.now.getTime() + 30_000) });
      expect(row?.lastError).toContain("timeout");
      await until("the send is abandoned", () => phone.pending() === 0);

      phone.release();
      t.clock.advance(30_000);
      await sendDuePushes(instance());
      expect(phone.received()).toHaveLength(1);
    });

    it("stops being waited for when the server shuts down; the push waits in the outbox", async () => {
      const w = await flat();
      const phone = push.device();
      const id = await subscribed(w.blair.token, phone);
      phone.hold();
      await queueFor(w.blair.user.id);
      const stopping = new AbortController();
      const drain = createPushDrain(instance({ signal: stopping.signal }));
      void drain.drain();
      await until("the send is waiting", () => phone.pending() === 1);

      const started = Date.now();
      stopping.abort(new Error("the server is shutting down"));
      await drain.close();
      expect(Date.now() - started).toBeLessThan(2000);
      expect((await outboxOf(id))[0]).toMatchObject({ sentAt: null, lastError: "the server is shutting down" });
      await until("the send is abandoned", () => phone.pending() === 0);
      phone.release();
      expect(phone.received()).toEqual([]);
    });
  });

  describe("sends only what can still succeed", () => {
    it("a device of a push service no longer in PUSH_SERVICES is removed at its next push, and nothing is sent", async () => {
      const w = await flat();
      const phone = push.device();
      await subscribed(w.blair.token, phone);
      await queueFor(w.blair.user.id);
      // The operator has narrowed the list (or a backup from a setup with a test service was restored).
      const narrowed: readonly PushService[] = loadConfig({ PUBLIC_URL }).pushServices;
      await sendDuePushes(instance({ services: narrowed }));
      expect(phone.attempts()).toBe(0);
      expect(await subscriptionRows(w.blair.user.id)).toEqual([]);
    });

    it.each([401, 403])(
      "%i (made with another server's key): the subscription is removed, so later events send nothing",
      async (status) => {
        const w = await flat();
        const phone = push.device();
        await subscribed(w.blair.token, phone);
        phone.respondWith(status);
        await fineBlair(w);
        expect(phone.attempts()).toBe(1);
        expect(await subscriptionRows(w.blair.user.id)).toEqual([]);
        await fineBlair(w, "Again");
        expect(phone.attempts()).toBe(1);
      },
    );

    it("a push that cannot be encrypted here (a stored key that is no device's) is dropped at its first try", async () => {
      const w = await flat();
      const phone = push.device();
      const id = await subscribed(w.blair.token, phone);
      // As a row restored from elsewhere could be: the route refuses such keys.
      await t.db.update(pushSubscriptions).set({ p256dh: "AAAA" }).where(eq(pushSubscriptions.id, id));
      await queueFor(w.blair.user.id);
      await sendDuePushes(instance());
      const [row] = await outboxOf(id);
      expect(row).toMatchObject({ attempts: MAX_PUSH_ATTEMPTS, sentAt: null });
      expect(row?.lastError).toContain("could not be encrypted");
      t.clock.advance(3600_000);
      await sendDuePushes(instance());
      expect(phone.attempts()).toBe(0);
      expect((await outboxOf(id))[0]?.attempts).toBe(MAX_PUSH_ATTEMPTS);
    });
  });

  describe("POST /push/subscriptions", () => {
    it("answers 201 with the subscription's id and time, and registering again keeps one row with the new keys", async () => {
      const w = await flat();
      const phone = push.device();
      const first = await subscribe(w.blair.token, phone);
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({ data: { id: expect.any(String), created_at: t.clock.now.toISOString() } });

      // The browser subscribed afresh on the same endpoint, with new keys: the old ones can no longer decrypt.
      const old = phone.subscription().keys;
      phone.renewKeys();
      const again = await subscribe(w.blair.token, phone);
      expect(again.json().data.id).toBe(first.json().data.id);
      const rows = await subscriptionRows(w.blair.user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject(phone.subscription().keys);
      expect(rows[0]).not.toMatchObject(old);

      await fineBlair(w);
      expect(phone.received()).toHaveLength(1);
      expect(push.refused().filter((r) => phone.endpoint.endsWith(r.device))).toEqual([]);
    });

    it("a second person registering the same device takes it over: their pushes go there, the first's no longer", async () => {
      const w = await flat();
      const shared = push.device();
      await subscribed(w.blair.token, shared);
      // A push for Blair still waiting (the service was busy) must not reach the device once it is Alex's.
      shared.respondWith(503, { times: 1 });
      await fineBlair(w);
      const tried = shared.attempts();

      // Alex signs in on the device, whose browser subscribes afresh: new keys on the same endpoint.
      shared.renewKeys();
      await subscribed(w.alex.token, shared);
      expect(await subscriptionRows(w.blair.user.id)).toEqual([]);
      expect(await subscriptionRows(w.alex.user.id)).toHaveLength(1);
      t.clock.advance(3600_000);
      await fineBlair(w, "Again");
      expect(shared.received()).toEqual([]);
      // Blair's waiting push was not even tried again: it went with Blair's row.
      expect(shared.attempts()).toBe(tried);

      const fine = await t.request({
        method: "POST",
        url: "/api/fines",
        token: w.blair.token,
        payload: { offender_id: w.alex.user.id, rule_id: w.rule.id, amount: 1, household_id: w.household.id },
      });
      expect(fine.statusCode).toBe(201);
      await t.app.notifications.drainPush();
      expect(shared.received().map((p) => p.payload.type_id)).toEqual(["fine_received"]);
    });

    it("two people registering the same device at once: one row, a new one, of whoever came last, and only their pushes", async () => {
      for (let round = 0; round < 3; round += 1) {
        const w = await flat();
        const shared = push.device();
        const [alexs, blairs] = await Promise.all([subscribe(w.alex.token, shared), subscribe(w.blair.token, shared)]);
        expect([alexs.statusCode, blairs.statusCode]).toEqual([201, 201]);
        // A row never changes hands: the two answers name two rows, and only one of them is left.
        const ids = { alex: alexs.json().data.id as string, blair: blairs.json().data.id as string };
        expect(ids.alex).not.toBe(ids.blair);
        const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, shared.endpoint));
        expect(rows).toHaveLength(1);
        const [row] = rows;
        const winner = row?.userId === w.alex.user.id ? "alex" : "blair";
        expect(row?.id).toBe(ids[winner]);

        // Each fines the other: only the one whose row it is gets a push there.
        await fineBlair(w);
        const fine = await t.request({
          method: "POST",
          url: "/api/fines",
          token: w.blair.token,
          payload: { offender_id: w.alex.user.id, rule_id: w.rule.id, amount: 1, household_id: w.household.id },
        });
        expect(fine.statusCode).toBe(201);
        await t.app.notifications.drainPush();
        expect(shared.attempts()).toBe(1);
        expect(shared.received()).toHaveLength(1);
      }
    });

    it(`keeps a person's ${PUSH_SUBSCRIPTION_LIMIT} most recently used devices, dropping the one unused longest`, async () => {
      const w = await flat();
      const devices: { device: PushDevice; id: string }[] = [];
      for (let i = 0; i < PUSH_SUBSCRIPTION_LIMIT; i += 1) {
        const device = push.device();
        devices.push({ device, id: await subscribed(w.blair.token, device) });
        t.clock.advance(1000);
      }
      // The first device registered is used again (a push reached it) and so is not the one unused longest.
      await t.db
        .update(pushSubscriptions)
        .set({ lastUsedAt: t.clock.now })
        .where(eq(pushSubscriptions.id, devices[0]?.id ?? ""));
      t.clock.advance(1000);
      await subscribed(w.blair.token, push.device());

      const ids = (await subscriptionRows(w.blair.user.id)).map((row) => row.id);
      expect(ids).toHaveLength(PUSH_SUBSCRIPTION_LIMIT);
      expect(ids).toContain(devices[0]?.id);
      expect(ids).not.toContain(devices[1]?.id);
    });

    describe("sends only to a configured push service (the server POSTs there)", () => {
      const device = () => push.device().subscription();
      it.each([
        ["the cloud's metadata address", "http://169.254.169.254/latest/meta-data"],
        ["this machine, not configured", "http://127.0.0.1:9/push/x"],
        ["this machine on https", "https://127.0.0.1/push/x"],
        ["a look-alike domain", "https://fcm.googleapis.com.evil.com/fcm/send/x"],
        ["a name that only ends like a service", "https://evilpush.apple.com/3/device/x"],
        ["the bare domain of a *. entry", "https://push.apple.com/3/device/x"],
        ["a service on another port", "https://fcm.googleapis.com:8443/fcm/send/x"],
        ["a service over http", "http://fcm.googleapis.com/fcm/send/x"],
        ["user info before the host", "https://fcm.googleapis.com@169.254.169.254/x"],
        ["user info naming a service", "https://user:pass@fcm.googleapis.com/fcm/send/x"],
      ])("refuses %s", async (_why, endpoint) => {
        const w = await flat();
        const res = await subscribe(w.blair.token, { ...device(), endpoint });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({ code: "VALIDATION_ERROR", message: PUSH_ENDPOINT_REFUSED_MESSAGE });
        expect(await subscriptionRows(w.blair.user.id)).toEqual([]);
      });

      it("refuses this machine on another port than the configured one, and with user info", async () => {
        const w = await flat();
        const { port } = new URL(push.url);
        for (const endpoint of [
          `http://127.0.0.1:${Number(port) + 1}/push/x`,
          `http://x:y@127.0.0.1:${port}/push/x`,
          `http://localhost:${port}/push/x`,
        ]) {
          const res = await subscribe(w.blair.token, { ...device(), endpoint });
          expect(res.json().error?.message, endpoint).toBe(PUSH_ENDPOINT_REFUSED_MESSAGE);
        }
      });

      it.each([
        "https://fcm.googleapis.com/fcm/send/abc:def",
        "https://FCM.googleapis.com/fcm/send/abc",
        "https://fcm.googleapis.com:443/fcm/send/abc",
        "https://api.push.apple.com/3/device/abc",
        "https://web.push.apple.com/QGx",
        "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
        "https://wns2-db5p.notify.windows.com/w/?token=abc",
      ])("accepts %s", async (endpoint) => {
        const w = await flat();
        const res = await subscribe(w.blair.token, { ...device(), endpoint });
        expect(res.statusCode).toBe(201);
      });
    });

    it("refuses keys that are not a device's: a P-256 point of 65 bytes starting 0x04, and 16 bytes of auth", async () => {
      const w = await flat();
      const good = push.device().subscription();
      const point = Buffer.from(good.keys.p256dh, "base64url");
      const compressedMark = Buffer.from(point);
      compressedMark[0] = 0x02;
      const offCurve = Buffer.from(point);
      offCurve[64] = (offCurve[64] ?? 0) ^ 1;
      for (const p256dh of [compressedMark, offCurve]) {
        const res = await subscribe(w.blair.token, {
          ...good,
          keys: { ...good.keys, p256dh: p256dh.toString("base64url") },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(PUSH_KEYS_INVALID_MESSAGE);
      }
      const shortAuth = await subscribe(w.blair.token, {
        ...good,
        keys: { ...good.keys, auth: Buffer.alloc(15).toString("base64url") },
      });
      expect(shortAuth.statusCode).toBe(400);
      expect(await subscriptionRows(w.blair.user.id)).toEqual([]);
    });
  });

  describe("DELETE /push/subscriptions/:id", () => {
    it("removes the caller's own device; another person's, or one that is gone, is 404", async () => {
      const w = await flat();
      const phone = push.device();
      const id = await subscribed(w.blair.token, phone);

      const alexTries = await t.request({
        method: "DELETE",
        url: `/api/push/subscriptions/${id}`,
        token: w.alex.token,
      });
      expect(alexTries.statusCode).toBe(404);
      expect(await subscriptionRows(w.blair.user.id)).toHaveLength(1);

      const own = await t.request({ method: "DELETE", url: `/api/push/subscriptions/${id}`, token: w.blair.token });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ data: { success: true } });
      expect(await subscriptionRows(w.blair.user.id)).toEqual([]);
      await fineBlair(w);
      expect(phone.attempts()).toBe(0);

      const again = await t.request({ method: "DELETE", url: `/api/push/subscriptions/${id}`, token: w.blair.token });
      expect(again.statusCode).toBe(404);
      const unknown = await t.request({
        method: "DELETE",
        url: `/api/push/subscriptions/${unknownId()}`,
        token: w.blair.token,
      });
      expect(unknown.statusCode).toBe(404);
    });
  });
});

describe("the VAPID key pair", () => {
  it("names whom a push service may contact: the support address, else an https site, else the mail's sender", () => {
    const config = {
      supportEmail: undefined,
      publicUrl: "http://localhost:3000",
      mailFrom: "Housemate <no-reply@localhost>",
    };
    expect(vapidSubject({ ...config, supportEmail: "help@flat.example" })).toBe("mailto:help@flat.example");
    expect(vapidSubject({ ...config, publicUrl: "https://flat.example" })).toBe("https://flat.example");
    expect(vapidSubject(config)).toBe("mailto:no-reply@localhost");
    expect(vapidSubject({ ...config, mailFrom: "house@flat.example" })).toBe("mailto:house@flat.example");
  });

  it.each([
    "Housemate",
    "Housemate <>",
    "Housemate <house>",
    "a@b@c",
    "Flat <house @flat.example>",
    "x@flat.example?cc=y",
  ])("stops the server at boot when it would sign with MAIL_FROM %j, which holds no address", (mailFrom) => {
    expect(() => vapidSubject({ supportEmail: undefined, publicUrl: "http://localhost:3000", mailFrom })).toThrow(
      ConfigError,
    );
  });

  it("a bad MAIL_FROM is refused at boot, naming the variable", async () => {
    const database = await openTestDatabase();
    try {
      const config = loadConfig({ PUBLIC_URL, LOG_LEVEL: "silent", MAIL_FROM: "Housemate" });
      const boot = async () => {
        const app = await buildApp({ config, database, logger: false, webRoot: null });
        await app.ready();
        return app;
      };
      const refused = await boot().then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ConfigError);
      expect(String(refused)).toContain("MAIL_FROM: must hold an email address");
    } finally {
      await database.close();
    }
  });

  it("is made at first boot, kept through a restart, and the same for every instance on the database", async () => {
    const database = await openTestDatabase();
    const config = loadConfig({ PUBLIC_URL, LOG_LEVEL: "silent" });
    const boot = async () => {
      const app = await buildApp({ config, database, logger: false, webRoot: null });
      await app.ready();
      return app;
    };
    try {
      // Two instances starting together on an empty database: one pair is made, and both use it.
      const [first, second] = await Promise.all([boot(), boot()]);
      const stored = await database.db.select().from(instanceSecrets).where(eq(instanceSecrets.name, "vapid_keys"));
      expect(stored).toHaveLength(1);
      const keyOf = async (app: typeof first) => (await app.notifications.vapidKeys()).publicKey;
      const key = await keyOf(first);
      expect(await keyOf(second)).toBe(key);
      // 65 bytes, uncompressed P-256: what a browser's applicationServerKey is.
      expect(Buffer.from(key, "base64url")).toHaveLength(65);
      await first.close();
      await second.close();

      const restarted = await boot();
      const token = await buildSession(database.db, (await buildHouseholdWithMembers(database.db, 0)).owner.user.id);
      const res = await restarted.inject({
        method: "GET",
        url: "/api/push/key",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.json()).toEqual({ data: { public_key: key } });
      await restarted.close();
    } finally {
      await database.close();
    }
  });
});

describe("the push outbox's index", () => {
  it("holds only the pushes still to send: its bound is the attempts a push is given up at", async () => {
    const database = await openTestDatabase();
    try {
      const { rows } = z
        .object({ rows: z.array(z.object({ indexdef: z.string() })) })
        .parse(await database.db.execute(sql`select indexdef from pg_indexes where indexname = 'push_outbox_due_idx'`));
      expect(rows[0]?.indexdef).toContain(`attempts < ${MAX_PUSH_ATTEMPTS}`);
      expect(rows[0]?.indexdef).toContain("sent_at IS NULL");
    } finally {
      await database.close();
    }
  });
});

describe("migration 0018's backfill", () => {
  it("keeps push off for the types someone had turned both in-app and email off for", async () => {
    const database = await openTestDatabase();
    let migrated: unknown;
    try {
      const replay = database.db.transaction(async (tx) => {
        const migration = await replayMigrationsBefore(tx, "push", "push_backfill");
        const ana = "00000000-0000-4000-8000-00000000000a";
        await tx.execute(
          sql.raw(`insert into users (id, email, display_name) values ('${ana}', 'ana@example.com', 'Ana')`),
        );
        await tx.execute(
          sql.raw(`insert into notification_preferences (user_id, type_id, in_app_enabled, email_enabled) values
            ('${ana}', 'fine_received', true, true), ('${ana}', 'fine_paid', true, false),
            ('${ana}', 'rule_created', false, true), ('${ana}', 'appeal_filed', false, false)`),
        );
        await migration.apply();
        migrated = await tx.execute(
          sql.raw(`select type_id, push_enabled from notification_preferences order by type_id`),
        );
        tx.rollback();
      });
      await expect(replay).rejects.toBeInstanceOf(TransactionRollbackError);
    } finally {
      await database.close();
    }
    const { rows } = z
      .object({ rows: z.array(z.object({ type_id: z.string(), push_enabled: z.boolean() })) })
      .parse(migrated);
    expect(rows).toEqual([
      { type_id: "appeal_filed", push_enabled: false },
      { type_id: "fine_paid", push_enabled: true },
      { type_id: "fine_received", push_enabled: true },
      { type_id: "rule_created", push_enabled: true },
    ]);
  });
});
