import { createServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { NOTIFICATION_TYPES, type Notification } from "@housemate/contract";
import { mailOutbox, notifications, users } from "../src/db/schema.js";
import { recordNotification, type NotificationEvent } from "../src/features/notifications/record.js";
import {
  MAX_MAIL_ATTEMPTS,
  pruneSentMail,
  retryDelayMs,
  sendDueMail,
} from "../src/features/notifications/mail-outbox.js";
import { createMailer } from "../src/features/notifications/mailer.js";
import { unsubscribeKey } from "../src/features/notifications/mail/unsubscribe.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import { buildHouseholdWithMembers, buildMember, unknownId } from "./helpers/factories.js";
import { linkIn } from "./helpers/smtp.js";

/** Records an event the way a feature does (in its transaction), and waits for its mail to go. */
async function happen(t: TestContext, event: Partial<NotificationEvent> & { recipientIds: string[] }) {
  await t.db.transaction((tx) =>
    recordNotification(
      tx,
      {
        type: "fine_received",
        householdId: null,
        title: "New fine",
        message: "Sam fined you £5.00 for Dishes left overnight",
        ...event,
      },
      PUBLIC_URL,
    ),
  );
  // The commit sends it by itself; waiting here keeps each test's mail in that test.
  await t.app.notifications.drainMail();
}

describe("notifications", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());
  beforeEach(() => t.smtp.clear());

  async function list(token: string) {
    const res = await t.request({ method: "GET", url: "/api/notifications", token });
    expect(res.statusCode).toBe(200);
    return res.json().data as { notifications: Notification[]; total: number; unread: number };
  }

  it("lists the user's own notifications, newest first, with total and unread counts", async () => {
    const { household, owner, members } = await buildHouseholdWithMembers(t.db, 1);
    const [flatmate] = members;
    if (!flatmate) throw new Error("no flatmate");
    await happen(t, { recipientIds: [owner.user.id], householdId: household.id, title: "First" });
    t.clock.advance(1000);
    await happen(t, {
      recipientIds: [owner.user.id],
      householdId: household.id,
      title: "Second",
      type: "rule_created",
    });
    await happen(t, { recipientIds: [flatmate.user.id], householdId: household.id, title: "Not yours" });

    const mine = await list(owner.token);
    expect(mine.total).toBe(2);
    expect(mine.unread).toBe(2);
    expect(mine.notifications.map((n) => n.title)).toEqual(["Second", "First"]);
    expect(mine.notifications[0]).toMatchObject({
      type_id: "rule_created",
      is_read: false,
      message: expect.any(String),
    });
    expect(Date.parse(mine.notifications[0]?.created_at ?? "")).not.toBeNaN();
  });

  it("sends a type only on its channels: the weekly digest (an email only) is never stored in the bell", async () => {
    const { user, token } = await buildMember(t.db);
    await happen(t, { recipientIds: [user.id], type: "weekly_digest", title: "Your week", message: "Three fines" });
    expect((await list(token)).total).toBe(0);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, user.id))).toEqual([]);
    const mail = await t.smtp.waitFor(user.email ?? "");
    expect(mail.body).toContain("Three fines");
  });

  it("shows the newest 100 but counts them all", async () => {
    const { user, token } = await buildMember(t.db);
    await t.db.insert(notifications).values(
      Array.from({ length: 105 }, (_, i) => ({
        userId: user.id,
        typeId: "rule_updated",
        title: `Rule ${i}`,
        message: "Changed",
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
      })),
    );
    const page = await list(token);
    expect(page.notifications).toHaveLength(100);
    expect(page.notifications[0]?.title).toBe("Rule 104");
    expect(page).toMatchObject({ total: 105, unread: 105 });
  });

  it("marks one notification read, then all of them, counting as it goes", async () => {
    const { user, token } = await buildMember(t.db);
    for (const title of ["One", "Two", "Three"]) await happen(t, { recipientIds: [user.id], title });
    const [first] = (await list(token)).notifications;
    if (!first) throw new Error("no notification");

    const read = await t.request({ method: "PUT", url: `/api/notifications/${first.id}/read`, token });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ id: first.id, is_read: true });
    expect(await list(token)).toMatchObject({ total: 3, unread: 2 });

    const again = await t.request({ method: "PUT", url: `/api/notifications/${first.id}/read`, token });
    expect(again.statusCode).toBe(200);

    const all = await t.request({ method: "PUT", url: "/api/notifications/read-all", token });
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toEqual({ total: 3, unread: 0 });
    expect((await list(token)).notifications.every((n) => n.is_read)).toBe(true);
  });

  it("describes SPEC's eight notification types, fine_updated (issue 13), the household's four (issue 16), the fund's two (issue 17), the appeals' two and plan_changed (issue 21), the reminders' two and the weekly digest (issue 22)", async () => {
    const { token } = await buildMember(t.db);
    const res = await t.request({ method: "GET", url: "/api/notifications/types", token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(
      NOTIFICATION_TYPES.map(({ id, category, description }) => ({
        id,
        category,
        description,
        // Every type goes in-app and by email but the digest, an email only.
        channels: id === "weekly_digest" ? ["email"] : ["in_app", "email", "push"],
      })),
    );
    expect(
      res
        .json()
        .data.map((type: { category: string }) => type.category)
        .sort(),
    ).toEqual([
      ...Array<string>(9).fill("fines"),
      ...Array<string>(2).fill("fund"),
      ...Array<string>(7).fill("household"),
      ...Array<string>(3).fill("rules"),
    ]);
  });

  describe("preferences", () => {
    it("start with in-app, email and push on for every type", async () => {
      const { token } = await buildMember(t.db);
      const res = await t.request({ method: "GET", url: "/api/notifications/preferences", token });
      expect(res.statusCode).toBe(200);
      const prefs = res.json().data;
      expect(Object.keys(prefs).sort()).toEqual(NOTIFICATION_TYPES.map((type) => type.id).sort());
      for (const pref of Object.values(prefs)) {
        expect(pref).toEqual({ in_app_enabled: true, email_enabled: true, push_enabled: true });
      }
    });

    it("are saved per type and changed again in place", async () => {
      const { token } = await buildMember(t.db);
      const put = (body: object) =>
        t.request({ method: "PUT", url: "/api/notifications/preferences/fine_paid", token, payload: body });
      const first = await put({ in_app_enabled: false, email_enabled: true });
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toEqual({ in_app_enabled: false, email_enabled: true, push_enabled: true });
      expect((await put({ in_app_enabled: true, email_enabled: false })).statusCode).toBe(200);

      const prefs = (await t.request({ method: "GET", url: "/api/notifications/preferences", token })).json().data;
      expect(prefs.fine_paid).toEqual({ in_app_enabled: true, email_enabled: false, push_enabled: true });
      expect(prefs.fine_received).toEqual({ in_app_enabled: true, email_enabled: true, push_enabled: true });
    });

    it("take push_enabled as a third switch, left as it was by SPEC's two-switch body (issue 23)", async () => {
      const { token } = await buildMember(t.db);
      const put = (body: object) =>
        t.request({ method: "PUT", url: "/api/notifications/preferences/fine_paid", token, payload: body });
      const off = await put({ in_app_enabled: true, email_enabled: true, push_enabled: false });
      expect(off.json().data).toEqual({ in_app_enabled: true, email_enabled: true, push_enabled: false });
      const spec = await put({ in_app_enabled: false, email_enabled: true });
      expect(spec.json().data).toEqual({ in_app_enabled: false, email_enabled: true, push_enabled: false });
      expect((await put({ in_app_enabled: true, email_enabled: true, push_enabled: "no" })).statusCode).toBe(400);
    });

    it("reject an unknown type or a malformed body", async () => {
      const { token } = await buildMember(t.db);
      const unknown = await t.request({
        method: "PUT",
        url: "/api/notifications/preferences/fine_forgiven",
        token,
        payload: { in_app_enabled: true, email_enabled: true },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.code).toBe("VALIDATION_ERROR");
      const malformed = await t.request({
        method: "PUT",
        url: "/api/notifications/preferences/fine_paid",
        token,
        payload: { in_app_enabled: "yes" },
      });
      expect(malformed.statusCode).toBe(400);
    });

    async function prefer(token: string, typeId: string, in_app_enabled: boolean, email_enabled: boolean) {
      const res = await t.request({
        method: "PUT",
        url: `/api/notifications/preferences/${typeId}`,
        token,
        payload: { in_app_enabled, email_enabled },
      });
      expect(res.statusCode).toBe(200);
    }

    it("with both on, the event is stored in-app and emailed with a link to the app", async () => {
      const { user, token } = await buildMember(t.db);
      await happen(t, { recipientIds: [user.id], title: "New fine", message: "Sam fined you 5.00 for Dishes" });

      expect((await list(token)).notifications).toHaveLength(1);
      const mail = await t.smtp.waitFor(user.email ?? "");
      expect(mail.subject).toBe("Housemate: New fine");
      expect(mail.body).toContain(`Hi ${user.displayName},`);
      expect(mail.body).toContain("New fine");
      expect(mail.body).toContain("Sam fined you 5.00 for Dishes");
      expect(linkIn(mail, "/dashboard/fines").origin).toBe(PUBLIC_URL);
    });

    it("in-app off: nothing stored, but the email still goes", async () => {
      const { user, token } = await buildMember(t.db);
      await prefer(token, "fine_received", false, true);
      await happen(t, { recipientIds: [user.id] });
      expect(await list(token)).toMatchObject({ notifications: [], total: 0 });
      await t.smtp.waitFor(user.email ?? "");
    });

    it("email off: stored in-app, no email", async () => {
      const { user, token } = await buildMember(t.db);
      await prefer(token, "fine_received", true, false);
      await happen(t, { recipientIds: [user.id] });
      expect((await list(token)).total).toBe(1);
      expect(t.smtp.messages.filter((m) => m.to.includes(user.email ?? ""))).toHaveLength(0);
    });

    it("only switch the type they belong to", async () => {
      const { user, token } = await buildMember(t.db);
      await prefer(token, "rule_created", false, false);
      await happen(t, { recipientIds: [user.id], type: "rule_created", title: "Rule created" });
      await happen(t, { recipientIds: [user.id], type: "rule_updated", title: "Rule updated" });
      expect((await list(token)).notifications.map((n) => n.type_id)).toEqual(["rule_updated"]);
      const mails = t.smtp.messages.filter((m) => m.to.includes(user.email ?? ""));
      expect(mails.map((m) => m.subject)).toEqual(["Housemate: Rule updated"]);
    });

    it("belong to each user: one person's switch does not change another's", async () => {
      const a = await buildMember(t.db);
      const b = await buildMember(t.db);
      await prefer(a.token, "household_joined", false, false);
      await happen(t, { recipientIds: [a.user.id, b.user.id], type: "household_joined" });
      expect((await list(a.token)).total).toBe(0);
      expect((await list(b.token)).total).toBe(1);
      await t.smtp.waitFor(b.user.email ?? "");
      expect(t.smtp.messages.some((m) => m.to.includes(a.user.email ?? ""))).toBe(false);
    });
  });

  it("skips a deleted account", async () => {
    const { user } = await buildMember(t.db);
    const email = user.email ?? "";
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    await happen(t, { recipientIds: [user.id] });
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toEqual([]);
  });

  describe("authorization", () => {
    it("answers 401 on every route when signed out", async () => {
      const routes = [
        ["GET", "/api/notifications"],
        ["PUT", `/api/notifications/${unknownId()}/read`],
        ["PUT", "/api/notifications/read-all"],
        ["GET", "/api/notifications/types"],
        ["GET", "/api/notifications/preferences"],
        ["PUT", "/api/notifications/preferences/fine_paid"],
      ] as const;
      for (const [method, url] of routes) {
        for (const token of [undefined, "not-a-session"]) {
          const res = await t.request({ method, url, token, payload: { in_app_enabled: true, email_enabled: true } });
          expect(res.statusCode, `${method} ${url}`).toBe(401);
          expect(res.json().error.code).toBe("UNAUTHENTICATED");
        }
      }
    });

    it("never lets one user read or mark another's notification", async () => {
      const owner = await buildMember(t.db);
      const stranger = await buildMember(t.db);
      await happen(t, { recipientIds: [owner.user.id] });
      const [theirs] = (await list(owner.token)).notifications;
      if (!theirs) throw new Error("no notification");

      expect((await list(stranger.token)).notifications).toHaveLength(0);
      const read = await t.request({
        method: "PUT",
        url: `/api/notifications/${theirs.id}/read`,
        token: stranger.token,
      });
      expect(read.statusCode).toBe(404);
      expect(read.json().error.code).toBe("NOT_FOUND");
      const unknown = await t.request({
        method: "PUT",
        url: `/api/notifications/${unknownId()}/read`,
        token: stranger.token,
      });
      expect(unknown.statusCode).toBe(404);

      await t.request({ method: "PUT", url: "/api/notifications/read-all", token: stranger.token });
      expect((await list(owner.token)).unread).toBe(1);
    });
  });
});

/** A local port with nothing listening on it: a mail server that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("the mail outbox", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it("sends a batch of queued mail once, oldest first, and marks each sent", async () => {
    const people = await Promise.all([1, 2, 3].map(() => buildMember(t.db)));
    for (const { user } of people) {
      const event = {
        type: "fine_received" as const,
        householdId: null,
        recipientIds: [user.id],
        title: "New fine",
        message: "m",
      };
      await t.db.transaction((tx) => recordNotification(tx, event, PUBLIC_URL));
    }
    t.smtp.clear();
    // Two drains at once (as two instances would): each message is claimed by one of them.
    await Promise.all([t.app.notifications.drainMail(), sendAgain(t)]);
    const emails = people.map(({ user }) => user.email ?? "");
    for (const email of emails) await t.smtp.waitFor(email);
    // Each exactly once, though two drains ran.
    const received = t.smtp.messages.flatMap((m) => m.to).filter((to) => emails.includes(to));
    expect(received.sort()).toEqual([...emails].sort());
    const rows = await t.db.select().from(mailOutbox);
    for (const email of emails)
      expect(rows.find((r) => r.to === email)).toMatchObject({ attempts: 1, sentAt: expect.any(Date) });
  });

  it("forgets sent mail after a week, and keeps what is not sent", async () => {
    const week = 7 * 24 * 3600_000;
    const [old, recent, unsent] = await t.db
      .insert(mailOutbox)
      .values([
        { to: "old@example.com", subject: "s", text: "t", sentAt: new Date(t.clock.now.getTime() - week - 1000) },
        { to: "recent@example.com", subject: "s", text: "t", sentAt: new Date(t.clock.now.getTime() - week + 60_000) },
        { to: "unsent@example.com", subject: "s", text: "t", attempts: MAX_MAIL_ATTEMPTS },
      ])
      .returning();
    await pruneSentMail(t.db, t.clock.now);
    const left = (await t.db.select({ id: mailOutbox.id }).from(mailOutbox)).map((r) => r.id);
    expect(left).not.toContain(old?.id);
    expect(left).toContain(recent?.id);
    expect(left).toContain(unsent?.id);
  });
});

/** A second drain, as another instance runs it, with a mailer of its own. */
async function sendAgain(t: TestContext) {
  const mailer = createMailer({ smtpUrl: t.smtp.url, from: "Housemate <no-reply@localhost>", log: t.app.log });
  try {
    const deps = {
      db: t.db,
      mailer,
      log: t.app.log,
      now: () => t.clock.now,
      unsubscribeKey: () => unsubscribeKey(t.db),
      publicUrl: PUBLIC_URL,
    };
    await sendDueMail({ ...deps, lane: "sign-in" });
    await sendDueMail({ ...deps, lane: "rest" });
  } finally {
    mailer.close();
  }
}

describe("when the mail server is down", () => {
  let t: TestContext;
  let port: number;
  beforeAll(async () => {
    port = await closedPort();
    t = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(() => t.close());

  it("the event still happens, and its email is retried later until it goes", async () => {
    const { user, token } = await buildMember(t.db);
    await happen(t, { recipientIds: [user.id] });

    // The notification is there, the mail waits in the outbox with its error and a retry time.
    const res = await t.request({ method: "GET", url: "/api/notifications", token });
    expect(res.json().data.total).toBe(1);
    const [queued] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, user.email ?? ""));
    expect(queued).toMatchObject({ attempts: 1, sentAt: null, lastError: expect.any(String) });
    expect(queued?.nextAttemptAt.getTime()).toBeGreaterThan(t.clock.now.getTime());

    // Not retried before its time.
    await t.app.notifications.drainMail();
    const [waiting] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, user.email ?? ""));
    expect(waiting?.attempts).toBe(1);

    // The mail server comes back; after the backoff the mail goes.
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      // The app keeps its connection open for the next mail: closing does not wait for it.
      closeTimeout: 100,
      onRcptTo(address, _session, callback) {
        received.push(address.address);
        callback();
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on("end", () => callback());
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
    try {
      t.clock.advance(retryDelayMs(1) + 1);
      await t.app.notifications.drainMail();
      const [sent] = await t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, user.email ?? ""));
      expect(sent).toMatchObject({ attempts: 2, lastError: null });
      expect(sent?.sentAt).toBeInstanceOf(Date);
      expect(received).toEqual([user.email]);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
