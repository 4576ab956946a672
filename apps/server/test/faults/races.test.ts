import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { disputes, fines, households, mailOutbox, notifications, sessions, users } from "../../src/db/schema.js";
import { createTestContext, type TestContext } from "../helpers/app.js";
import { buildFine, buildHouseholdWithMembers, buildMember, buildRule } from "../helpers/factories.js";
import { linkIn } from "../helpers/smtp.js";

/**
 * Issue 9 'Races': twenty requests at once on the same object have exactly one effect — one status change,
 * one record, one notification, one email — and the other nineteen are told why (409, or 401 for a spent
 * link). On PostgreSQL they really run side by side; on PGlite they interleave on one connection.
 */
const AT_ONCE = 20;

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const times = <T>(n: number, fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => fn(i)));
const statuses = (answers: Array<{ statusCode: number }>) => answers.map((a) => a.statusCode).sort();
const oneAnd = (winner: number, rest: number) => [winner, ...Array<number>(AT_ONCE - 1).fill(rest)].sort();

/** Ana issued Ben a pending £5.00 fine; Cleo lives there too. */
async function flat() {
  const { household, owner: ana, members } = await buildHouseholdWithMembers(t.db, 2);
  const [ben, cleo] = members;
  if (!ben || !cleo) throw new Error("members missing");
  const rule = await buildRule(t.db, household.id, ana.user.id, { title: "Dishes left overnight" });
  const fine = await buildFine(
    t.db,
    { householdId: household.id, issuerId: ana.user.id, offenderId: ben.user.id, ruleId: rule.id },
    { amountMinor: 500 },
  );
  const url = `/api/fines/household/${household.id}/fines/${fine.id}`;
  return { household, ana, ben, cleo, fine, url };
}
type Flat = Awaited<ReturnType<typeof flat>>;

const pay = (w: Flat) => t.request({ method: "PUT", url: `${w.url}/pay`, token: w.ben.token });
const dispute = (w: Flat, i = 0) =>
  t.request({
    method: "POST",
    url: `${w.url}/disputes`,
    token: w.ben.token,
    payload: { reason: `I washed them, honestly (${i})` },
  });
const review = (w: Flat, disputeId: string, action: "accept" | "decline", i = 0) =>
  t.request({
    method: "PUT",
    url: `${w.url}/disputes/${disputeId}`,
    token: w.ana.token,
    payload: { action, reason: `Seen them at midnight (${i})` },
  });

const storedFine = async (w: Flat) => (await t.db.select().from(fines).where(eq(fines.id, w.fine.id)))[0];
const notified = (userId: string, typeId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.typeId, typeId)));
const balanceOf = async (w: Flat) =>
  (
    await t.request({ method: "GET", url: `/api/balance/household/${w.household.id}/balance`, token: w.ana.token })
  ).json().data.balance;
const occurrences = (text: string, marker: string) => text.split(marker).length - 1;

describe(`${AT_ONCE} concurrent requests on one fine`, () => {
  it("pays it once: one 200, the rest 409, counted once in the balance, the issuer told once", async () => {
    const w = await flat();
    const answers = await times(AT_ONCE, () => pay(w));
    expect(statuses(answers)).toEqual(oneAnd(200, 409));
    expect(await storedFine(w)).toMatchObject({ status: "paid", paidAt: expect.any(Date) });
    expect(await balanceOf(w)).toBe(5);
    expect(await notified(w.ana.user.id, "fine_paid")).toHaveLength(1);
  });

  it("disputes it once: one dispute record, the reason appended once, the issuer told once", async () => {
    const w = await flat();
    const answers = await times(AT_ONCE, (i) => dispute(w, i));
    expect(statuses(answers)).toEqual(oneAnd(201, 409));
    expect(await t.db.select().from(disputes).where(eq(disputes.fineId, w.fine.id))).toHaveLength(1);
    const fine = await storedFine(w);
    expect(fine?.status).toBe("disputed");
    expect(occurrences(fine?.description ?? "", "Dispute reason:")).toBe(1);
    expect(await notified(w.ana.user.id, "fine_disputed")).toHaveLength(1);
  });

  it("reviews the dispute once, accepts and declines mixed: the winner's outcome only, the offender told once", async () => {
    const w = await flat();
    const disputed = await dispute(w);
    expect(disputed.statusCode).toBe(201);
    const disputeId = disputed.json().data.dispute.id as string;

    const answers = await times(AT_ONCE, (i) => review(w, disputeId, i % 2 ? "accept" : "decline", i));
    expect(statuses(answers)).toEqual(oneAnd(200, 409));
    const winner = answers.find((a) => a.statusCode === 200)?.json().data.dispute.status as "accepted" | "declined";

    const [record] = await t.db.select().from(disputes).where(eq(disputes.id, disputeId));
    expect(record?.status).toBe(winner);
    const fine = await storedFine(w);
    if (winner === "accepted") {
      expect(fine?.status).toBe("cancelled");
    } else {
      expect(fine).toMatchObject({ status: "pending", disputeRejected: true });
    }
    expect(occurrences(fine?.description ?? "", "Dispute declined:")).toBe(winner === "declined" ? 1 : 0);
    expect(await notified(w.ben.user.id, "dispute_resolved")).toHaveLength(1);
  });

  it("lets one of paying and disputing win, never both", async () => {
    const w = await flat();
    const answers = await times(AT_ONCE, (i) => (i % 2 ? pay(w) : dispute(w, i)));
    const won = answers.filter((a) => a.statusCode < 300);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(AT_ONCE - 1);
    const fine = await storedFine(w);
    const rows = await t.db.select().from(disputes).where(eq(disputes.fineId, w.fine.id));
    if (fine?.status === "paid") {
      expect(rows).toHaveLength(0);
      expect(await balanceOf(w)).toBe(5);
    } else {
      expect(fine?.status).toBe("disputed");
      expect(rows).toHaveLength(1);
      expect(await balanceOf(w)).toBe(0);
    }
  });
});

