import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql, TransactionRollbackError } from "drizzle-orm";
import { z } from "zod";
import { awayEndsAt, REMINDER_DEFAULTS } from "@housemate/contract";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { openDatabase, type DatabaseHandle } from "../src/db/client.js";
import { fineReminders, fines, households, mailOutbox, notifications, users } from "../src/db/schema.js";
import { remindersDue, type FineReminderState, type ReminderStage } from "../src/features/reminders/due.js";
import { DAY_MS } from "../src/lib/day-range.js";
import { REMINDERS_EVERY_MS } from "../src/features/reminders/plugin.js";
import { fineIdsDue, sendDueReminders } from "../src/features/reminders/sweep.js";
import { replayMigrationsBefore } from "./helpers/migration-replay.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import { TEST_ENGINE } from "./helpers/database.js";
import { listen, openSocket } from "./helpers/socket-client.js";
import { buildFine, buildFlatOfThree, buildRule, buildSession } from "./helpers/factories.js";

/**
 * Issue 22: reminders of unpaid fines (docs/decisions/051), through the real scheduler with the test clock, on
 * whichever engine the run tests (TEST_ENGINE): the offender is reminded after the household's first and second days,
 * the issuer told after its notice days, each exactly once whatever the number of instances, restarts and runs.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const MINUTE = 60_000;

/** A flat whose admin Ana fined Ben £2.50 for breaking "Dishes" at the test clock's now. */
async function flatWithFine(householdSettings: Partial<typeof households.$inferInsert> = {}) {
  // Past the scheduler's last run: the task is due again whenever a test moves the clock on by its interval.
  t.clock.advance(REMINDERS_EVERY_MS * 2);
  const flat = await buildFlatOfThree(t.db);
  // Sessions that outlast the years this file moves its clock on by.
  for (const person of [flat.ana, flat.ben, flat.cleo]) {
    person.token = await buildSession(t.db, person.user.id, new Date(t.clock.now.getTime() + 10 * 365 * DAY_MS));
  }
  if (Object.keys(householdSettings).length > 0) {
    await t.db.update(households).set(householdSettings).where(eq(households.id, flat.household.id));
  }
  const rule = await buildRule(t.db, flat.household.id, flat.ana.user.id, { title: "Dishes" });
  const fine = await buildFine(
    t.db,
    { householdId: flat.household.id, issuerId: flat.ana.user.id, offenderId: flat.ben.user.id, ruleId: rule.id },
    { createdAt: t.clock.now },
  );
  return { ...flat, fine, issuedAt: t.clock.now };
}

/** Moves the clock to `ms` after `from` and lets the scheduler run what is due, as every instance does each minute. */
async function runAt(from: Date, ms: number) {
  t.clock.set(new Date(from.getTime() + ms));
  await t.app.scheduler.runDue();
}

async function notificationsOf(userId: string, type: "fine_reminder" | "fine_unpaid") {
  return t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.typeId, type)))
    .orderBy(notifications.createdAt);
}

async function mailTo(email: string | null) {
  return t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email ?? ""));
}

async function stagesOf(fineId: string) {
  const rows = await t.db.select().from(fineReminders).where(eq(fineReminders.fineId, fineId));
  return Object.fromEntries(rows.map((row) => [row.stage, row.sentAt === null ? "skipped" : "sent"]));
}

