import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, sql } from "drizzle-orm";
import {
  ALREADY_REVERSED_MESSAGE,
  CORRECTION_NOT_REVERSIBLE_MESSAGE,
  CORRECTION_OVERDRAWS_MESSAGE,
  DATE_RANGE_MESSAGE,
  HOUSEHOLD_ADMIN_ONLY_MESSAGE,
  NOTIFICATION_TYPES,
  TRANSACTION_NOT_FOUND_MESSAGE,
  transactionPageSchema,
  transactionSchema,
  type Transaction,
  type TransactionPage,
} from "@housemate/contract";
import { fines, fundBalances, fundEntries, fundMonths, spendingProposals } from "../src/db/schema.js";
import { lockHousehold } from "../src/lib/household-lock.js";
import { createTestContext, type TestContext } from "./helpers/app.js";
import { TEST_ENGINE } from "./helpers/database.js";
import { buildFine, buildFlatOfThree, buildHouseholdWithMembers, buildRule, unknownId } from "./helpers/factories.js";
import { listen, openSocket, type TestSocket } from "./helpers/socket-client.js";

/**
 * Issue 17, docs/decisions/034: the fund is an append-only ledger. Its invariants hold in the database whatever writes
 * to it; its history is read filtered, sorted and paged; an admin corrects an entry by reversing it, once, and never
 * below zero; and every member's open socket hears that the fund changed.
 */

let t: TestContext;
let socketUrl: string;
let realNow: Date;
beforeAll(async () => {
  t = await createTestContext();
  realNow = t.clock.now;
  socketUrl = await listen(t.app);
});
afterEach(() => t.clock.set(realNow));
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);

/** Ana (the admin) with Ben and Cleo, two rules; Dan is the admin of a household of his own. */
async function flat() {
  const { household, ana, ben, cleo } = await buildFlatOfThree(t.db);
  const dishes = await buildRule(t.db, household.id, ana.user.id, { title: "Dishes" });
  const bins = await buildRule(t.db, household.id, ana.user.id, { title: "Bins" });
  const dan = (await buildHouseholdWithMembers(t.db, 0)).owner;
  return { household, ana, ben, cleo, dan, dishes, bins };
}
type Flat = Awaited<ReturnType<typeof flat>>;
type Member = Flat["ben"];

const base = (w: Flat) => `/api/balance/household/${w.household.id}`;