describe(`${AT_ONCE} concurrent uses of one sign-in link`, () => {
  it("make one session; the rest are refused", async () => {
    const email = "race-link@example.com";
    const login = await t.request({ method: "POST", url: "/api/auth/login", payload: { email } });
    expect(login.statusCode).toBe(200);
    const link = linkIn(await t.smtp.waitFor(email, () => true, 15_000), "/auth/verify");

    const answers = await times(AT_ONCE, () => t.request({ method: "GET", url: `/api/auth/verify${link.search}` }));
    expect(statuses(answers)).toEqual(oneAnd(200, 401));
    const accounts = await t.db.select().from(users).where(eq(users.email, email));
    expect(accounts).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, accounts[0]?.id ?? "")),
    ).toHaveLength(1);
  });
});

describe(`${AT_ONCE} concurrent joins`, () => {
  const join = (householdId: string, token: string) =>
    t.request({ method: "POST", url: `/api/households/${householdId}/join`, token, payload: {} });

  it("of one household by one person: one membership, the members told once", async () => {
    const { household, owner } = await buildHouseholdWithMembers(t.db, 0);
    const bob = await buildMember(t.db);
    const answers = await times(AT_ONCE, () => join(household.id, bob.token));
    expect(statuses(answers)).toEqual(oneAnd(200, 409));
    const [row] = await t.db.select().from(users).where(eq(users.id, bob.user.id));
    expect(row?.householdId).toBe(household.id);
    expect(await notified(owner.user.id, "household_joined")).toHaveLength(1);
  });

  it(`of ${AT_ONCE} households by one person: exactly one of them`, async () => {
    const targets = await times(AT_ONCE, async () => (await buildHouseholdWithMembers(t.db, 0)).household.id);
    const bob = await buildMember(t.db);
    const answers = await times(AT_ONCE, (i) => join(targets[i] ?? "", bob.token));
    expect(statuses(answers)).toEqual(oneAnd(200, 409));
    const winner = answers.find((a) => a.statusCode === 200)?.json().data.household.id;
    const [row] = await t.db.select().from(users).where(eq(users.id, bob.user.id));
    expect(row?.householdId).toBe(winner);
  });

  it(`of one household by ${AT_ONCE} people: every one of them a member, none lost`, async () => {
    const { household } = await buildHouseholdWithMembers(t.db, 0);
    const people = await times(AT_ONCE, () => buildMember(t.db));
    const answers = await times(AT_ONCE, (i) => join(household.id, people[i]?.token ?? ""));
    expect(statuses(answers)).toEqual(Array<number>(AT_ONCE).fill(200));
    const members = await t.db.select({ id: users.id }).from(users).where(eq(users.householdId, household.id));
    expect(members).toHaveLength(AT_ONCE + 1);
  });

  it("of creating a household by one person: one household", async () => {
    const ana = await buildMember(t.db);
    const answers = await times(AT_ONCE, (i) =>
      t.request({ method: "POST", url: "/api/households", token: ana.token, payload: { name: `Flat ${i}` } }),
    );
    expect(statuses(answers)).toEqual(oneAnd(201, 409));
    expect(await t.db.select().from(households).where(eq(households.createdBy, ana.user.id))).toHaveLength(1);
  });
});

describe("mail of a race", () => {
  it("is queued once for the one effect", async () => {
    const w = await flat();
    await times(AT_ONCE, () => pay(w));
    const [ana] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, w.ana.user.id));
    const queued = await t.db
      .select()
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.to, [ana?.email ?? ""]), eq(mailOutbox.subject, `${w.household.name}: Fine paid`)));
    expect(queued).toHaveLength(1);
  });
});
