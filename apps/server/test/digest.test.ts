import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatAwayDate } from "@housemate/contract";
import { and, eq, inArray, like } from "drizzle-orm";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import {
  disputes,
  fineAppeals,
  fines,
  fundEntries,
  householdDigests,
  households,
  mailOutbox,
  scheduledTasks,
  spendingProposals,
  users,
} from "../src/db/schema.js";
import { DIGEST_TASK } from "../src/features/digest/plugin.js";
import { UNSUBSCRIBE_FOR } from "../src/features/notifications/mail/unsubscribe.js";
import { digestWeekBefore, nextDigestRun, WEEK_MS } from "../src/features/digest/schedule.js";
import { sendWeeklyDigests } from "../src/features/digest/service.js";
import { weekSpan } from "../src/features/digest/digest-mail.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import type { CapturedMail } from "./helpers/smtp.js";
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

/** A household of two (its admin and a member) with a rule, where nothing has happened yet. */
async function quietFlat() {
  const { household, owner, members } = await buildHouseholdWithMembers(t.db, 1);
  const member = members[0];
  if (!member) throw new Error("no member");
  const rule = await buildRule(t.db, household.id, owner.user.id);
  const fine = (overrides: Partial<typeof fines.$inferInsert>) =>
    buildFine(
      t.db,
      { householdId: household.id, issuerId: owner.user.id, offenderId: member.user.id, ruleId: rule.id },
      overrides,
    );
  return { household, owner, member, fine };
}
type QuietFlat = Awaited<ReturnType<typeof quietFlat>>;

/** The household's `household_digests` row for the week. */
async function digestOf(householdId: string, week: { start: Date }) {
  const [row] = await t.db
    .select()
    .from(householdDigests)
    .where(
      and(
        eq(householdDigests.householdId, householdId),
        eq(householdDigests.weekStart, week.start.toISOString().slice(0, 10)),
      ),
    );
  return row;
}

/** A captured message's plain-text and HTML parts (decoded), split at the HTML part's header. */
function parts(raw: string) {
  const body = raw.replaceAll("\r\n", "\n");
  const at = body.indexOf("Content-Type: text/html");
  expect(at).toBeGreaterThan(0);
  return { text: body.slice(0, at), html: body.slice(at) };
}