/** `offender` pays, through the API, a fine Ana issued under `rule` (Dishes by default), when the clock says. */
async function paid(
  w: Pick<Flat, "household" | "ana" | "dishes">,
  offender: Member,
  amountMinor: number,
  rule = w.dishes,
): Promise<string> {
  const fine = await buildFine(
    t.db,
    { householdId: w.household.id, issuerId: w.ana.user.id, offenderId: offender.user.id, ruleId: rule.id },
    { amountMinor },
  );
  const res = await t.request({
    method: "PUT",
    url: `/api/fines/household/${w.household.id}/fines/${fine.id}/pay`,
    token: offender.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [entry] = await t.db.select().from(fundEntries).where(eq(fundEntries.fineId, fine.id));
  if (!entry) throw new Error("the paid fine has no income entry");
  return entry.id;
}

/**
 * Spending as a passed proposal leaves the fund: written straight into the tables, since the ledger's own rules are
 * what is tested here (the proposals' routes are tested on their own).
 */
async function spent(w: Flat, proposer: Member, amountMinor: number, when = t.clock.now, title = "Pizza night") {
  const [proposal] = await t.db
    .insert(spendingProposals)
    .values({
      householdId: w.household.id,
      proposedBy: proposer.user.id,
      title,
      amountMinor,
      status: "passed",
      closesAt: new Date(when.getTime() + 7 * DAY),
      decidedAt: when,
      createdAt: when,
    })
    .returning();
  if (!proposal) throw new Error("proposal not created");
  const [entry] = await t.db
    .insert(fundEntries)
    .values({
      householdId: w.household.id,
      type: "spending",
      amountMinor: -amountMinor,
      description: title,
      memberId: proposer.user.id,
      proposalId: proposal.id,
      createdAt: when,
    })
    .returning();
  if (!entry) throw new Error("spending not written");
  return entry.id;
}

const reverse = (w: Flat, entryId: string, reason = "Paid by mistake", token = w.ana.token) =>
  t.request({ method: "POST", url: `${base(w)}/transactions/${entryId}/reverse`, token, payload: { reason } });

async function reversed(w: Flat, entryId: string, reason?: string): Promise<Transaction> {
  const res = await reverse(w, entryId, reason);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Transaction }>().data;
}

const history = (w: Flat, query = "", token = w.ana.token) =>
  t.request({ method: "GET", url: `${base(w)}/transactions${query ? `?${query}` : ""}`, token });

async function page(w: Flat, query = "", token = w.ana.token): Promise<TransactionPage> {
  const res = await history(w, query, token);
  expect(res.statusCode, res.body).toBe(200);
  return transactionPageSchema.parse(res.json());
}
const idsOf = async (w: Flat, query = "") => (await page(w, query)).data.map((entry) => entry.id);

const balanceOf = async (w: Flat) =>
  (await t.request({ method: "GET", url: `${base(w)}/balance`, token: w.ben.token })).json<{
    data: { balance: number };
  }>().data.balance;
const statsOf = async (w: Flat) =>
  (await t.request({ method: "GET", url: `${base(w)}/balance/stats`, token: w.ben.token })).json<{
    data: {
      netChange: number;
      totalIncome: number;
      totalSpent: number;
      monthly: { month: string; income: number; spending: number }[];
    };
  }>().data;

/** The three ways the database knows the fund: the sum of its entries, its balance row, and the count of its rows. */
async function ledgerOf(householdId: string) {
  const [summed] = await t.db
    .select({ sum: sql<string | null>`sum(${fundEntries.amountMinor})`, entries: count() })
    .from(fundEntries)
    .where(eq(fundEntries.householdId, householdId));
  const [stored] = await t.db.select().from(fundBalances).where(eq(fundBalances.householdId, householdId));
  return { sum: Number(summed?.sum ?? 0), entries: summed?.entries ?? 0, balance: stored?.balanceMinor };
}

/** Until another connection of this database waits for a lock (PostgreSQL only). */
async function waitForALockWait() {
  for (let tries = 0; tries < 200; tries++) {
    const [waiting] = await t.db
      .select({ count: count() })
      .from(sql`pg_stat_activity`)
      .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
    if ((waiting?.count ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("no connection waited for a lock");
}

/** The name of the constraint (or trigger's) the database refused a statement by, walking Drizzle's wrapping. */
async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
      if ("constraint" in cause && typeof cause.constraint === "string") return cause.constraint;
    }
    throw error;
  }
  throw new Error("the database accepted the statement");
}

describe("the ledger's invariants", () => {
  it("keeps sum(entries) = the balance row = GET balance = totalIncome − totalSpent through payments, spending and corrections", async () => {
    const w = await flat();
    const small = await paid(w, w.ben, 250);
    await paid(w, w.cleo, 300, w.bins);
    await paid(w, w.ben, 1000);
    const pizza = await spent(w, w.cleo, 400);
    await spent(w, w.ben, 200, t.clock.now, "Bin bags");
    await reversed(w, small, "Ben paid twice by mistake");
    await reversed(w, pizza, "The pizza was refunded");

    const ledger = await ledgerOf(w.household.id);
    expect(ledger).toEqual({ sum: 1100, entries: 7, balance: 1100 });
    expect(await balanceOf(w)).toBe(11);
    const stats = await statsOf(w);
    expect(stats).toMatchObject({ totalIncome: 13, totalSpent: 2, netChange: 11 });
    expect(stats.totalIncome - stats.totalSpent).toBe(11);
    // The monthly totals the stats read, kept by the trigger, say the same as the entries they were made from.
    const months = await t.db.select().from(fundMonths).where(eq(fundMonths.householdId, w.household.id));
    const sumOf = (pick: (row: (typeof months)[number]) => number) => months.reduce((sum, row) => sum + pick(row), 0);
    expect({ income: sumOf((row) => row.incomeMinor), spent: sumOf((row) => row.spentMinor) }).toEqual({
      income: 1300,
      spent: 200,
    });
  });

  it("refuses to update or delete an entry", async () => {
    const w = await flat();
    const entry = await paid(w, w.ben, 250);
    expect(await refusal(t.db.update(fundEntries).set({ amountMinor: 1 }).where(eq(fundEntries.id, entry)))).toBe(
      "fund_entries_append_only",
    );
    expect(
      await refusal(t.db.update(fundEntries).set({ description: "Nothing" }).where(eq(fundEntries.id, entry))),
    ).toBe("fund_entries_append_only");
    expect(await refusal(t.db.delete(fundEntries).where(eq(fundEntries.id, entry)))).toBe("fund_entries_append_only");
    expect(await ledgerOf(w.household.id)).toEqual({ sum: 250, entries: 1, balance: 250 });
  });

  it("refuses an entry that would take the balance below zero, whoever writes it", async () => {
    const w = await flat();
    await paid(w, w.ben, 250);
    expect(await refusal(spent(w, w.cleo, 251))).toBe("fund_balances_never_negative");
    await spent(w, w.cleo, 250);
    expect(await ledgerOf(w.household.id)).toEqual({ sum: 0, entries: 2, balance: 0 });
  });

  it("refuses a correction that is not the exact opposite, reverses another household's entry, or a correction", async () => {
    const w = await flat();
    const other = await flat();
    await paid(w, w.cleo, 1000);
    const income = await paid(w, w.ben, 500);
    const elsewhere = await paid(other, other.ben, 500);
    const correction = (reversesId: string, amountMinor: number) =>
      t.db.insert(fundEntries).values({
        householdId: w.household.id,
        type: "correction",
        amountMinor,
        description: "Typed by hand",
        memberId: w.ana.user.id,
        reversesId,
      });
    expect(await refusal(correction(income, -400))).toBe("fund_entries_correction_reverses");
    expect(await refusal(correction(income, 500))).toBe("fund_entries_correction_reverses");
    expect(await refusal(correction(elsewhere, -500))).toBe("fund_entries_correction_reverses");
    const fixed = await reversed(w, income);
    expect(await refusal(correction(fixed.id, 500))).toBe("fund_entries_correction_reverses");
    expect(await refusal(correction(income, -500))).toBe("fund_entries_reverses_id_unique");
    expect(await ledgerOf(w.household.id)).toEqual({ sum: 1000, entries: 3, balance: 1000 });
    expect(await ledgerOf(other.household.id)).toEqual({ sum: 500, entries: 1, balance: 500 });
  });

  it("queues a payment behind spending written under the household's lock, as a vote writes it, without a deadlock", async () => {
    const w = await flat();
    await paid(w, w.ben, 1000);
    const fine = await buildFine(
      t.db,
      { householdId: w.household.id, issuerId: w.ana.user.id, offenderId: w.cleo.user.id, ruleId: w.dishes.id },
      { amountMinor: 300 },
    );
    const [proposal] = await t.db
      .insert(spendingProposals)
      .values({ householdId: w.household.id, title: "Pizza night", amountMinor: 400, closesAt: t.clock.now })
      .returning();
    if (!proposal) throw new Error("proposal not created");

    let payment: ReturnType<typeof t.request> | undefined;
    await t.db.transaction(async (tx) => {
      await lockHousehold(tx, w.household.id);
      payment = t.request({
        method: "PUT",
        url: `/api/fines/household/${w.household.id}/fines/${fine.id}/pay`,
        token: w.cleo.token,
      });
      // On PostgreSQL the payment's income entry waits for the household's lock (PGlite runs one transaction at a
      // time): only then is the spending written, so the two meet as a vote and a payment would.
      if (TEST_ENGINE === "postgres") await waitForALockWait();
      await tx.insert(fundEntries).values({
        householdId: w.household.id,
        type: "spending",
        amountMinor: -400,
        description: "Pizza night",
        proposalId: proposal.id,
      });
    });
    const res = await payment;
    expect(res?.statusCode, res?.body).toBe(200);
    expect(await ledgerOf(w.household.id)).toEqual({ sum: 900, entries: 3, balance: 900 });
  });

  it("goes with the household when its last member leaves, balance and all", async () => {
    const { household, owner: ana, members } = await buildHouseholdWithMembers(t.db, 1);
    const ben = members[0];
    if (!ben) throw new Error("member missing");
    await paid({ household, ana, dishes: await buildRule(t.db, household.id, ana.user.id) }, ben, 700);
    expect(await ledgerOf(household.id)).toEqual({ sum: 700, entries: 1, balance: 700 });

    const leave = (member: Member, payload: object) =>
      t.request({ method: "POST", url: `/api/households/${household.id}/leave`, token: member.token, payload });
    expect((await leave(ben, {})).statusCode).toBe(200);
    expect((await leave(ana, { confirmDeleteHousehold: true })).statusCode).toBe(200);
    expect(await ledgerOf(household.id)).toEqual({ sum: 0, entries: 0, balance: undefined });
  });

  it("settles a fine paid as its offender leaves once, either way, without a deadlock", async () => {
    // The leave holds the household and then writes off the fines owed; the payment holds its fine and then cites the
    // household (its income entry, its notification). Several rounds, as the two meet in either order.
    for (let round = 0; round < 5; round++) {
      const w = await flat();
      const fine = await buildFine(
        t.db,
        { householdId: w.household.id, issuerId: w.ana.user.id, offenderId: w.ben.user.id, ruleId: w.dishes.id },
        { amountMinor: 400 },
      );
      const [payment, leaving] = await Promise.all([
        t.request({
          method: "PUT",
          url: `/api/fines/household/${w.household.id}/fines/${fine.id}/pay`,
          token: w.ben.token,
        }),
        t.request({
          method: "POST",
          url: `/api/households/${w.household.id}/leave`,
          token: w.ben.token,
          payload: { confirmWriteOff: true },
        }),
      ]);
      expect(leaving.statusCode, leaving.body).toBe(200);
      // Paid first (the leave then owes nothing), or written off first (the payment refused).
      expect([200, 409, 403], payment.body).toContain(payment.statusCode);
      const entries = payment.statusCode === 200 ? 1 : 0;
      expect(await ledgerOf(w.household.id)).toMatchObject({ sum: 400 * entries, entries });
    }
  });

  it("makes one income entry of a fine inserted as paid, and one of a fine updated to paid, however often it is saved", async () => {
    const w = await flat();
    const people = { householdId: w.household.id, issuerId: w.ana.user.id, offenderId: w.ben.user.id };
    const insertedPaid = await buildFine(t.db, people, { amountMinor: 150, status: "paid", paidAt: t.clock.now });
    const pending = await buildFine(t.db, people, { amountMinor: 350 });
    const entriesOf = async (fineId: string) =>
      (await t.db.select().from(fundEntries).where(eq(fundEntries.fineId, fineId))).length;
    expect(await entriesOf(insertedPaid.id)).toBe(1);
    expect(await entriesOf(pending.id)).toBe(0);

    await t.db.update(fines).set({ status: "paid", paidAt: t.clock.now }).where(eq(fines.id, pending.id));
    await t.db.update(fines).set({ status: "paid", description: "Saved again" }).where(eq(fines.id, pending.id));
    expect(await entriesOf(pending.id)).toBe(1);
    const [income] = await t.db
      .select()
      .from(fundEntries)
      .where(and(eq(fundEntries.fineId, pending.id), eq(fundEntries.type, "income")));
    expect(income).toMatchObject({ amountMinor: 350, memberId: w.ben.user.id, ruleId: pending.ruleId });
    expect(await ledgerOf(w.household.id)).toEqual({ sum: 500, entries: 2, balance: 500 });
  });
});

describe("stats", () => {
  it("count spending and corrections in the last 30 days' netChange, and against what they reverse in the totals", async () => {
    const w = await flat();
    t.clock.set(new Date(realNow.getTime() - 40 * DAY));
    const old = await paid(w, w.ben, 1000);
    t.clock.set(realNow);
    await paid(w, w.cleo, 500);
    await spent(w, w.cleo, 300);
    await reversed(w, old, "Ben's fine was a mistake");

    expect(await statsOf(w)).toMatchObject({ netChange: -8, totalIncome: 5, totalSpent: 3 });
    expect(await balanceOf(w)).toBe(2);
  });

  it("give 12 UTC months oldest first, each entry in its own month, a correction in the month it was made", async () => {
    const w = await flat();
    const when = async <T>(iso: string, step: () => Promise<T>): Promise<T> => {
      t.clock.set(at(iso));
      return step();
    };
    await when("2025-03-31T23:59:59.999Z", () => paid(w, w.ben, 9900)); // before the 12 months
    const april = await when("2025-04-01T00:00:00.000Z", () => paid(w, w.ben, 250));
    await when("2026-01-31T23:59:59.999Z", () => paid(w, w.cleo, 300));
    await spent(w, w.ben, 400, at("2026-02-01T00:00:00.000Z"));
    await when("2026-03-02T10:00:00.000Z", () => paid(w, w.cleo, 500));
    await when("2026-03-10T10:00:00.000Z", () => reversed(w, april, "April's fine was cancelled"));
    t.clock.set(at("2026-03-15T12:00:00.000Z"));

    const { monthly } = await statsOf(w);
    expect(monthly.map((m) => m.month)).toEqual([
      "2025-04",
      "2025-05",
      "2025-06",
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
    ]);
    const month = (m: string) => monthly.find((entry) => entry.month === m);
    expect(month("2025-04")).toEqual({ month: "2025-04", income: 2.5, spending: 0 });
    expect(month("2026-01")).toEqual({ month: "2026-01", income: 3, spending: 0 });
    expect(month("2026-02")).toEqual({ month: "2026-02", income: 0, spending: 4 });
    // March: £5.00 paid, less April's £2.50 reversed in March: a correction counts when it was made (decision 034).
    expect(month("2026-03")).toEqual({ month: "2026-03", income: 2.5, spending: 0 });
    expect(monthly.filter((m) => m.income !== 0 || m.spending !== 0)).toHaveLength(4);
  });
});

describe("the transaction history", () => {
  /** Five entries on five days, and what each is. */
  async function scene() {
    const w = await flat();
    const on = async (iso: string, step: () => Promise<string>) => {
      t.clock.set(at(iso));
      return step();
    };
    const benDishes = await on("2026-05-01T09:00:00.000Z", () => paid(w, w.ben, 250));
    const cleoBins = await on("2026-05-01T23:59:59.999Z", () => paid(w, w.cleo, 1000, w.bins));
    const benBins = await on("2026-05-02T00:00:00.000Z", () => paid(w, w.ben, 500, w.bins));
    const pizza = await spent(w, w.cleo, 500, at("2026-05-03T12:00:00.000Z"));
    const correction = await on("2026-05-04T12:00:00.000Z", async () => (await reversed(w, benDishes)).id);
    t.clock.set(realNow);
    return { w, benDishes, cleoBins, benBins, pizza, correction };
  }

  it("lists every entry newest first, with its money, its people and the correction that reversed it", async () => {
    const s = await scene();
    const all = await page(s.w);
    expect(all.page).toEqual({ page: 1, limit: 20, total: 5 });
    expect(all.data.map((entry) => entry.id)).toEqual([s.correction, s.pizza, s.benBins, s.cleoBins, s.benDishes]);
    const [correction, pizza, , cleoBins, benDishes] = all.data;
    expect(benDishes).toMatchObject({
      type: "income",
      amount: 2.5,
      description: "Dishes",
      member_id: s.w.ben.user.id,
      rule_id: s.w.dishes.id,
      reversed_by_id: s.correction,
      created_at: "2026-05-01T09:00:00.000Z",
    });
    expect(benDishes?.fine_id).not.toBeNull();
    expect(cleoBins).toMatchObject({ amount: 10, description: "Bins", reversed_by_id: null });
    expect(pizza).toMatchObject({ type: "spending", amount: -5, description: "Pizza night", rule_id: null });
    expect(pizza?.proposal_id).not.toBeNull();
    expect(correction).toMatchObject({
      type: "correction",
      amount: -2.5,
      member_id: s.w.ana.user.id,
      reverses_id: s.benDishes,
      reversed_by_id: null,
    });
    // Every member reads it, not only the admin.
    expect((await page(s.w, "", s.w.cleo.token)).page.total).toBe(5);
  });

  it("filters by type, member and rule, the total counting what matches", async () => {
    const s = await scene();
    expect(await idsOf(s.w, "type=income")).toEqual([s.benBins, s.cleoBins, s.benDishes]);
    expect(await idsOf(s.w, "type=spending")).toEqual([s.pizza]);
    expect(await idsOf(s.w, "type=correction")).toEqual([s.correction]);
    expect(await idsOf(s.w, `member=${s.w.ben.user.id}`)).toEqual([s.benBins, s.benDishes]);
    expect(await idsOf(s.w, `member=${s.w.cleo.user.id}`)).toEqual([s.pizza, s.cleoBins]);
    expect(await idsOf(s.w, `member=${s.w.ana.user.id}`)).toEqual([s.correction]);
    expect(await idsOf(s.w, `rule=${s.w.dishes.id}`)).toEqual([s.benDishes]);
    expect(await idsOf(s.w, `rule=${s.w.bins.id}&member=${s.w.ben.user.id}`)).toEqual([s.benBins]);
    expect((await page(s.w, `type=income&rule=${s.w.bins.id}`)).page.total).toBe(2);
    expect(await page(s.w, `member=${s.w.dan.user.id}`)).toEqual({ data: [], page: { page: 1, limit: 20, total: 0 } });
  });

  it("takes from and to as whole UTC days, both included", async () => {
    const s = await scene();
    expect(await idsOf(s.w, "from=2026-05-02")).toEqual([s.correction, s.pizza, s.benBins]);
    expect(await idsOf(s.w, "to=2026-05-01")).toEqual([s.cleoBins, s.benDishes]);
    expect(await idsOf(s.w, "from=2026-05-01&to=2026-05-01")).toEqual([s.cleoBins, s.benDishes]);
    expect(await idsOf(s.w, "from=2026-05-02&to=2026-05-03")).toEqual([s.pizza, s.benBins]);
    expect(await idsOf(s.w, "from=2026-05-05")).toEqual([]);
    expect((await page(s.w, "type=income&from=2026-05-01&to=2026-05-01")).page.total).toBe(2);
  });

  it("takes the calendar's first and last days, which PostgreSQL cannot write as timestamps, without an error", async () => {
    const s = await scene();
    expect((await page(s.w, "from=0000-01-01&to=9999-12-31")).page.total).toBe(5);
    expect((await page(s.w, "from=9999-12-31")).page.total).toBe(0);
    expect((await page(s.w, "to=0000-01-01")).page.total).toBe(0);
    expect((await page(s.w, "to=0001-01-01")).page.total).toBe(0);
  });

  it("sorts by date or by the amount's size, either way, ties broken the same way every time", async () => {
    const s = await scene();
    const newestFirst = [s.correction, s.pizza, s.benBins, s.cleoBins, s.benDishes];
    expect(await idsOf(s.w, "sort=date&order=desc")).toEqual(newestFirst);
    expect(await idsOf(s.w, "sort=date&order=asc")).toEqual([...newestFirst].reverse());
    // £10 > £5 spent = £5 paid (newer first) > £2.50 reversed = £2.50 paid (newer first).
    expect(await idsOf(s.w, "sort=amount&order=desc")).toEqual([
      s.cleoBins,
      s.pizza,
      s.benBins,
      s.correction,
      s.benDishes,
    ]);
    expect(await idsOf(s.w, "sort=amount&order=asc")).toEqual([
      s.correction,
      s.benDishes,
      s.pizza,
      s.benBins,
      s.cleoBins,
    ]);
  });

  it("orders entries made at the same instant by id", async () => {
    const w = await flat();
    const instant = at("2026-06-01T12:00:00.000Z");
    t.clock.set(instant);
    const made = [await paid(w, w.ben, 100), await paid(w, w.cleo, 100), await paid(w, w.ben, 100)];
    const byId = [...made].sort();
    expect(await idsOf(w, "order=asc")).toEqual(byId);
    expect(await idsOf(w, "order=desc")).toEqual([...byId].reverse());
    expect(await idsOf(w, "sort=amount&order=asc")).toEqual([...byId].reverse());
  });

  it("pages by number, the pages adding up to the whole list, a page past the end empty", async () => {
    const s = await scene();
    const whole = await idsOf(s.w, "sort=amount");
    const pages = [await page(s.w, "sort=amount&limit=2&page=1"), await page(s.w, "sort=amount&limit=2&page=2")];
    const last = await page(s.w, "sort=amount&limit=2&page=3");
    expect(pages.map((p) => p.data.length)).toEqual([2, 2]);
    expect(last.data).toHaveLength(1);
    expect([...pages, last].flatMap((p) => p.data.map((entry) => entry.id))).toEqual(whole);
    expect(last.page).toEqual({ page: 3, limit: 2, total: 5 });
    expect(await page(s.w, "sort=amount&limit=2&page=4")).toEqual({ data: [], page: { page: 4, limit: 2, total: 5 } });
    expect((await page(s.w, "limit=100")).data).toHaveLength(5);
  });

  it.each([
    ["from=2026-05-03&to=2026-05-02", "querystring.to", DATE_RANGE_MESSAGE],
    ["from=2026-5-3", "querystring.from", "Dates are written YYYY-MM-DD"],
    ["page=0", "querystring.page", null],
    ["limit=101", "querystring.limit", null],
    ["limit=0", "querystring.limit", null],
    ["member=not-a-uuid", "querystring.member", null],
    ["rule=1", "querystring.rule", null],
    ["type=refund", "querystring.type", null],
    ["sort=title", "querystring.sort", null],
  ])("refuses %s with 400 naming the field", async (query, path, message) => {
    const s = await flat();
    const res = await history(s, query);
    expect(res.statusCode).toBe(400);
    const { error } = res.json<{ error: { code: string; message: string; details: { path: string }[] } }>();
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.details.map((detail) => detail.path)).toContain(path);
    if (message) expect(error.message).toBe(message);
  });
});

