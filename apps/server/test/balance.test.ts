import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { fundEntries, notifications } from "../src/db/schema.js";
import { createTestContext, type TestContext } from "./helpers/app.js";
import { buildFine, buildHouseholdWithMembers, buildRule, buildSession, unknownId } from "./helpers/factories.js";

let t: TestContext;
let realNow: Date;
beforeAll(async () => {
  t = await createTestContext();
  realNow = t.clock.now;
});
afterEach(() => t.clock.set(realNow));
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

/** Ana issues fines to Ben; Dan lives elsewhere. */
async function flat() {
  const { household, owner: ana, members } = await buildHouseholdWithMembers(t.db, 1);
  const ben = members[0];
  if (!ben) throw new Error("member missing");
  const dan = (await buildHouseholdWithMembers(t.db, 0)).owner;
  const rule = await buildRule(t.db, household.id, ana.user.id);
  const fineOf = (amountMinor: number, status = "pending") =>
    buildFine(
      t.db,
      { householdId: household.id, issuerId: ana.user.id, offenderId: ben.user.id, ruleId: rule.id },
      { amountMinor, status },
    );
  return { household, ana, ben, dan, fineOf };
}
type Flat = Awaited<ReturnType<typeof flat>>;

const pay = (w: Flat, fineId: string, token = w.ben.token) =>
  t.request({ method: "PUT", url: `/api/fines/household/${w.household.id}/fines/${fineId}/pay`, token });
const balanceOf = async (w: Flat, token = w.ana.token) =>
  (await t.request({ method: "GET", url: `/api/balance/household/${w.household.id}/balance`, token })).json().data;
const statsOf = async (w: Flat, token = w.ana.token) =>
  (await t.request({ method: "GET", url: `/api/balance/household/${w.household.id}/balance/stats`, token })).json()
    .data;

describe("the fine fund", () => {
  it("is the sum of paid fines only", async () => {
    const w = await flat();
    expect(await balanceOf(w)).toEqual({ balance: 0 });
    const paid = await w.fineOf(250);
    await w.fineOf(1000); // pending
    await w.fineOf(700, "disputed");
    await w.fineOf(900, "cancelled");
    expect((await pay(w, paid.id)).statusCode).toBe(200);
    expect(await balanceOf(w)).toEqual({ balance: 2.5 });
    expect(await balanceOf(w, w.ben.token)).toEqual({ balance: 2.5 });
  });

  it("adds amounts exactly, however many cents", async () => {
    const w = await flat();
    // Issued through the API as 0.1 and 0.2, ten times each: floating point would drift, minor units do not.
    for (let i = 0; i < 10; i++) {
      for (const amount of [0.1, 0.2]) {
        const res = await t.request({
          method: "POST",
          url: "/api/fines",
          token: w.ana.token,
          payload: {
            offender_id: w.ben.user.id,
            rule_id: (await buildRule(t.db, w.household.id, w.ana.user.id)).id,
            amount,
            household_id: w.household.id,
          },
        });
        expect(res.statusCode).toBe(201);
        expect((await pay(w, res.json().data.id)).statusCode).toBe(200);
      }
    }
    expect(await balanceOf(w)).toEqual({ balance: 3 });
    expect(await statsOf(w)).toMatchObject({ netChange: 3, totalIncome: 3, totalSpent: 0 });
  });

  it("reports the last 30 days as netChange and everything as totalIncome, by when fines were paid", async () => {
    const w = await flat();
    const early = await w.fineOf(1234);
    const late = await w.fineOf(199);
    expect((await pay(w, early.id)).statusCode).toBe(200);
    expect(await statsOf(w)).toMatchObject({ netChange: 12.34, totalIncome: 12.34, totalSpent: 0 });

    t.clock.advance(31 * DAY);
    // Sessions are checked against the moved clock too: sign in again.
    const ben = await buildSession(t.db, w.ben.user.id, new Date(t.clock.now.getTime() + DAY));
    const ana = await buildSession(t.db, w.ana.user.id, new Date(t.clock.now.getTime() + DAY));
    expect(await statsOf(w, ana)).toMatchObject({ netChange: 0, totalIncome: 12.34, totalSpent: 0 });
    expect((await pay(w, late.id, ben)).statusCode).toBe(200);
    expect(await statsOf(w, ana)).toMatchObject({ netChange: 1.99, totalIncome: 14.33, totalSpent: 0 });
    expect(await balanceOf(w, ana)).toEqual({ balance: 14.33 });
  });

  it("counts a fine paid by 20 concurrent requests once", async () => {
    const w = await flat();
    const fine = await w.fineOf(500);
    const results = await Promise.all(Array.from({ length: 20 }, () => pay(w, fine.id)));
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const res of results.filter((r) => r.statusCode === 409)) {
      expect(res.json().error).toMatchObject({ code: "CONFLICT", message: "This fine has already been paid." });
    }
    expect(await balanceOf(w)).toEqual({ balance: 5 });
    expect(await statsOf(w)).toMatchObject({ netChange: 5, totalIncome: 5, totalSpent: 0 });
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, w.ana.user.id), eq(notifications.typeId, "fine_paid")));
    expect(told).toHaveLength(1);
    // The ledger's trigger wrote one income entry, by the one update that made the fine paid.
    const income = await t.db.select().from(fundEntries).where(eq(fundEntries.fineId, fine.id));
    expect(income).toMatchObject([{ type: "income", amountMinor: 500, memberId: w.ben.user.id }]);
  });
});

describe("authorization matrix", () => {
  const routes = [
    { name: "GET /balance/household/{id}/balance", url: (id: string) => `/api/balance/household/${id}/balance` },
    {
      name: "GET /balance/household/{id}/balance/stats",
      url: (id: string) => `/api/balance/household/${id}/balance/stats`,
    },
    {
      name: "GET /balance/household/{id}/transactions",
      url: (id: string) => `/api/balance/household/${id}/transactions`,
    },
  ];
  const cases = routes.flatMap((route) =>
    (
      [
        ["signed out", 401],
        ["issuer", 200],
        ["offender", 200],
        ["member of another household", 403],
        ["unknown household", 404],
      ] as const
    ).map(([who, status]) => ({ ...route, who, status })),
  );

  it.each(cases)("$name as $who → $status", async ({ url, who, status }) => {
    const w = await flat();
    const token = {
      "signed out": undefined,
      issuer: w.ana.token,
      offender: w.ben.token,
      "member of another household": w.dan.token,
      "unknown household": w.ana.token,
    }[who];
    const id = who === "unknown household" ? unknownId() : w.household.id;
    const res = await t.request({ method: "GET", url: url(id), token });
    expect(res.statusCode).toBe(status);
  });
});
