import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, like } from "drizzle-orm";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import {
  disputes,
  fundEntries,
  householdDigests,
  households,
  mailOutbox,
  scheduledTasks,
  spendingProposals,
  users,
} from "../src/db/schema.js";
import { DIGEST_TASK } from "../src/features/digest/plugin.js";
import { digestWeekBefore, nextDigestRun, WEEK_MS } from "../src/features/digest/schedule.js";
import { sendWeeklyDigests } from "../src/features/digest/service.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import { buildFine, buildFlatOfThree, buildHouseholdWithMembers, buildRule } from "./helpers/factories.js";

/**
 * Issue 22's weekly digest (docs/decisions/054): every Monday 08:00 UTC, each household that had a week worth telling
 * gets one email per member who wants it, once, however many instances run it and however often they restart.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The first digest run after the app started: each test takes a later week of its own, as the clock only goes on. */
const FIRST_RUN = nextDigestRun(new Date());
let weeksUsed = 0;
/** A week (Monday 08:00 to Monday 08:00) after every week an earlier test used. */
function freshWeek() {
  weeksUsed += 1;
  const end = new Date(FIRST_RUN.getTime() + weeksUsed * WEEK_MS);
  return { start: new Date(end.getTime() - WEEK_MS), end };
}
const at = (from: Date, ms: number) => new Date(from.getTime() + ms);

/** Another app on the same database: a second instance, or the same one after a restart. */
async function otherInstance(): Promise<FastifyInstance> {
  const config = loadConfig({ PUBLIC_URL, SMTP_URL: t.smtp.url, LOG_LEVEL: "silent" });
  const app = await buildApp({
    config,
    database: t.app.database,
    now: () => t.clock.now,
    logger: false,
    webRoot: null,
  });
  await app.ready();
  return app;
}

const runDirectly = (app: FastifyInstance) =>
  sendWeeklyDigests(app.db, {
    now: app.now(),
    publicUrl: PUBLIC_URL,
    onFailure: (error) => {
      throw error;
    },
  });

/** The digests queued to these addresses, sent or not. */
const digestsTo = (emails: string[]) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.to, emails), like(mailOutbox.subject, "Your week in %")));

let flats = 0;
/**
 * The Cozy Flat: Ana (admin) fined Ben twice this week (2.50, 4.00) and he paid the first; he also paid a 3.00 fine
 * from the week before. The fund had 10.00 from an older fine. Ben disputes the 4.00 fine; Ana proposed a kettle.
 */
async function busyFlat(week: { start: Date; end: Date }) {
  flats += 1;
  const { household, ana, ben, cleo } = await buildFlatOfThree(t.db);
  const name = `The Cozy Flat ${flats}`;
  await t.db.update(households).set({ name }).where(eq(households.id, household.id));
  const rule = await buildRule(t.db, household.id, ana.user.id, { title: "Dishes" });
  const fine = (amountMinor: number, createdAt: Date, paidAt: Date | null) =>
    buildFine(
      t.db,
      { householdId: household.id, issuerId: ana.user.id, offenderId: ben.user.id, ruleId: rule.id },
      { amountMinor, createdAt, ...(paidAt ? { status: "paid", paidAt } : {}) },
    );
  // A fine written as paid is the fund's income, dated when it was paid (migration 0008's trigger).
  await fine(1000, at(week.start, -20 * DAY_MS), at(week.start, -19 * DAY_MS));
  await fine(300, at(week.start, -2 * DAY_MS), at(week.start, DAY_MS));
  await fine(250, at(week.start, HOUR_MS), at(week.start, 2 * DAY_MS));
  const disputed = await fine(400, at(week.end, -HOUR_MS), null);
  await t.db.insert(disputes).values({ fineId: disputed.id, raisedBy: ben.user.id, reason: "Not mine" });
  await t.db.insert(spendingProposals).values({
    householdId: household.id,
    proposedBy: ana.user.id,
    title: "New kettle",
    amountMinor: 1200,
    closesAt: at(week.end, 3 * DAY_MS),
    createdAt: at(week.start, 3 * DAY_MS),
  });
  return { household, name, ana, ben, cleo };
}