describe("reversing an entry", () => {
  it("answers 201 with the correction, and the history shows the entry reversed by it", async () => {
    const w = await flat();
    const income = await paid(w, w.ben, 250);
    t.clock.set(at("2026-07-01T08:30:00.000Z"));
    const res = await reverse(w, income, "  Ben paid in cash instead  ");
    expect(res.statusCode).toBe(201);
    const correction = transactionSchema.parse(res.json<{ data: unknown }>().data);
    expect(correction).toEqual({
      id: correction.id,
      household_id: w.household.id,
      type: "correction",
      amount: -2.5,
      description: "Ben paid in cash instead",
      created_at: "2026-07-01T08:30:00.000Z",
      member_id: w.ana.user.id,
      fine_id: null,
      rule_id: null,
      proposal_id: null,
      reverses_id: income,
      reversed_by_id: null,
    });
    const listed = await page(w, "type=income");
    expect(listed.data[0]).toMatchObject({ id: income, reversed_by_id: correction.id });
    expect(await balanceOf(w)).toBe(0);
  });

  it("gives spending back to the fund", async () => {
    const w = await flat();
    await paid(w, w.ben, 1000);
    const pizza = await spent(w, w.cleo, 600);
    expect((await reversed(w, pizza, "Refunded")).amount).toBe(6);
    expect(await balanceOf(w)).toBe(10);
  });

  it("is the admin's alone: a member, another household's admin and someone who left are refused", async () => {
    const w = await flat();
    const income = await paid(w, w.ben, 250);
    const asBen = await reverse(w, income, "Mine", w.ben.token);
    expect(asBen.statusCode).toBe(403);
    expect(asBen.json().error).toMatchObject({ code: "FORBIDDEN", message: HOUSEHOLD_ADMIN_ONLY_MESSAGE });
    expect((await reverse(w, income, "Not mine", w.dan.token)).statusCode).toBe(403);
    expect((await t.request({ method: "POST", url: `${base(w)}/transactions/${income}/reverse` })).statusCode).toBe(
      401,
    );
    const left = await t.request({
      method: "POST",
      url: `/api/households/${w.household.id}/leave`,
      token: w.cleo.token,
      payload: {},
    });
    expect(left.statusCode, left.body).toBe(200);
    expect((await history(w, "", w.cleo.token)).statusCode).toBe(403);
    expect((await history(w, "", w.dan.token)).statusCode).toBe(403);
    expect((await reverse(w, income, "Still here?", w.cleo.token)).statusCode).toBe(403);
    expect(await balanceOf(w)).toBe(2.5);
  });

  it("answers 404 for an entry that is not the household's, and for a household that does not exist", async () => {
    const w = await flat();
    const other = await flat();
    const elsewhere = await paid(other, other.ben, 250);
    for (const id of [unknownId(), elsewhere]) {
      const res = await reverse(w, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: "NOT_FOUND", message: TRANSACTION_NOT_FOUND_MESSAGE });
    }
    const nowhere = await t.request({
      method: "POST",
      url: `/api/balance/household/${unknownId()}/transactions/${elsewhere}/reverse`,
      token: w.ana.token,
      payload: { reason: "Lost" },
    });
    expect(nowhere.statusCode).toBe(404);
    const nowhereListed = await t.request({
      method: "GET",
      url: `/api/balance/household/${unknownId()}/transactions`,
      token: w.ana.token,
    });
    expect(nowhereListed.statusCode).toBe(404);
    expect(await ledgerOf(other.household.id)).toEqual({ sum: 250, entries: 1, balance: 250 });
  });

  it("refuses a correction, an entry already reversed, and income the fund has since spent, with 409", async () => {
    const w = await flat();
    const first = await paid(w, w.ben, 500);
    const second = await paid(w, w.cleo, 300);
    const correction = await reversed(w, first);
    const expectConflict = async (entryId: string, message: string) => {
      const res = await reverse(w, entryId);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: "CONFLICT", message });
    };
    await expectConflict(correction.id, CORRECTION_NOT_REVERSIBLE_MESSAGE);
    await expectConflict(first, ALREADY_REVERSED_MESSAGE);
    await spent(w, w.ana, 200);
    await expectConflict(second, CORRECTION_OVERDRAWS_MESSAGE);
    expect(await ledgerOf(w.household.id)).toEqual({ sum: 100, entries: 4, balance: 100 });
  });

  it("refuses a reason that is empty or too long", async () => {
    const w = await flat();
    const income = await paid(w, w.ben, 500);
    const empty = await reverse(w, income, "   ");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe("Give a reason for the correction");
    expect((await reverse(w, income, "x".repeat(201))).statusCode).toBe(400);
    expect(await balanceOf(w)).toBe(5);
  });

  it("reverses an entry once when 20 admins' requests race: one 201, nineteen 409s", async () => {
    const w = await flat();
    await paid(w, w.cleo, 1000);
    const income = await paid(w, w.ben, 400);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => reverse(w, income, `Race ${i}`)));
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const res of results.filter((r) => r.statusCode === 409)) {
      expect(res.json().error).toMatchObject({ code: "CONFLICT", message: ALREADY_REVERSED_MESSAGE });
    }
    expect(await ledgerOf(w.household.id)).toEqual({ sum: 1000, entries: 3, balance: 1000 });
    expect(await balanceOf(w)).toBe(10);
  });
});

