import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { DATE_RANGE_MESSAGE, INSIGHTS_RANGE_TOO_LONG_MESSAGE, type Insights } from "@housemate/contract";
import { disputes, fines, rules, users } from "../src/db/schema.js";
import { createTestContext, type TestContext } from "./helpers/app.js";
import { buildFine, buildHouseholdWithMembers, buildMember, buildRule, unknownId } from "./helpers/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const NOW = new Date("2026-06-15T12:00:00Z");
const at = (iso: string) => new Date(iso);

const insightsOf = (householdId: string, token: string | undefined, query = "") =>
  t.request({ method: "GET", url: `/api/households/${householdId}/insights${query}`, token });

/**
 * Ana's flat with Ben, Cleo and Eve (who was never fined), and Dee, who has left. Eight fines in the first half of
 * 2026 and one from December 2025 paid in January; every figure the test expects is worked out by hand beside it.
 */
async function seededFlat() {
  const { household, owner: ana, members } = await buildHouseholdWithMembers(t.db, 3);
  const [ben, cleo, eve] = members;
  if (!ben || !cleo || !eve) throw new Error("members missing");
  const named = async (member: { user: { id: string } }, displayName: string) =>
    t.db.update(users).set({ displayName }).where(eq(users.id, member.user.id));
  await named(ana, "Ana");
  await named(ben, "Ben");
  await named(cleo, "Cleo");
  await named(eve, "Eve");
  const dee = await buildMember(t.db, household.id, { displayName: "Dee" });

  const rule = (title: string, fineAmountMinor: number) =>
    buildRule(t.db, household.id, ana.user.id, { title, fineAmountMinor });
  const dishes = await rule("Dishes", 500);
  const bins = await rule("Bins", 300);
  const noise = await rule("Noise", 1000);

  const fine = (
    issuer: { user: { id: string } },
    offender: { user: { id: string } },
    ruleRow: { id: string; fineAmountMinor: number },
    createdAt: string,
    rest: { status?: string; paidAt?: string; updatedAt?: string; cancelReason?: string } = {},
  ) =>
    buildFine(
      t.db,
      { householdId: household.id, issuerId: issuer.user.id, offenderId: offender.user.id, ruleId: ruleRow.id },
      {
        amountMinor: ruleRow.fineAmountMinor,
        createdAt: at(createdAt),
        updatedAt: at(rest.updatedAt ?? rest.paidAt ?? createdAt),
        status: rest.status ?? "pending",
        paidAt: rest.paidAt ? at(rest.paidAt) : null,
        cancelReason: rest.cancelReason ?? null,
      },
    );
  const dispute = (fineId: string, raisedBy: string, status: string, createdAt: string) =>
    t.db.insert(disputes).values({ fineId, raisedBy, reason: "Not me", status, createdAt: at(createdAt) });

  // F1 Mon 5 Jan 09:30, paid 12 h later.
  await fine(ana, ben, dishes, "2026-01-05T09:30:00Z", { status: "paid", paidAt: "2026-01-05T21:30:00Z" });
  // F2 Tue 6 Jan 09:10, still pending.
  await fine(ana, cleo, dishes, "2026-01-06T09:10:00Z");
  // F3 Mon 2 Feb 22:00, paid 48 h later.
  await fine(ben, ana, bins, "2026-02-02T22:00:00Z", { status: "paid", paidAt: "2026-02-04T22:00:00Z" });
  // F4 Sat 7 Mar 23:59, disputed, the dispute pending.
  const f4 = await fine(cleo, ben, noise, "2026-03-07T23:59:00Z", { status: "disputed" });
  await dispute(f4.id, ben.user.id, "pending", "2026-03-08T08:00:00Z");
  // F5 Sun 8 Mar 00:00, its dispute accepted on 1 April: cancelled in April.
  const f5 = await fine(ben, cleo, dishes, "2026-03-08T00:00:00Z", {
    status: "cancelled",
    updatedAt: "2026-04-01T10:00:00Z",
  });
  await dispute(f5.id, cleo.user.id, "accepted", "2026-03-09T08:00:00Z");
  // F6 Fri 10 Apr 13:00, disputed, declined, then paid 24 h after it was issued.
  const f6 = await fine(cleo, ana, bins, "2026-04-10T13:00:00Z", { status: "paid", paidAt: "2026-04-11T13:00:00Z" });
  await dispute(f6.id, ana.user.id, "declined", "2026-04-10T14:00:00Z");
  // F7 Fri 1 May 18:00 to Dee, written off when she left on 20 May.
  await fine(ana, dee, noise, "2026-05-01T18:00:00Z", {
    status: "cancelled",
    cancelReason: "Dee left the household",
    updatedAt: "2026-05-20T09:00:00Z",
  });
  // F8 Sat 2 May 18:00, issued by Dee before she left, pending.
  await fine(dee, ben, bins, "2026-05-02T18:00:00Z");
  // F9 Sat 20 Dec 2025 (before the period), paid 504 h later on 10 January.
  await fine(ana, cleo, dishes, "2025-12-20T10:00:00Z", { status: "paid", paidAt: "2026-01-10T10:00:00Z" });

  // Dee leaves (her fines stay, as leaving keeps them).
  await t.db.update(users).set({ householdId: null }).where(eq(users.id, dee.user.id));
  // Fay, never fined, deleted her account: her row keeps the householdId, as deletion does, but she is no member.
  const fay = await buildMember(t.db, household.id, { displayName: "Fay" });
  await t.db
    .update(users)
    .set({ displayName: "Former member", deletedAt: at("2026-05-25T00:00:00Z") })
    .where(eq(users.id, fay.user.id));

  // Another household's fine counts nowhere.
  const elsewhere = await buildHouseholdWithMembers(t.db, 1);
  const [stranger] = elsewhere.members;
  if (!stranger) throw new Error("member missing");
  await buildFine(
    t.db,
    { householdId: elsewhere.household.id, issuerId: elsewhere.owner.user.id, offenderId: stranger.user.id },
    { createdAt: at("2026-03-03T12:00:00Z"), status: "paid", paidAt: at("2026-03-03T13:00:00Z") },
  );

  return { household, ana, ben, cleo, dee, eve, dishes, bins, noise, stranger };
}

