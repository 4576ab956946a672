import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { openDatabase, type DatabaseHandle } from "../src/db/client.js";
import { fineReminders, fines, households, mailOutbox, notifications, users } from "../src/db/schema.js";
import { DAY_MS, remindersDue, type FineReminderState, type ReminderStage } from "../src/features/reminders/due.js";
import { REMINDERS_EVERY_MS } from "../src/features/reminders/plugin.js";
import { sendDueReminders } from "../src/features/reminders/sweep.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import { TEST_ENGINE } from "./helpers/database.js";
import { listen, openSocket } from "./helpers/socket-client.js";
import { buildFine, buildFlatOfThree, buildRule, buildSession } from "./helpers/factories.js";
import { awayEndsAt } from "@housemate/contract";

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
    expect(reminder.data.title).toBe("Second reminder: your fine is unpaid");
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

    // Turned on late, with both the offender's days passed: only the latest goes, the first is skipped.
    const changed = await t.request({
      method: "PATCH",
      url: `/api/households/${household.id}`,
      token: ana.token,
      payload: { first_reminder_days: 10, second_reminder_days: 20, issuer_notice_days: 30 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await runAt(issuedAt, 20 * DAY_MS + REMINDERS_EVERY_MS);
    const reminders = await notificationsOf(ben.user.id, "fine_reminder");
    expect(reminders.map((n) => n.title)).toEqual(["Second reminder: your fine is unpaid"]);
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
    expect(reminders.map((n) => n.title)).toEqual(["Second reminder: your fine is unpaid"]);
    expect(await notificationsOf(ana.user.id, "fine_unpaid")).toHaveLength(1);
    expect(await stagesOf(fine.id)).toEqual({ first: "skipped", second: "sent", issuer: "sent" });
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
  it("reminds the oldest fines first, at most a batch a run, and the next run goes on with the rest", async () => {
    // Everything the other tests left owed is reminded of to the end first, so only these two fines are due below.
    await sendDueReminders(t.db, { now: new Date(t.clock.now.getTime() + 365 * DAY_MS), publicUrl: PUBLIC_URL });
    const older = await flatWithFine();
    const newer = await flatWithFine();
    const now = new Date(newer.issuedAt.getTime() + 3 * DAY_MS);
    expect(await sendDueReminders(t.db, { now, publicUrl: PUBLIC_URL, limit: 1 })).toBe(1);
    expect(await notificationsOf(older.ben.user.id, "fine_reminder")).toHaveLength(1);
    expect(await notificationsOf(newer.ben.user.id, "fine_reminder")).toHaveLength(0);
    // Fines with nothing left to send do not fill the next batch.
    expect(await sendDueReminders(t.db, { now, publicUrl: PUBLIC_URL, limit: 1 })).toBe(1);
    expect(await notificationsOf(newer.ben.user.id, "fine_reminder")).toHaveLength(1);
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