/** The message's header block, unfolded, by lower-cased name. */
function headersOf(mail: CapturedMail): Map<string, string> {
  const block = mail.raw.slice(0, mail.raw.indexOf("\r\n\r\n")).replaceAll("\r\n ", " ").replaceAll("\r\n\t", " ");
  const headers = new Map<string, string>();
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
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
      expect(mail.raw).toContain("Content-Type: text/plain");
      expect(mail.raw).toContain("Content-Type: text/html");
      const { text, html } = parts(mail.body);
      expect(text).toContain(`Hi ${person.user.displayName},`);
      expect(text).toContain("Fines issued: 2 (£6.50 in all)");
      expect(text).toContain("Fines paid: 2 (£5.50 in all)");
      expect(text).toContain("Fine fund: £15.50, up £5.50 this week");
      expect(text).toContain("Open disputes: 1");
      expect(text).toContain("Open spending proposals: New kettle");
      expect(text).toContain(`\n${PUBLIC_URL}/dashboard\n`);
      // The same figures in the HTML part's table, and its button to the dashboard.
      for (const [label, value] of [
        ["Fines issued", "2 (£6.50 in all)"],
        ["Fines paid", "2 (£5.50 in all)"],
        ["Fine fund", "£15.50, up £5.50 this week"],
        ["Open disputes", "1"],
        ["Open spending proposals", "New kettle"],
      ]) {
        expect(html).toContain(`>${label}</th>`);
        expect(html).toContain(`>${value}</td>`);
      }
      expect(html).toContain(`href="${PUBLIC_URL}/dashboard"`);
      expect(html).toContain("/unsubscribe?token=");
    }
    // Each is the digest's own one-click unsubscribe: whom and which type, for the outbox to sign as it sends.
    const queued = await digestsTo([flat.ana.user.email ?? "", flat.ben.user.email ?? ""]);
    expect(queued.map((mail) => mail.headers?.[UNSUBSCRIBE_FOR]).sort()).toEqual(
      [`${flat.ana.user.id} weekly_digest`, `${flat.ben.user.id} weekly_digest`].sort(),
    );
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

  it("is not sent when cases are merely still open, and lists them in the next digest that goes", async () => {
    const week = freshWeek();
    const next = freshWeek();
    const flat = await quietFlat();
    // A dispute, an appeal and a proposal, all opened before the week and still open long after it.
    const disputed = await flat.fine({ createdAt: at(week.start, -10 * DAY_MS), status: "disputed" });
    await t.db.insert(disputes).values({
      fineId: disputed.id,
      raisedBy: flat.member.user.id,
      reason: "Not mine",
      createdAt: at(week.start, -9 * DAY_MS),
    });
    const appealed = await flat.fine({ createdAt: at(week.start, -8 * DAY_MS) });
    await t.db.insert(fineAppeals).values({
      fineId: appealed.id,
      householdId: flat.household.id,
      openedBy: flat.member.user.id,
      reason: "Unfair",
      closesAt: at(next.end, 5 * DAY_MS),
      createdAt: at(week.start, -7 * DAY_MS),
    });
    await t.db.insert(spendingProposals).values({
      householdId: flat.household.id,
      proposedBy: flat.owner.user.id,
      title: "Long kettle",
      amountMinor: 100,
      closesAt: at(next.end, 5 * DAY_MS),
      createdAt: at(week.start, -DAY_MS),
    });
    const people = [flat.owner.user.email ?? "", flat.member.user.email ?? ""];

    t.clock.set(at(week.end, HOUR_MS));
    await runDirectly(t.app);
    expect(await digestOf(flat.household.id, week)).toMatchObject({ recipients: 0 });
    expect(await digestsTo(people)).toEqual([]);

    // The next week a fine is issued: that digest goes, and lists what is open.
    await flat.fine({ amountMinor: 300, createdAt: at(next.start, DAY_MS) });
    t.clock.set(at(next.end, HOUR_MS));
    await runDirectly(t.app);
    expect(await digestOf(flat.household.id, next)).toMatchObject({ recipients: 2 });
    const queued = await digestsTo(people);
    expect(queued).toHaveLength(2);
    for (const mail of queued) {
      expect(mail.text).toContain("Fines issued: 1 (£3.00 in all)");
      expect(mail.text).toContain("Open disputes: 1");
      expect(mail.text).toContain("Appeals to vote on: 1");
      expect(mail.text).toContain("Open spending proposals: Long kettle");
    }
  });

  it("is sent for a week in which only a dispute, appeal or proposal was opened or decided", async () => {
    const week = freshWeek();
    const inWeek = at(week.start, 2 * DAY_MS);
    const before = at(week.start, -3 * DAY_MS);
    const cases: Record<string, (flat: QuietFlat) => Promise<unknown>> = {
      "a dispute opened": async (flat) => {
        const fine = await flat.fine({ createdAt: before, status: "disputed" });
        await t.db
          .insert(disputes)
          .values({ fineId: fine.id, raisedBy: flat.member.user.id, reason: "Not mine", createdAt: inWeek });
      },
      "a dispute decided": async (flat) => {
        const fine = await flat.fine({ createdAt: before });
        await t.db.insert(disputes).values({
          fineId: fine.id,
          raisedBy: flat.member.user.id,
          reason: "Not mine",
          status: "declined",
          createdAt: before,
          updatedAt: inWeek,
        });
      },
      "an appeal opened": async (flat) => {
        const fine = await flat.fine({ createdAt: before });
        await t.db.insert(fineAppeals).values({
          fineId: fine.id,
          householdId: flat.household.id,
          reason: "Unfair",
          closesAt: at(week.end, 3 * DAY_MS),
          createdAt: inWeek,
        });
      },
      "an appeal decided": async (flat) => {
        const fine = await flat.fine({ createdAt: before, status: "cancelled" });
        await t.db.insert(fineAppeals).values({
          fineId: fine.id,
          householdId: flat.household.id,
          reason: "Unfair",
          status: "upheld",
          closesAt: inWeek,
          decidedAt: inWeek,
          createdAt: before,
        });
      },
      "a proposal opened": (flat) =>
        t.db.insert(spendingProposals).values({
          householdId: flat.household.id,
          title: "Mop",
          amountMinor: 100,
          closesAt: at(week.end, 3 * DAY_MS),
          createdAt: inWeek,
        }),
      "a proposal decided": (flat) =>
        t.db.insert(spendingProposals).values({
          householdId: flat.household.id,
          title: "Mop",
          amountMinor: 100,
          status: "failed",
          closesAt: inWeek,
          decidedAt: inWeek,
          createdAt: before,
        }),
    };
    const flats = new Map<string, QuietFlat>();
    for (const [name, happen] of Object.entries(cases)) {
      const flat = await quietFlat();
      await happen(flat);
      flats.set(name, flat);
    }
    t.clock.set(at(week.end, HOUR_MS));
    await runDirectly(t.app);
    for (const [name, flat] of flats) {
      expect(await digestOf(flat.household.id, week), name).toMatchObject({ recipients: 2 });
    }
  });

  it("counts a late run's week as it ended: nothing after it, and the fund's balance then", async () => {
    const week = freshWeek();
    const flat = await quietFlat();
    // 10.00 in the fund before the week; a 3.00 fine issued and paid in it: 13.00 when it ended.
    await flat.fine({
      amountMinor: 1000,
      createdAt: at(week.start, -5 * DAY_MS),
      status: "paid",
      paidAt: at(week.start, -4 * DAY_MS),
    });
    await flat.fine({
      amountMinor: 300,
      createdAt: at(week.start, DAY_MS),
      status: "paid",
      paidAt: at(week.start, 2 * DAY_MS),
    });
    // After the week ended, before the run: a 5.00 fine issued and paid, and a 2.00 one issued in the week paid.
    await flat.fine({
      amountMinor: 500,
      createdAt: at(week.end, DAY_MS),
      status: "paid",
      paidAt: at(week.end, DAY_MS),
    });
    await flat.fine({
      amountMinor: 200,
      createdAt: at(week.start, 3 * DAY_MS),
      status: "paid",
      paidAt: at(week.end, 2 * DAY_MS),
    });
    // The run is three days late (a server that was down from Monday to Thursday).
    t.clock.set(at(week.end, 3 * DAY_MS));
    await runDirectly(t.app);
    const queued = await digestsTo([flat.owner.user.email ?? ""]);
    expect(queued).toHaveLength(1);
    const text = queued[0]?.text ?? "";
    expect(text).toContain("Fines issued: 2 (£5.00 in all)");
    expect(text).toContain("Fines paid: 1 (£3.00 in all)");
    // Today's balance is 20.00; the week ended at 13.00, 3.00 up.
    expect(text).toContain("Fine fund: £13.00, up £3.00 this week");
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

  it("carries a one-click unsubscribe that turns off exactly that person's digest", async () => {
    const week = freshWeek();
    const flat = await busyFlat(week);
    t.clock.set(at(week.end, HOUR_MS));
    await t.app.scheduler.runDue();
    const subject = `Your week in ${flat.name}`;
    const mail = await t.smtp.waitFor(flat.ben.user.email ?? "", (m) => m.subject === subject);
    const headers = headersOf(mail);
    expect(headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const oneClick = headers.get("list-unsubscribe") ?? "";
    expect(oneClick.startsWith(`<${PUBLIC_URL}/api/mail/unsubscribe?token=`)).toBe(true);
    const url = new URL(oneClick.slice(1, -1));
    // The footer's link is the web's page for the same token.
    expect(parts(mail.body).text).toContain(`${PUBLIC_URL}/unsubscribe?token=${url.searchParams.get("token") ?? ""}`);

    const res = await t.request({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ type_id: "weekly_digest", email_enabled: false });

    // The next week Ana fines Ben again: Ana and Cleo get its digest, Ben does not. The run queues in its
    // transactions, so the outbox already says who was mailed.
    await buildFine(
      t.db,
      { householdId: flat.household.id, issuerId: flat.ana.user.id, offenderId: flat.ben.user.id },
      { createdAt: at(week.end, DAY_MS) },
    );
    t.clock.set(at(week.end, WEEK_MS + HOUR_MS));
    await t.app.scheduler.runDue();
    const queued = await digestsTo([flat.ana.user.email ?? "", flat.ben.user.email ?? "", flat.cleo.user.email ?? ""]);
    const countFor = (email: string | null) => queued.filter((row) => row.to === email).length;
    expect([countFor(flat.ana.user.email), countFor(flat.ben.user.email), countFor(flat.cleo.user.email)]).toEqual([
      2, 1, 2,
    ]);
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
    // As its first line says it: the same day format as an away date's (the contract's formatUtcDay).
    expect(weekSpan(monday)).toBe("8 June to 15 June");
    expect(formatAwayDate("2026-06-08")).toBe("8 June");
    // A minute before Monday 08:00 that week has not ended: the one before it.
    expect(digestWeekBefore(new Date("2026-06-15T07:59:00Z")).key).toBe("2026-06-01");
    // Late (a restart on Thursday): still last week.
    expect(digestWeekBefore(new Date("2026-06-18T10:00:00Z")).key).toBe("2026-06-08");
  });
});