const zero = { count: 0, amount: 0 };
const emptyGrid = () => Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));

describe("household insights", () => {
  it("matches the hand-computed figures of a known history", async () => {
    t.clock.set(NOW);
    const { household, ana, ben, cleo, dee, eve, dishes, bins, noise } = await seededFlat();
    const res = await insightsOf(household.id, ben.token, "?from=2026-01-01&to=2026-06-30");
    expect(res.statusCode, res.body).toBe(200);

    const grid = emptyGrid();
    const mark = (weekday: number, hour: number) => {
      const row = grid[weekday];
      if (row) row[hour] = (row[hour] ?? 0) + 1;
    };
    mark(0, 9); // F1 Monday 09
    mark(1, 9); // F2 Tuesday 09
    mark(0, 22); // F3 Monday 22
    mark(5, 23); // F4 Saturday 23
    mark(6, 0); // F5 Sunday 00
    mark(4, 13); // F6 Friday 13
    mark(4, 18); // F7 Friday 18
    mark(5, 18); // F8 Saturday 18

    expect(res.json<{ data: Insights }>().data).toEqual({
      from: "2026-01-01",
      to: "2026-06-30",
      timeZone: "UTC",
      months: [
        // Issued F1 + F2; paid F1 and F9 (issued in December, paid on 10 January).
        { month: "2026-01", issued: { count: 2, amount: 10 }, paid: { count: 2, amount: 10 }, cancelled: zero },
        { month: "2026-02", issued: { count: 1, amount: 3 }, paid: { count: 1, amount: 3 }, cancelled: zero },
        { month: "2026-03", issued: { count: 2, amount: 15 }, paid: zero, cancelled: zero },
        // F5 was issued in March and cancelled in April.
        {
          month: "2026-04",
          issued: { count: 1, amount: 3 },
          paid: { count: 1, amount: 3 },
          cancelled: { count: 1, amount: 5 },
        },
        { month: "2026-05", issued: { count: 2, amount: 13 }, paid: zero, cancelled: { count: 1, amount: 10 } },
        { month: "2026-06", issued: zero, paid: zero, cancelled: zero },
      ],
      members: [
        // Received F3, F6 (paid); issued F1, F2 (F7, cancelled, counts nowhere).
        { userId: ana.user.id, name: "Ana", current: true, owed: 0, paid: 6, issued: 10 },
        // Received F1 (paid), F4 (disputed) and F8 (pending); issued F3 (F5 cancelled).
        { userId: ben.user.id, name: "Ben", current: true, owed: 13, paid: 5, issued: 3 },
        // Received F2 (pending; F5 cancelled; F9 before the period); issued F4, F6.
        { userId: cleo.user.id, name: "Cleo", current: true, owed: 5, paid: 0, issued: 13 },
        { userId: eve.user.id, name: "Eve", current: true, owed: 0, paid: 0, issued: 0 },
        // Dee has left: her F8 still counts, under her name (only a deleted account is 'Former member').
        { userId: dee.user.id, name: "Dee", current: false, owed: 0, paid: 0, issued: 3 },
      ],
      rules: [
        { ruleId: bins.id, title: "Bins", count: 3, amount: 9 }, // F3, F6, F8
        { ruleId: dishes.id, title: "Dishes", count: 2, amount: 10 }, // F1, F2 (F5 cancelled)
        { ruleId: noise.id, title: "Noise", count: 1, amount: 10 }, // F4 (F7 cancelled)
      ],
      // Paid in the period after 12, 24, 48 and 504 hours: the median is (24 + 48) / 2.
      medianHoursToPay: 36,
      // F4, F5 and F6 of the eight issued.
      disputes: { issued: 8, disputed: 3, rate: 0.375, outcomes: { accepted: 1, declined: 1, pending: 1 } },
      daysSinceLastFine: [
        { userId: ana.user.id, name: "Ana", days: 65 }, // F6, 10 Apr 13:00: 65 days 23 hours
        { userId: ben.user.id, name: "Ben", days: 43 }, // F8, 2 May 18:00: 43 days 18 hours
        { userId: cleo.user.id, name: "Cleo", days: 160 }, // F2, 6 Jan 09:10 (F5 cancelled)
        { userId: eve.user.id, name: "Eve", days: null },
      ],
      weekdayHours: grid,
    });
  });

  it("defaults to the last 12 months, today included", async () => {
    t.clock.set(NOW);
    const { household, ana } = await seededFlat();
    const data = (await insightsOf(household.id, ana.token)).json<{ data: Insights }>().data;
    expect(data.from).toBe("2025-07-01");
    expect(data.to).toBe("2026-06-15");
    expect(data.months.map((month) => month.month)).toEqual([
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
    ]);
    // F9 is in the period now: nine fines issued, and December has it.
    expect(data.disputes.issued).toBe(9);
    expect(data.months[5]).toEqual({
      month: "2025-12",
      issued: { count: 1, amount: 5 },
      paid: zero,
      cancelled: zero,
    });
  });

  it("gives a household without fines zeros and nulls", async () => {
    t.clock.set(NOW);
    const { household, owner, members } = await buildHouseholdWithMembers(t.db, 1);
    const res = await insightsOf(household.id, owner.token, "?from=2026-05-10&to=2026-06-15");
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: Insights }>().data;
    expect(data.months).toEqual([
      { month: "2026-05", issued: zero, paid: zero, cancelled: zero },
      { month: "2026-06", issued: zero, paid: zero, cancelled: zero },
    ]);
    expect(data.members.map((member) => [member.owed, member.paid, member.issued])).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(data.rules).toEqual([]);
    expect(data.medianHoursToPay).toBeNull();
    expect(data.disputes).toEqual({
      issued: 0,
      disputed: 0,
      rate: 0,
      outcomes: { accepted: 0, declined: 0, pending: 0 },
    });
    expect(data.daysSinceLastFine.map((row) => row.days)).toEqual([null, null]);
    expect(data.daysSinceLastFine.map((row) => row.userId).sort()).toEqual([owner.user.id, members[0]?.user.id].sort());
    expect(data.weekdayHours).toEqual(emptyGrid());
  });

  it("refuses an end before the start and a period over five years", async () => {
    const { household, owner } = await buildHouseholdWithMembers(t.db, 0);
    const backwards = await insightsOf(household.id, owner.token, "?from=2026-02-01&to=2026-01-01");
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain(DATE_RANGE_MESSAGE);
    const tooLong = await insightsOf(household.id, owner.token, "?from=2015-01-01&to=2026-01-01");
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain(INSIGHTS_RANGE_TOO_LONG_MESSAGE);
    expect((await insightsOf(household.id, owner.token, "?from=yesterday")).statusCode).toBe(400);
    // One end alone is checked against the default of the other (today, or 12 months back).
    const afterToday = await insightsOf(household.id, owner.token, "?from=9999-01-01");
    expect(afterToday.statusCode).toBe(400);
    expect(afterToday.body).toContain(DATE_RANGE_MESSAGE);
    const longAgo = await insightsOf(household.id, owner.token, "?from=0001-01-01");
    expect(longAgo.statusCode).toBe(400);
    expect(longAgo.body).toContain(INSIGHTS_RANGE_TOO_LONG_MESSAGE);
  });

  it("answers for the first and the last day a date can name (found by the fuzzing suite)", async () => {
    const { household, owner } = await buildHouseholdWithMembers(t.db, 0);
    const yearZero = await insightsOf(household.id, owner.token, "?from=0000-01-01&to=0000-01-01");
    expect(yearZero.statusCode, yearZero.body).toBe(200);
    expect(yearZero.json<{ data: Insights }>().data.disputes.issued).toBe(0);
    const res = await insightsOf(household.id, owner.token, "?from=9999-12-31&to=9999-12-31");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Insights }>().data.months.map((month) => month.month)).toEqual(["9999-12"]);
  });
});