describe("live", () => {
  /** Every in-app notification turned off, through the API: the fund still reaches their socket. */
  async function silence(member: Member) {
    for (const type of NOTIFICATION_TYPES) {
      const res = await t.request({
        method: "PUT",
        url: `/api/notifications/preferences/${type.id}`,
        token: member.token,
        payload: { in_app_enabled: false, email_enabled: false },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  async function opened(member: Member): Promise<TestSocket> {
    const socket = await openSocket(socketUrl, member.token);
    await socket.next("notification_count");
    return socket;
  }

  it("tells every member's open socket that the fund changed after a payment and after a reversal, preferences or not", async () => {
    const w = await flat();
    await silence(w.cleo);
    const sockets = [await opened(w.ana), await opened(w.ben), await opened(w.cleo)];
    const outsider = await opened(w.dan);
    const heardByAll = () =>
      Promise.all(sockets.map((socket) => socket.next("fund_changed", (m) => m.data.household_id === w.household.id)));

    const income = await paid(w, w.ben, 250);
    await heardByAll();
    await reversed(w, income);
    await heardByAll();

    outsider.send({ type: "ping" });
    await outsider.next("pong");
    expect(outsider.received.filter((message) => message.type === "fund_changed")).toEqual([]);
    for (const socket of [...sockets, outsider]) socket.close();
  });

  it("tells no one when a reversal is refused", async () => {
    const w = await flat();
    const income = await paid(w, w.ben, 250);
    await reversed(w, income);
    const socket = await opened(w.ben);
    expect((await reverse(w, income)).statusCode).toBe(409);
    socket.send({ type: "ping" });
    await socket.next("pong");
    expect(socket.received.filter((message) => message.type === "fund_changed")).toEqual([]);
    socket.close();
  });
});