/** Turns a person's digest email off through the API, as Preferences does. */
async function optOut(person: { user: { id: string }; token: string }) {
  // Sessions are checked on the app's clock: a request is made at today's time, before the test moves it on.
  t.clock.set(new Date());
  const res = await t.request({
    method: "PUT",
    url: "/api/notifications/preferences/weekly_digest",
    token: person.token,
    payload: { in_app_enabled: true, email_enabled: false },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("the weekly digest", () => {
  it("mails each member who wants it the week's figures, with the household name in the subject", async () => {
    const week = freshWeek();
    const flat = await busyFlat(week);
    await optOut(flat.cleo);
    t.clock.set(at(week.end, HOUR_MS));

    expect(await t.app.scheduler.runDue()).toContain(DIGEST_TASK);

    const subject = `Your week in ${flat.name}`;
    for (const person of [flat.ana, flat.ben]) {
      const mail = await t.smtp.waitFor(person.user.email ?? "", (m) => m.subject === subject);
      expect(mail.body).toContain(`Hi ${person.user.displayName},`);
      expect(mail.body).toContain("Fines issued: 2 (£6.50 in all)");
      expect(mail.body).toContain("Fines paid: 2 (£5.50 in all)");
      expect(mail.body).toContain("Fine fund: £15.50, up £5.50 this week");
      expect(mail.body).toContain("Open disputes: 1");
      expect(mail.body).toContain("Open spending proposals: New kettle");
      expect(mail.body).toContain(`${PUBLIC_URL}/dashboard`);
    }
    // Cleo turned it off: nothing queued for her.
    expect(await digestsTo([flat.cleo.user.email ?? ""])).toEqual([]);
    const [row] = await t.db.select().from(householdDigests).where(eq(householdDigests.householdId, flat.household.id));
    expect(row).toMatchObject({ weekStart: week.start.toISOString().slice(0, 10), recipients: 2 });
    // The next run is the next Monday 08:00.
    const [task] = await t.db.select().from(scheduledTasks).where(eq(scheduledTasks.name, DIGEST_TASK));
    expect(task?.nextRunAt.toISOString()).toBe(at(week.end, WEEK_MS).toISOString());
  });

  it("says when the fund went down and that nothing was fined", async () => {
    const week = freshWeek();
    const { household, owner } = await buildHouseholdWithMembers(t.db, 1);
    const rule = await buildRule(t.db, household.id, owner.user.id);
    const [member] = await t.db.select().from(users).where(eq(users.householdId, household.id));
    if (!member) throw new Error("no member");
    // A spending this week from a balance of 10.00: 4.00 left.
    // Its income entry is written by the ledger's trigger, dated when it was paid.
    await buildFine(
      t.db,
      { householdId: household.id, issuerId: owner.user.id, offenderId: member.id, ruleId: rule.id },
      {
        amountMinor: 1000,
        createdAt: at(week.start, -30 * DAY_MS),
        status: "paid",
        paidAt: at(week.start, -29 * DAY_MS),
      },
    );
    const [proposal] = await t.db
      .insert(spendingProposals)
      .values({
        householdId: household.id,
        title: "Pizza",
        amountMinor: 600,
        status: "passed",
        closesAt: at(week.start, DAY_MS),
        createdAt: at(week.start, -DAY_MS),
      })
      .returning();
    await t.db.insert(fundEntries).values({
      householdId: household.id,
      type: "spending",
      amountMinor: -600,
      description: "Pizza",
      proposalId: proposal?.id,
      createdAt: at(week.start, DAY_MS),
    });
    t.clock.set(at(week.end, 2 * HOUR_MS));
    await t.app.scheduler.runDue();
    const mail = await t.smtp.waitFor(owner.user.email ?? "", (m) => m.subject === `Your week in ${household.name}`);
    expect(mail.body).toContain("Fines issued: none");
    expect(mail.body).toContain("Fines paid: none");
    expect(mail.body).toContain("Fine fund: £4.00, down £6.00 this week");
    expect(mail.body).toContain("Open spending proposals: none");
  });

  it("sends nothing for a quiet week, and does not look at that household again", async () => {
    const week = freshWeek();
    const { household, owner, members } = await buildHouseholdWithMembers(t.db, 1);
    t.clock.set(at(week.end, HOUR_MS));
    await runDirectly(t.app);
    const [row] = await t.db.select().from(householdDigests).where(eq(householdDigests.householdId, household.id));
    expect(row).toMatchObject({ weekStart: week.start.toISOString().slice(0, 10), recipients: 0 });
    const people = [owner.user.email ?? "", members[0]?.user.email ?? ""];
    expect(await digestsTo(people)).toEqual([]);
  });

  it("is sent once when run twice, by two instances at the same moment, and after a restart", async () => {
    const week = freshWeek();
    const flat = await busyFlat(week);
    t.clock.set(at(week.end, HOUR_MS));
    const b = await otherInstance();
    try {
      // Both claim the task at once: the scheduler's lease lets one run it.
      const [ranOnA, ranOnB] = await Promise.all([t.app.scheduler.runDue(), b.scheduler.runDue()]);
      expect([...ranOnA, ...ranOnB].filter((name) => name === DIGEST_TASK)).toHaveLength(1);
      // A run past the lease (a slow instance) does the sweep again: the digest's own row keeps it to one.
      await Promise.all([runDirectly(t.app), runDirectly(b), runDirectly(t.app)]);
    } finally {
      await b.close();
    }
    // A restart: a new instance on the same database finds the task not due, and nothing left to send if run.
    const restarted = await otherInstance();
    try {
      expect(await restarted.scheduler.runDue()).not.toContain(DIGEST_TASK);
      expect(await runDirectly(restarted)).toEqual({ mailed: 0, failed: 0 });
    } finally {
      await restarted.close();
    }
    const queued = await digestsTo([flat.ana.user.email ?? "", flat.ben.user.email ?? "", flat.cleo.user.email ?? ""]);
    expect(queued.map((mail) => mail.to).sort()).toEqual(
      [flat.ana.user.email, flat.ben.user.email, flat.cleo.user.email].sort(),
    );
  });

  it("leaves out former members and deleted accounts", async () => {
    const week = freshWeek();
    const flat = await busyFlat(week);
    await t.db.update(users).set({ householdId: null }).where(eq(users.id, flat.cleo.user.id));
    t.clock.set(new Date());
    const deleted = await t.request({ method: "DELETE", url: `/api/users/${flat.ben.user.id}`, token: flat.ben.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    t.clock.set(at(week.end, HOUR_MS));
    await runDirectly(t.app);
    const queued = await digestsTo([flat.ana.user.email ?? "", flat.ben.user.email ?? "", flat.cleo.user.email ?? ""]);
    expect(queued.map((mail) => mail.to)).toEqual([flat.ana.user.email]);
  });
});

describe("when the digest runs", () => {
  it("is first due on the first Monday 08:00 UTC after the server started, not at once", async () => {
    const [task] = await t.db.select().from(scheduledTasks).where(eq(scheduledTasks.name, DIGEST_TASK));
    expect(task?.nextRunAt.getUTCDay()).toBe(1);
    expect(task?.nextRunAt.getUTCHours()).toBe(8);
  });

  it("is next due on the next Monday at 08:00 UTC", () => {
    // Sunday 14 June 2026, any hour: the next day.
    expect(nextDigestRun(new Date("2026-06-14T23:00:00Z")).toISOString()).toBe("2026-06-15T08:00:00.000Z");
    // Monday 15 June, a minute before: the same morning.
    expect(nextDigestRun(new Date("2026-06-15T07:59:00Z")).toISOString()).toBe("2026-06-15T08:00:00.000Z");
    // Monday 15 June at 08:00 exactly: that run is this one, the next is a week on.
    expect(nextDigestRun(new Date("2026-06-15T08:00:00Z")).toISOString()).toBe("2026-06-22T08:00:00.000Z");
    // Wednesday: the coming Monday.
    expect(nextDigestRun(new Date("2026-06-17T12:00:00Z")).toISOString()).toBe("2026-06-22T08:00:00.000Z");
  });

  it("covers the latest full week that ended at or before the run", () => {
    const monday = digestWeekBefore(new Date("2026-06-15T08:00:00Z"));
    expect(monday).toEqual({
      start: new Date("2026-06-08T08:00:00Z"),
      end: new Date("2026-06-15T08:00:00Z"),
      key: "2026-06-08",
    });
    // A minute before Monday 08:00 that week has not ended: the one before it.
    expect(digestWeekBefore(new Date("2026-06-15T07:59:00Z")).key).toBe("2026-06-01");
    // Late (a restart on Thursday): still last week.
    expect(digestWeekBefore(new Date("2026-06-18T10:00:00Z")).key).toBe("2026-06-08");
  });
});