describe("people no longer in the household", () => {
  it("keep their names when they left, and are 'Former member' once their accounts are deleted", async () => {
    t.clock.set(NOW);
    const { household, ana, dee } = await seededFlat();
    const period = "?from=2026-01-01&to=2026-06-30";
    const left = (await insightsOf(household.id, ana.token, period)).json<{ data: Insights }>().data;
    expect(left.members.find((member) => member.userId === dee.user.id)?.name).toBe("Dee");
    await t.db.update(users).set({ deletedAt: NOW }).where(eq(users.id, dee.user.id));
    const deleted = (await insightsOf(household.id, ana.token, period)).json<{ data: Insights }>().data;
    expect(deleted.members.find((member) => member.userId === dee.user.id)).toMatchObject({
      name: "Former member",
      current: false,
    });
  });
});

describe("a dispute whose fine was written off", () => {
  it("is closed, not pending: the offender left before anyone reviewed it", async () => {
    t.clock.set(NOW);
    const { household, owner: ana, members } = await buildHouseholdWithMembers(t.db, 1);
    const [ben] = members;
    if (!ben) throw new Error("member missing");
    const fine = await buildFine(
      t.db,
      { householdId: household.id, issuerId: ana.user.id, offenderId: ben.user.id },
      { createdAt: at("2026-06-01T10:00:00Z") },
    );
    const url = `/api/fines/household/${household.id}/fines/${fine.id}/disputes`;
    const raised = await t.request({ method: "POST", url, token: ben.token, payload: { reason: "Not me at all" } });
    expect(raised.statusCode, raised.body).toBe(201);
    const left = await t.request({
      method: "POST",
      url: `/api/households/${household.id}/leave`,
      token: ben.token,
      payload: { confirmWriteOff: true },
    });
    expect(left.statusCode, left.body).toBe(200);

    const data = (await insightsOf(household.id, ana.token)).json<{ data: Insights }>().data;
    expect(data.disputes).toMatchObject({ issued: 1, disputed: 1, outcomes: { accepted: 0, declined: 0, pending: 0 } });
  });
});