describe("reminders of an unpaid fine", () => {
  it("reminds the offender on day 3 (in-app and by email), again on day 7, and tells the issuer on day 14", async () => {
    const { ana, ben, fine, issuedAt } = await flatWithFine();

    await runAt(issuedAt, 3 * DAY_MS - 10 * MINUTE);
    expect(await notificationsOf(ben.user.id, "fine_reminder")).toHaveLength(0);

    await runAt(issuedAt, 3 * DAY_MS);
    const [first] = await notificationsOf(ben.user.id, "fine_reminder");
    expect(first).toMatchObject({
      title: "Reminder: your fine is unpaid",
      message: `${ana.user.displayName} fined you £2.50 for breaking "Dishes" 3 days ago, and it is still unpaid.`,
    });
    const mail = await t.smtp.waitFor(ben.user.email ?? "", (m) => m.body.includes("Reminder: your fine is unpaid"));
    expect(mail.subject).toContain("Reminder: your fine is unpaid");
    expect(mail.body).toContain(`${ana.user.displayName} fined you £2.50`);
    expect(mail.body).toContain("it is still unpaid");

    // The next runs find nothing new.
    await runAt(issuedAt, 3 * DAY_MS + REMINDERS_EVERY_MS);
    await runAt(issuedAt, 3 * DAY_MS + 2 * REMINDERS_EVERY_MS);
    expect(await notificationsOf(ben.user.id, "fine_reminder")).toHaveLength(1);
    expect(await mailTo(ben.user.email)).toHaveLength(1);

    await runAt(issuedAt, 7 * DAY_MS - 10 * MINUTE);
    expect(await notificationsOf(ben.user.id, "fine_reminder")).toHaveLength(1);
    await runAt(issuedAt, 7 * DAY_MS);
    const reminders = await notificationsOf(ben.user.id, "fine_reminder");
    expect(reminders.map((n) => n.title)).toEqual([
      "Reminder: your fine is unpaid",
      "Second reminder: your fine is unpaid",
    ]);
    expect(reminders[1]?.message).toBe(
      `${ana.user.displayName} fined you £2.50 for breaking "Dishes" 7 days ago, and it is still unpaid. This is your second reminder.`,
    );
    expect(await notificationsOf(ana.user.id, "fine_unpaid")).toHaveLength(0);

    await runAt(issuedAt, 14 * DAY_MS - 10 * MINUTE);
    expect(await notificationsOf(ana.user.id, "fine_unpaid")).toHaveLength(0);
    await runAt(issuedAt, 14 * DAY_MS);
    const [notice] = await notificationsOf(ana.user.id, "fine_unpaid");
    expect(notice).toMatchObject({
      title: "Fine still unpaid",
      message: `${ben.user.displayName} has not paid the £2.50 fine you issued for breaking "Dishes" after 14 days.`,
    });
    await t.smtp.waitFor(ana.user.email ?? "", (m) => m.body.includes("Fine still unpaid"));

    await runAt(issuedAt, 30 * DAY_MS);
    expect(await notificationsOf(ben.user.id, "fine_reminder")).toHaveLength(2);
    expect(await notificationsOf(ana.user.id, "fine_unpaid")).toHaveLength(1);
    expect(await stagesOf(fine.id)).toEqual({ first: "sent", second: "sent", issuer: "sent" });
  });

  it("reaches the offender's and the issuer's open sockets live", async () => {
    const { ana, ben, issuedAt } = await flatWithFine();
    const url = await listen(t.app);
    const benSocket = await openSocket(url, ben.token);
    const anaSocket = await openSocket(url, ana.token);
    await benSocket.next("notification_count");
    await anaSocket.next("notification_count");
    await runAt(issuedAt, 14 * DAY_MS);
    const reminder = await benSocket.next("notification", (m) => m.data.type_id === "fine_reminder");
    // The second stage, the first skipped: to Ben it is his first reminder.
    expect(reminder.data.title).toBe("Reminder: your fine is unpaid");
    const notice = await anaSocket.next("notification", (m) => m.data.type_id === "fine_unpaid");
    expect(notice.data.title).toBe("Fine still unpaid");
    benSocket.close();
    anaSocket.close();
  });

  it("sends nothing for a paid, disputed or cancelled fine, or one under an open appeal", async () => {
    const { household, ana, ben, cleo, fine, issuedAt } = await flatWithFine();
    const base = `/api/fines/household/${household.id}/fines`;
    const paid = await t.request({ method: "PUT", url: `${base}/${fine.id}/pay`, token: ben.token });
    expect(paid.statusCode, paid.body).toBe(200);

    const toDispute = await buildFine(
      t.db,
      { householdId: household.id, issuerId: ana.user.id, offenderId: cleo.user.id },
      { createdAt: issuedAt },
    );
    const disputed = await t.request({
      method: "POST",
      url: `${base}/${toDispute.id}/disputes`,
      token: cleo.token,
      payload: { reason: "I washed them" },
    });
    expect(disputed.statusCode, disputed.body).toBe(201);
    const cancelled = await buildFine(
      t.db,
      { householdId: household.id, issuerId: cleo.user.id, offenderId: ben.user.id },
      { createdAt: issuedAt, status: "cancelled" },
    );
    const appealed = await buildFine(
      t.db,
      { householdId: household.id, issuerId: cleo.user.id, offenderId: ben.user.id },
      { createdAt: issuedAt, appealStatus: "open" },
    );

    await runAt(issuedAt, 20 * DAY_MS);
    for (const person of [ana, ben, cleo]) {
      expect(await notificationsOf(person.user.id, "fine_reminder")).toHaveLength(0);
      expect(await notificationsOf(person.user.id, "fine_unpaid")).toHaveLength(0);
    }
    for (const id of [fine.id, toDispute.id, cancelled.id, appealed.id]) expect(await stagesOf(id)).toEqual({});
  });

  it("sends nothing while the household's reminders are off, and follows its changed settings", async () => {
    const { ana, ben, fine, household, issuedAt } = await flatWithFine({
      firstReminderDays: null,
      secondReminderDays: null,
      issuerNoticeDays: null,
    });
    await runAt(issuedAt, 20 * DAY_MS);
    expect(await notificationsOf(ben.user.id, "fine_reminder")).toHaveLength(0);
    expect(await notificationsOf(ana.user.id, "fine_unpaid")).toHaveLength(0);

    // Turned on late, with both the offender's days passed: only the latest goes, the first is skipped, and it does not
    // call itself a second reminder: none went before it.
    const changed = await t.request({
      method: "PATCH",
      url: `/api/households/${household.id}`,
      token: ana.token,
      payload: { first_reminder_days: 10, second_reminder_days: 20, issuer_notice_days: 30 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await runAt(issuedAt, 20 * DAY_MS + REMINDERS_EVERY_MS);
    const reminders = await notificationsOf(ben.user.id, "fine_reminder");
    expect(reminders.map((n) => n.title)).toEqual(["Reminder: your fine is unpaid"]);
    expect(reminders[0]?.message).not.toContain("second");
    expect(await stagesOf(fine.id)).toEqual({ first: "skipped", second: "sent" });
    expect(await notificationsOf(ana.user.id, "fine_unpaid")).toHaveLength(0);
    await runAt(issuedAt, 30 * DAY_MS);
    expect(await notificationsOf(ana.user.id, "fine_unpaid")).toHaveLength(1);
  });

  it("counts again from a declined dispute", async () => {
    const { household, ana, ben, fine, issuedAt } = await flatWithFine();
    const base = `/api/fines/household/${household.id}/fines/${fine.id}`;
    t.clock.set(new Date(issuedAt.getTime() + DAY_MS));
    const disputed = await t.request({
      method: "POST",
      url: `${base}/disputes`,
      token: ben.token,
      payload: { reason: "Not mine" },
    });
    expect(disputed.statusCode, disputed.body).toBe(201);
    const declinedAt = new Date(issuedAt.getTime() + 2 * DAY_MS);
    t.clock.set(declinedAt);
    const declined = await t.request({
      method: "PUT",
      url: `${base}/disputes/${disputed.json().data.dispute.id}`,
      token: ana.token,
      payload: { action: "decline", reason: "They were yours" },
    });
    expect(declined.statusCode, declined.body).toBe(200);

    // Day 3 of the fine is day 1 after the decline: nothing yet.
    await runAt(issuedAt, 3 * DAY_MS);
    expect(await notificationsOf(ben.user.id, "fine_reminder")).toHaveLength(0);
    await runAt(declinedAt, 3 * DAY_MS - 10 * MINUTE);
    expect(await notificationsOf(ben.user.id, "fine_reminder")).toHaveLength(0);
    await runAt(declinedAt, 3 * DAY_MS);
    const [first] = await notificationsOf(ben.user.id, "fine_reminder");
    // How long ago it was issued, not declined.
    expect(first?.message).toContain("5 days ago");
  });

  it("pauses while the offender is away, the issuer's notice too, and sends only the latest when they are back", async () => {
    const { ana, ben, fine, issuedAt } = await flatWithFine();
    // Away through day 15, in UTC (`away_ends_at` is when it ends: the start of the next day in their zone).
    const lastDayAway = new Date(issuedAt.getTime() + 15 * DAY_MS).toISOString().slice(0, 10);
    await t.db
      .update(users)
      .set({ awayUntil: lastDayAway, awayEndsAt: awayEndsAt(lastDayAway, "UTC") })
      .where(eq(users.id, ben.user.id));

    await runAt(issuedAt, 3 * DAY_MS);
    await runAt(issuedAt, 7 * DAY_MS);
    await runAt(issuedAt, 14 * DAY_MS);
    expect(await notificationsOf(ben.user.id, "fine_reminder")).toHaveLength(0);
    expect(await notificationsOf(ana.user.id, "fine_unpaid")).toHaveLength(0);
    expect(await stagesOf(fine.id)).toEqual({});

    // The first moment of the day after: back.
    t.clock.set(new Date(`${lastDayAway}T23:50:00Z`));
    await t.app.scheduler.runDue();
    expect(await notificationsOf(ben.user.id, "fine_reminder")).toHaveLength(0);
    t.clock.set(new Date(new Date(`${lastDayAway}T00:00:00Z`).getTime() + DAY_MS));
    await t.app.scheduler.runDue();
    const reminders = await notificationsOf(ben.user.id, "fine_reminder");
    expect(reminders.map((n) => n.title)).toEqual(["Reminder: your fine is unpaid"]);
    expect(await notificationsOf(ana.user.id, "fine_unpaid")).toHaveLength(1);
    expect(await stagesOf(fine.id)).toEqual({ first: "skipped", second: "sent", issuer: "sent" });
  });

  it("holds the issuer's notice while the issuer is away, and sends it the day they are back", async () => {
    const { ana, ben, fine, issuedAt } = await flatWithFine();
    const lastDayAway = new Date(issuedAt.getTime() + 20 * DAY_MS).toISOString().slice(0, 10);
    await t.db
      .update(users)
      .set({ awayUntil: lastDayAway, awayEndsAt: awayEndsAt(lastDayAway, "UTC") })
      .where(eq(users.id, ana.user.id));
    await runAt(issuedAt, 3 * DAY_MS);
    await runAt(issuedAt, 7 * DAY_MS);
    await runAt(issuedAt, 14 * DAY_MS);
    // The offender, who is not away, is reminded as ever; the notice to Ana waits for her.
    expect((await notificationsOf(ben.user.id, "fine_reminder")).map((n) => n.title)).toEqual([
      "Reminder: your fine is unpaid",
      "Second reminder: your fine is unpaid",
    ]);
    t.clock.set(new Date(`${lastDayAway}T23:59:00Z`));
    await t.app.scheduler.runDue();
    expect(await notificationsOf(ana.user.id, "fine_unpaid")).toHaveLength(0);
    expect(await stagesOf(fine.id)).toEqual({ first: "sent", second: "sent" });
    t.clock.set(new Date(new Date(`${lastDayAway}T00:00:00Z`).getTime() + DAY_MS + REMINDERS_EVERY_MS));
    await t.app.scheduler.runDue();
    expect(await notificationsOf(ana.user.id, "fine_unpaid")).toHaveLength(1);
  });

  it("tells nobody who has left or deleted their account", async () => {
    const { ana, ben, fine, issuedAt } = await flatWithFine();
    // The issuer left (their fines stay owed); the offender is reminded, the issuer is not told.
    await t.db.update(users).set({ householdId: null, isAdmin: false }).where(eq(users.id, ana.user.id));
    await runAt(issuedAt, 20 * DAY_MS);
    expect(await notificationsOf(ben.user.id, "fine_reminder")).toHaveLength(1);
    expect(await notificationsOf(ana.user.id, "fine_unpaid")).toHaveLength(0);
    expect(await stagesOf(fine.id)).toEqual({ first: "skipped", second: "sent" });

    const other = await flatWithFine();
    await t.db.update(users).set({ deletedAt: other.issuedAt }).where(eq(users.id, other.ben.user.id));
    await runAt(other.issuedAt, 20 * DAY_MS);
    expect(await notificationsOf(other.ben.user.id, "fine_reminder")).toHaveLength(0);
    expect(await notificationsOf(other.ana.user.id, "fine_unpaid")).toHaveLength(0);
  });

  it("with the preference off, records no notification and no mail, and still counts the reminder once", async () => {
    const { ben, fine, issuedAt } = await flatWithFine();
    const off = await t.request({
      method: "PUT",
      url: "/api/notifications/preferences/fine_reminder",
      token: ben.token,
      payload: { in_app_enabled: false, email_enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    await runAt(issuedAt, 3 * DAY_MS);
    expect(await notificationsOf(ben.user.id, "fine_reminder")).toHaveLength(0);
    expect(await mailTo(ben.user.email)).toHaveLength(0);
    expect(await stagesOf(fine.id)).toEqual({ first: "sent" });

    // Turned back on, the first is not sent late: it was counted.
    await t.request({
      method: "PUT",
      url: "/api/notifications/preferences/fine_reminder",
      token: ben.token,
      payload: { in_app_enabled: true, email_enabled: true },
    });
    await runAt(issuedAt, 3 * DAY_MS + REMINDERS_EVERY_MS);
    expect(await notificationsOf(ben.user.id, "fine_reminder")).toHaveLength(0);
  });
});

describe("many instances", () => {
  let b: FastifyInstance;
  let bDatabase: DatabaseHandle | null = null;

  /** Another instance on the same database and clock: its own pool on PostgreSQL, the one PGlite otherwise. */
  async function startInstance(): Promise<FastifyInstance> {
    const connectionString = t.app.database.pool?.options.connectionString;
    const database =
      TEST_ENGINE === "postgres" && connectionString
        ? await openDatabase({ url: connectionString, poolSize: 5 })
        : t.app.database;
    if (database !== t.app.database) bDatabase = database;
    const config = loadConfig({ PUBLIC_URL, SMTP_URL: t.smtp.url, LOG_LEVEL: "silent" });
    const app = await buildApp({ config, database, now: () => t.clock.now, logger: false, webRoot: null });
    await app.ready();
    return app;
  }

  async function stopInstance() {
    await b.close();
    await bDatabase?.close();
    bDatabase = null;
  }

  beforeAll(async () => {
    b = await startInstance();
  });
  afterAll(() => stopInstance());

  it("two instances' schedulers running at once send each reminder once", async () => {
    const flats = [await flatWithFine(), await flatWithFine(), await flatWithFine()];
    const issuedAt = flats[flats.length - 1]?.issuedAt ?? t.clock.now;
    t.clock.set(new Date(issuedAt.getTime() + 3 * DAY_MS));
    const ran = await Promise.all([t.app.scheduler.runDue(), b.scheduler.runDue()]);
    expect(ran.flat().filter((name) => name === "fine-reminders")).toHaveLength(1);
    for (const { ben } of flats) expect(await notificationsOf(ben.user.id, "fine_reminder")).toHaveLength(1);
  });

  it("two sweeps at once, each instance's own, send each reminder once", async () => {
    const flats = [await flatWithFine(), await flatWithFine(), await flatWithFine()];
    const now = new Date((flats[2]?.issuedAt ?? t.clock.now).getTime() + 14 * DAY_MS);
    const sweep = (app: FastifyInstance) => sendDueReminders(app.db, { now, publicUrl: PUBLIC_URL });
    const [onA, onB, again] = await Promise.all([sweep(t.app), sweep(b), sweep(t.app)]);
    // Each flat: the offender's second (the first skipped) and the issuer's notice.
    expect(onA + onB + again).toBeGreaterThanOrEqual(flats.length * 2);
    for (const { ana, ben, fine } of flats) {
      expect(await notificationsOf(ben.user.id, "fine_reminder")).toHaveLength(1);
      expect(await notificationsOf(ana.user.id, "fine_unpaid")).toHaveLength(1);
      expect(await stagesOf(fine.id)).toEqual({ first: "skipped", second: "sent", issuer: "sent" });
    }
    const ids = flats.map(({ ben }) => ben.user.id);
    const rows = await t.db
      .select()
      .from(notifications)
      .where(and(inArray(notifications.userId, ids), eq(notifications.typeId, "fine_reminder")));
    expect(rows).toHaveLength(flats.length);
  });

  it("a restarted instance does not send again what was sent", async () => {
    const { ben, fine, issuedAt } = await flatWithFine();
    await runAt(issuedAt, 3 * DAY_MS);
    expect(await notificationsOf(ben.user.id, "fine_reminder")).toHaveLength(1);

    await stopInstance();
    b = await startInstance();
    t.clock.set(new Date(issuedAt.getTime() + 3 * DAY_MS + REMINDERS_EVERY_MS));
    await b.scheduler.runDue();
    await t.app.scheduler.runDue();
    expect(await notificationsOf(ben.user.id, "fine_reminder")).toHaveLength(1);
    expect(await stagesOf(fine.id)).toEqual({ first: "sent" });
    // The fine itself is untouched.
    const [row] = await t.db.select().from(fines).where(eq(fines.id, fine.id));
    expect(row?.status).toBe("pending");
  });
});

describe("a run's bounds", () => {
  /** Makes the database refuse the reminder rows of these fines, as a household whose part keeps failing; undone after. */
  async function refusingRowsOf<T>(fineIds: string[], work: () => Promise<T>): Promise<T> {
    const list = fineIds.map((id) => `'${id}'`).join(", ");
    await t.db.execute(
      sql.raw(`create function refuse_reminder() returns trigger language plpgsql as $$
        begin
          if new.fine_id in (${list}) then raise exception 'refused for the test'; end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql.raw(
        "create trigger refuse_reminder before insert on fine_reminders for each row execute function refuse_reminder()",
      ),
    );
    try {
      return await work();
    } finally {
      await t.db.execute(sql.raw("drop trigger refuse_reminder on fine_reminders"));
      await t.db.execute(sql.raw("drop function refuse_reminder()"));
    }
  }

  it("reads the due fines a page at a time, oldest first, to the end in one run", async () => {
    // Everything the other tests left owed is reminded of to the end first, so only these fines are due below.
    await sendDueReminders(t.db, { now: new Date(t.clock.now.getTime() + 365 * DAY_MS), publicUrl: PUBLIC_URL });
    const flats = [await flatWithFine(), await flatWithFine(), await flatWithFine()];
    const now = new Date((flats[2]?.issuedAt ?? t.clock.now).getTime() + 3 * DAY_MS);
    expect(await sendDueReminders(t.db, { now, publicUrl: PUBLIC_URL, page: 1 })).toBe(3);
    for (const { ben } of flats) expect(await notificationsOf(ben.user.id, "fine_reminder")).toHaveLength(1);
  });

  it("is not starved by older fines that cannot be sent: a failing household's fines fill no page", async () => {
    await sendDueReminders(t.db, { now: new Date(t.clock.now.getTime() + 365 * DAY_MS), publicUrl: PUBLIC_URL });
    const broken = await flatWithFine();
    // Older than the healthy household's fine, and more of them than a page holds.
    const more = [];
    for (let n = 0; n < 3; n++) {
      more.push(
        await buildFine(
          t.db,
          { householdId: broken.household.id, issuerId: broken.ana.user.id, offenderId: broken.ben.user.id },
          { createdAt: broken.issuedAt },
        ),
      );
    }
    const healthy = await flatWithFine();
    const now = new Date(healthy.issuedAt.getTime() + 3 * DAY_MS);
    const failed: string[] = [];
    const brokenIds = [broken.fine.id, ...more.map((fine) => fine.id)];
    for (let run = 0; run < 2; run++) {
      await refusingRowsOf(brokenIds, () =>
        sendDueReminders(t.db, {
          now: new Date(now.getTime() + run * REMINDERS_EVERY_MS),
          publicUrl: PUBLIC_URL,
          page: 2,
          onFailure: (_error, householdId) => failed.push(householdId),
        }),
      );
    }
    expect(await notificationsOf(healthy.ben.user.id, "fine_reminder")).toHaveLength(1);
    expect(new Set(failed)).toEqual(new Set([broken.household.id]));
    expect(await notificationsOf(broken.ben.user.id, "fine_reminder")).toHaveLength(0);
  });

  it("sends one household's fines in chunks, each its own transaction: one that fails keeps only its own back", async () => {
    await sendDueReminders(t.db, { now: new Date(t.clock.now.getTime() + 365 * DAY_MS), publicUrl: PUBLIC_URL });
    const flat = await flatWithFine();
    const later = [];
    for (let n = 0; n < 4; n++) {
      later.push(
        await buildFine(
          t.db,
          { householdId: flat.household.id, issuerId: flat.ana.user.id, offenderId: flat.ben.user.id },
          { createdAt: flat.issuedAt },
        ),
      );
    }
    const now = new Date(flat.issuedAt.getTime() + 3 * DAY_MS);
    const failures: string[] = [];
    // Issued at one moment, the fines go in id order: the first of them shares its chunk with the second.
    const [refused] = [flat.fine, ...later].map((fine) => fine.id).sort();
    const sent = await refusingRowsOf([refused ?? ""], () =>
      sendDueReminders(t.db, {
        now,
        publicUrl: PUBLIC_URL,
        chunk: 2,
        onFailure: (_error, householdId) => failures.push(householdId),
      }),
    );
    // Five fines in chunks of two: the chunk with the refused fine (and one other) rolled back, the other three sent.
    expect(failures).toEqual([flat.household.id]);
    expect(sent).toBe(3);
    expect(await notificationsOf(flat.ben.user.id, "fine_reminder")).toHaveLength(3);
    expect(await sendDueReminders(t.db, { now, publicUrl: PUBLIC_URL, chunk: 2 })).toBe(2);
    for (const fine of [flat.fine, ...later]) expect(await stagesOf(fine.id)).toEqual({ first: "sent" });
  });

  it("goes on with the other households when one household's part fails, and retries it next run", async () => {
    const broken = await flatWithFine();
    const healthy = await flatWithFine();
    // A real failure inside the broken household's transaction: the database refuses its reminder's row.
    await t.db.execute(
      sql.raw(`create function refuse_reminder() returns trigger language plpgsql as $$
        begin
          if new.fine_id = '${broken.fine.id}' then raise exception 'refused for the test'; end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql.raw(
        "create trigger refuse_reminder before insert on fine_reminders for each row execute function refuse_reminder()",
      ),
    );
    const failed: string[] = [];
    const now = new Date(healthy.issuedAt.getTime() + 3 * DAY_MS);
    try {
      await sendDueReminders(t.db, {
        now,
        publicUrl: PUBLIC_URL,
        onFailure: (_error, householdId) => failed.push(householdId),
      });
    } finally {
      await t.db.execute(sql.raw("drop trigger refuse_reminder on fine_reminders"));
      await t.db.execute(sql.raw("drop function refuse_reminder()"));
    }
    expect(failed).toEqual([broken.household.id]);
    expect(await notificationsOf(healthy.ben.user.id, "fine_reminder")).toHaveLength(1);
    // Rolled back whole: no row, no notification; the next run sends it.
    expect(await stagesOf(broken.fine.id)).toEqual({});
    expect(await notificationsOf(broken.ben.user.id, "fine_reminder")).toHaveLength(0);
    await sendDueReminders(t.db, { now, publicUrl: PUBLIC_URL });
    expect(await notificationsOf(broken.ben.user.id, "fine_reminder")).toHaveLength(1);
  });
});

describe("which reminders are due (remindersDue)", () => {
  const payableFrom = new Date("2026-03-01T12:00:00Z");
  const at = (days: number) => new Date(payableFrom.getTime() + days * DAY_MS);
  const settings = { first_reminder_days: 3, second_reminder_days: 7, issuer_notice_days: 14 };
  const fine = (overrides: Partial<FineReminderState> = {}): FineReminderState => ({
    payableFrom,
    underAppeal: false,
    offenderReachable: true,
    offenderAwayEndsAt: null,
    issuerReachable: true,
    issuerAwayEndsAt: null,
    written: new Set<ReminderStage>(),
    ...overrides,
  });

  it("sends each stage from the moment its days have passed", () => {
    expect(remindersDue(settings, fine(), new Date(at(3).getTime() - 1))).toEqual({ send: [], skip: [] });
    expect(remindersDue(settings, fine(), at(3))).toEqual({ send: ["first"], skip: [] });
    expect(remindersDue(settings, fine({ written: new Set(["first"]) }), at(7))).toEqual({
      send: ["second"],
      skip: [],
    });
    expect(remindersDue(settings, fine({ written: new Set(["first", "second"]) }), at(14))).toEqual({
      send: ["issuer"],
      skip: [],
    });
  });

  it("never sends an earlier stage after a later one, nor two of the offender's at once", () => {
    expect(remindersDue(settings, fine(), at(7))).toEqual({ send: ["second"], skip: ["first"] });
    expect(remindersDue(settings, fine({ written: new Set(["second"]) }), at(8))).toEqual({ send: [], skip: [] });
    // With the first off, the second goes alone and nothing is skipped.
    expect(remindersDue({ ...settings, first_reminder_days: null }, fine(), at(7))).toEqual({
      send: ["second"],
      skip: [],
    });
  });

  it("waits through the offender's last day away and for an open appeal, and tells nobody gone", () => {
    const lastDay = at(20).toISOString().slice(0, 10);
    const offenderAwayEndsAt = awayEndsAt(lastDay, "UTC");
    expect(remindersDue(settings, fine({ offenderAwayEndsAt }), new Date(`${lastDay}T23:59:59Z`))).toEqual({
      send: [],
      skip: [],
    });
    expect(remindersDue(settings, fine({ offenderAwayEndsAt }), at(22))).toEqual({
      send: ["second", "issuer"],
      skip: ["first"],
    });
    expect(remindersDue(settings, fine({ underAppeal: true }), at(20)).send).toEqual([]);
    expect(remindersDue(settings, fine({ offenderReachable: false }), at(20)).send).toEqual([]);
    expect(remindersDue(settings, fine({ issuerReachable: false }), at(20)).send).toEqual(["second"]);
  });
});

describe("the batch read and remindersDue agree", () => {
  const settings = { first_reminder_days: 3, second_reminder_days: 7, issuer_notice_days: 14 };
  // Around London's clock changes (29 March and 25 October 2026), where calendar days are 23 and 25 hours long.
  const spring = new Date("2026-03-27T12:00:00Z");
  const autumn = new Date("2026-10-23T12:00:00Z");
  const plus = (from: Date, ms: number) => new Date(from.getTime() + ms);
  const HOUR = 3600_000;
  const CASES: {
    name: string;
    payableFrom: Date;
    now: Date;
    written?: ReminderStage[];
    offenderAwayUntil?: string;
    issuerAwayUntil?: string;
    due: boolean;
  }[] = [
    {
      name: "an hour before 3 × 24 h, across spring's 23-hour day",
      payableFrom: spring,
      now: plus(spring, 3 * DAY_MS - HOUR),
      due: false,
    },
    { name: "at 3 × 24 h, across spring's 23-hour day", payableFrom: spring, now: plus(spring, 3 * DAY_MS), due: true },
    {
      name: "a millisecond before 3 × 24 h, across autumn's 25-hour day",
      payableFrom: autumn,
      now: plus(autumn, 3 * DAY_MS - 1),
      due: false,
    },
    { name: "at 3 × 24 h, across autumn's 25-hour day", payableFrom: autumn, now: plus(autumn, 3 * DAY_MS), due: true },
    {
      name: "the first written, before the second's day",
      payableFrom: spring,
      now: plus(spring, 7 * DAY_MS - HOUR),
      written: ["first"],
      due: false,
    },
    {
      name: "the first written, at the second's day",
      payableFrom: spring,
      now: plus(spring, 7 * DAY_MS),
      written: ["first"],
      due: true,
    },
    {
      name: "the second written, before the issuer's day",
      payableFrom: autumn,
      now: plus(autumn, 14 * DAY_MS - 1),
      written: ["second"],
      due: false,
    },
    {
      name: "all written",
      payableFrom: autumn,
      now: plus(autumn, 30 * DAY_MS),
      written: ["first", "second", "issuer"],
      due: false,
    },
    {
      name: "the offender away through today",
      payableFrom: spring,
      now: plus(spring, 5 * DAY_MS),
      offenderAwayUntil: "2026-04-01",
      due: false,
    },
    {
      name: "the offender back today",
      payableFrom: spring,
      now: plus(spring, 6 * DAY_MS),
      offenderAwayUntil: "2026-04-01",
      due: true,
    },
    {
      name: "only the issuer's notice left, the issuer away",
      payableFrom: spring,
      now: plus(spring, 15 * DAY_MS),
      written: ["first", "second"],
      issuerAwayUntil: "2026-04-11",
      due: false,
    },
    {
      name: "only the issuer's notice left, the issuer back",
      payableFrom: spring,
      now: plus(spring, 16 * DAY_MS),
      written: ["first", "second"],
      issuerAwayUntil: "2026-04-11",
      due: true,
    },
  ];

  it.each(CASES)("$name", async (example) => {
    const expected = remindersDue(
      settings,
      {
        payableFrom: example.payableFrom,
        underAppeal: false,
        offenderReachable: true,
        offenderAwayEndsAt: example.offenderAwayUntil ? awayEndsAt(example.offenderAwayUntil, "UTC") : null,
        issuerReachable: true,
        issuerAwayEndsAt: example.issuerAwayUntil ? awayEndsAt(example.issuerAwayUntil, "UTC") : null,
        written: new Set(example.written ?? []),
      },
      example.now,
    );
    expect(expected.send.length > 0).toBe(example.due);

    let read: string[] = [];
    // In a transaction rolled back after, on a session in London's time zone: calendar days would not be 24 hours.
    const tried = t.db.transaction(async (tx) => {
      await tx.execute(sql.raw("set local time zone 'Europe/London'"));
      const flat = await buildFlatOfThree(tx);
      await tx
        .update(households)
        .set({ firstReminderDays: 3, secondReminderDays: 7, issuerNoticeDays: 14 })
        .where(eq(households.id, flat.household.id));
      if (example.offenderAwayUntil) {
        const lastDay = example.offenderAwayUntil;
        await tx
          .update(users)
          .set({ awayUntil: lastDay, awayEndsAt: awayEndsAt(lastDay, "UTC") })
          .where(eq(users.id, flat.ben.user.id));
      }
      if (example.issuerAwayUntil) {
        const lastDay = example.issuerAwayUntil;
        await tx
          .update(users)
          .set({ awayUntil: lastDay, awayEndsAt: awayEndsAt(lastDay, "UTC") })
          .where(eq(users.id, flat.ana.user.id));
      }
      const fine = await buildFine(
        tx,
        { householdId: flat.household.id, issuerId: flat.ana.user.id, offenderId: flat.ben.user.id },
        { createdAt: example.payableFrom },
      );
      for (const stage of example.written ?? []) {
        await tx.insert(fineReminders).values({ fineId: fine.id, stage, sentAt: example.payableFrom });
      }
      read = (await fineIdsDue(tx, example.now, 10_000)).map((row) => row.id).filter((id) => id === fine.id);
      tx.rollback();
    });
    await expect(tried).rejects.toBeInstanceOf(TransactionRollbackError);
    expect(read.length > 0).toBe(example.due);
  });
});

describe("the household's reminder days by default", () => {
  it("are the contract's REMINDER_DEFAULTS", async () => {
    const { household } = await buildFlatOfThree(t.db);
    const [row] = await t.db.select().from(households).where(eq(households.id, household.id));
    expect({
      first_reminder_days: row?.firstReminderDays,
      second_reminder_days: row?.secondReminderDays,
      issuer_notice_days: row?.issuerNoticeDays,
    }).toEqual(REMINDER_DEFAULTS);
  });
});

describe("migration 0017's backfill", () => {
  it("writes the stages existing pending fines have already reached as skipped, so only those ahead are sent", async () => {
    let migrated: unknown;
    // The migrations replayed into a scratch schema, rolled back after: fines as they were before 0017, then 0017.
    const replay = t.db.transaction(async (tx) => {
      const migration = await replayMigrationsBefore(tx, "reminders_and_mail", "reminders_backfill");
      const [ana, ben, flat] = ["a", "b", "f"].map((digit) => `00000000-0000-4000-8000-00000000000${digit}`);
      // Ages in hours before the migration's now(): the default days are 3, 7 and 14 of 24 hours.
      const fines: [string, number, string, number | null][] = [
        ["2 days", 48, "pending", null],
        ["just under 3 days", 71, "pending", null],
        ["5 days", 120, "pending", null],
        ["10 days", 240, "pending", null],
        ["20 days", 480, "pending", null],
        ["30 days, declined a day ago", 720, "pending", 24],
        ["20 days, paid", 480, "paid", null],
      ];
      const statements = [
        `insert into households (id, name, iso_4217_code) values ('${flat}', 'Flat', 'GBP')`,
        `insert into users (id, email, display_name, household_id) values
          ('${ana}', 'ana@example.com', 'Ana', '${flat}'), ('${ben}', 'ben@example.com', 'Ben', '${flat}')`,
        ...fines.map(
          ([description, hours, status, declinedHours]) =>
            `insert into fines (household_id, offender_id, created_by, amount_minor, status, description, created_at, declined_at)
              values ('${flat}', '${ben}', '${ana}', 250, '${status}', '${description}', now() - interval '${hours} hours',
                ${declinedHours === null ? "null" : `now() - interval '${declinedHours} hours'`})`,
        ),
      ];
      for (const statement of statements) await tx.execute(sql.raw(statement));
      await migration.apply();
      migrated = await tx.execute(
        sql.raw(`select fines.description, fine_reminders.stage, fine_reminders.sent_at::text
          from fine_reminders join fines on fines.id = fine_reminders.fine_id order by fines.description, fine_reminders.stage`),
      );
      tx.rollback();
    });
    await expect(replay).rejects.toBeInstanceOf(TransactionRollbackError);
    const { rows } = z
      .object({ rows: z.array(z.object({ description: z.string(), stage: z.string(), sent_at: z.null() })) })
      .parse(migrated);
    expect(rows.map((row) => `${row.description}: ${row.stage}`)).toEqual([
      "10 days: first",
      "10 days: second",
      "20 days: first",
      "20 days: issuer",
      "20 days: second",
      "5 days: first",
    ]);
  });
});