describe("kept figures", () => {
  it("are never served once a fine changed, and names and rule titles are always current", async () => {
    t.clock.set(NOW);
    const { household, ana, ben, bins } = await seededFlat();
    const period = "?from=2026-01-01&to=2026-06-30";
    const before = (await insightsOf(household.id, ana.token, period)).json<{ data: Insights }>().data;
    expect(before.members.find((member) => member.userId === ben.user.id)?.owed).toBe(13);

    // Ben pays F8 (£3, Bins) in June; he is renamed and the rule retitled, which no fine's change records.
    await t.db
      .update(fines)
      .set({ status: "paid", paidAt: at("2026-06-10T10:00:00Z") })
      .where(and(eq(fines.offenderId, ben.user.id), eq(fines.status, "pending")));
    await t.db.update(users).set({ displayName: "Benjamin" }).where(eq(users.id, ben.user.id));
    await t.db.update(rules).set({ title: "Recycling" }).where(eq(rules.id, bins.id));

    const after = (await insightsOf(household.id, ana.token, period)).json<{ data: Insights }>().data;
    expect(after.members.find((member) => member.userId === ben.user.id)).toMatchObject({
      name: "Benjamin",
      owed: 10,
      paid: 8,
    });
    expect(after.months.at(-1)?.paid).toEqual({ count: 1, amount: 3 });
    expect(after.rules[0]).toEqual({ ruleId: bins.id, title: "Recycling", count: 3, amount: 9 });
  });
});

describe("who may read insights", () => {
  it("is any member, and nobody else", async () => {
    t.clock.set(NOW);
    const { household, ana, ben, dee, stranger } = await seededFlat();
    expect((await insightsOf(household.id, ana.token)).statusCode).toBe(200);
    expect((await insightsOf(household.id, ben.token)).statusCode).toBe(200); // not the admin
    expect((await insightsOf(household.id, undefined)).statusCode).toBe(401);
    expect((await insightsOf(household.id, dee.token)).statusCode).toBe(403); // a former member
    expect((await insightsOf(household.id, stranger.token)).statusCode).toBe(403);
    expect((await insightsOf(unknownId(), ana.token)).statusCode).toBe(404);
  });
});
