import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import {
  FINE_PAGE_MAX,
  finePageSchema,
  INVALID_CURSOR_MESSAGE,
  WRITTEN_OFF_LEFT_REASON,
  type FinePage,
} from "@housemate/contract";
import { fines } from "../src/db/schema.js";
import { encodeCursor } from "../src/lib/page-cursor.js";
import { createTestContext, type TestContext } from "./helpers/app.js";
import { buildFine, buildFlatOfThree, buildRule, unknownId } from "./helpers/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** Ana, Ben and Cleo share a flat; `fine` issues one there, Ben's from Ana unless told otherwise. */
async function flat() {
  const people = await buildFlatOfThree(t.db);
  const { household, ana, ben } = people;
  const rule = await buildRule(t.db, household.id, ana.user.id);
  const fine = (overrides: Parameters<typeof buildFine>[2] = {}, by = ana, to = ben) =>
    buildFine(
      t.db,
      { householdId: household.id, issuerId: by.user.id, offenderId: to.user.id, ruleId: rule.id },
      overrides,
    );
  return { ...people, fine };
}

async function page(url: string, token: string): Promise<FinePage> {
  const res = await t.request({ method: "GET", url, token });
  expect(res.statusCode, res.body).toBe(200);
  return finePageSchema.parse(res.json());
}

/** Every page of `url` in turn, following next_cursor: the ids in the order they came. */
async function walk(url: string, token: string, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 1_000; pages += 1) {
    const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
    const answer = await page(`${url}${url.includes("?") ? "&" : "?"}${query.toString()}`, token);
    expect(answer.data.length).toBeLessThanOrEqual(limit);
    seen.push(...answer.data.map((f) => f.id));
    cursor = answer.page.next_cursor;
    if (!cursor) return seen;
  }
  throw new Error("the pages never ended");
}

/** The listed fines of a household as PostgreSQL orders them: what every walk must give back (none written off here). */
const newestFirst = async (householdId: string) =>
  (
    await t.db
      .select({ id: fines.id })
      .from(fines)
      .where(and(eq(fines.householdId, householdId), ne(fines.status, "cancelled")))
      .orderBy(desc(fines.createdAt), desc(fines.id))
  ).map((row) => row.id);

describe("a list of fines is a page", () => {
  it("answers the newest 10 by default, as many as asked up to the maximum, and every fine once across the pages", async () => {
    const w = await flat();
    for (let i = 0; i < 23; i += 1) await w.fine();
    const url = `/api/fines/household/${w.household.id}`;
    const first = await page(url, w.cleo.token);
    const all = await newestFirst(w.household.id);
    expect(first.data.map((f) => f.id)).toEqual(all.slice(0, 10));
    expect(first.page.total).toBe(23);
    expect(first.page.next_cursor).toEqual(expect.any(String));
    expect((await page(`${url}?limit=3`, w.cleo.token)).data.map((f) => f.id)).toEqual(all.slice(0, 3));
    const everything = await page(`${url}?limit=${FINE_PAGE_MAX}`, w.cleo.token);
    expect(everything.data).toHaveLength(23);
    expect(everything.page.next_cursor).toBeNull();

    for (const limit of [1, 4, 10, 23]) expect(await walk(url, w.cleo.token, limit)).toEqual(all);
    expect(await walk("/api/fines", w.ben.token, 7)).toEqual(all);
    expect(await walk(`/api/fines/user/${w.ben.user.id}`, w.cleo.token, 5)).toEqual(all);
  });

  it("walks fines issued within one millisecond, and at the very same microsecond, each exactly once and in order", async () => {
    const w = await flat();
    const micros = ["000001", "000002", "000002", "000002", "000500", "000999", "000999"];
    for (const [index, tail] of micros.entries()) {
      const issued = await w.fine({ description: `Fine ${index}` });
      await t.db.execute(
        sql`update fines set created_at = ${`2026-03-01T10:00:00.123${tail}Z`}::timestamptz where id = ${issued.id}`,
      );
    }
    // One more in the previous and the next millisecond, so pages end inside the millisecond from both sides.
    await t.db.execute(
      sql`update fines set created_at = '2026-03-01T10:00:00.122999Z' where id = ${(await w.fine()).id}`,
    );
    await t.db.execute(
      sql`update fines set created_at = '2026-03-01T10:00:00.124000Z' where id = ${(await w.fine()).id}`,
    );
    const all = await newestFirst(w.household.id);
    expect(all).toHaveLength(9);
    for (const limit of [1, 2, 3, 4])
      expect(await walk(`/api/fines/household/${w.household.id}`, w.ana.token, limit)).toEqual(all);
  });

  it("counts and sums the whole list: total and amount follow the status asked for, by_status never does", async () => {
    const w = await flat();
    await w.fine({ amountMinor: 110 });
    await w.fine({ amountMinor: 220, status: "paid" });
    await w.fine({ amountMinor: 330, status: "paid" }, w.ana, w.cleo);
    await w.fine({ amountMinor: 1, status: "disputed" }, w.ben, w.cleo);
    // 0.1 + 0.2 in minor units: the sum is exact.
    await w.fine({ amountMinor: 10 }, w.cleo, w.ana);
    await w.fine({ amountMinor: 20 }, w.cleo, w.ana);
    // An accepted dispute's fine is not listed; one written off when Ben left is, and counts as neither owed nor paid.
    await w.fine({ amountMinor: 999, status: "cancelled" });
    const writtenOff = await w.fine({ amountMinor: 250, status: "cancelled", cancelReason: WRITTEN_OFF_LEFT_REASON });
    const url = `/api/fines/household/${w.household.id}`;
    const byStatus = { pending: 3, paid: 2, disputed: 1, cancelled: 1 };

    expect((await page(url, w.ben.token)).page).toMatchObject({ total: 7, amount: 9.41, by_status: byStatus });
    const cancelled = await page(`${url}?status=cancelled`, w.ben.token);
    expect(cancelled.page).toMatchObject({ total: 1, amount: 2.5, by_status: byStatus });
    expect(cancelled.data).toMatchObject([
      { id: writtenOff.id, status: "cancelled", cancel_reason: WRITTEN_OFF_LEFT_REASON },
    ]);
    // "£x to pay" never counts a written-off fine.
    const pendingOnly = await page(`${url}?status=pending`, w.ben.token);
    expect(pendingOnly.page).toMatchObject({ total: 3, amount: 1.4 });
    const paid = await page(`${url}?status=paid`, w.ben.token);
    expect(paid.page).toMatchObject({ total: 2, amount: 5.5, by_status: byStatus, next_cursor: null });
    expect(paid.data.every((f) => f.status === "paid")).toBe(true);
    const cleos = await page(`${url}?created_by=${w.cleo.user.id}&status=pending`, w.ben.token);
    expect(cleos.page).toMatchObject({ total: 2, amount: 0.3, by_status: { pending: 2, paid: 0, disputed: 0 } });
    expect(cleos.data.map((f) => f.created_by)).toEqual([w.cleo.user.id, w.cleo.user.id]);
    const toCleo = await page(`/api/fines/user/${w.cleo.user.id}?status=disputed`, w.ana.token);
    expect(toCleo.page).toMatchObject({ total: 1, amount: 0.01, by_status: { pending: 0, paid: 1, disputed: 1 } });
    const mine = await page(`/api/fines?created_by=${w.ana.user.id}`, w.cleo.token);
    expect(mine.page).toMatchObject({
      total: 4,
      amount: 9.1,
      by_status: { pending: 1, paid: 2, disputed: 0, cancelled: 1 },
    });
    const nobody = await page(`${url}?created_by=${unknownId()}`, w.ben.token);
    expect(nobody).toEqual({
      data: [],
      page: { total: 0, amount: 0, next_cursor: null, by_status: { pending: 0, paid: 0, disputed: 0, cancelled: 0 } },
    });
  });

  it("stands still while fines arrive: the next page starts where the last one ended", async () => {
    const w = await flat();
    for (let i = 0; i < 6; i += 1) await w.fine();
    const url = `/api/fines/household/${w.household.id}`;
    const before = await newestFirst(w.household.id);
    const first = await page(`${url}?limit=3`, w.ana.token);
    const arrived = await w.fine();
    const second = await page(`${url}?limit=3&cursor=${first.page.next_cursor}`, w.ana.token);
    expect([...first.data, ...second.data].map((f) => f.id)).toEqual(before);
    expect(second.page.total).toBe(7);
    expect((await page(url, w.ana.token)).data[0]?.id).toBe(arrived.id);
  });

  it("leaves out a fine cancelled by an accepted dispute, from the page and from its counts", async () => {
    const w = await flat();
    const kept = await w.fine({ amountMinor: 100 });
    const contested = await w.fine({ amountMinor: 500 });
    const lifecycle = `/api/fines/household/${w.household.id}/fines/${contested.id}`;
    const disputed = await t.request({
      method: "POST",
      url: `${lifecycle}/disputes`,
      token: w.ben.token,
      payload: { reason: "Not my pans" },
    });
    const disputeId = disputed.json().data.dispute.id as string;
    const accepted = await t.request({
      method: "PUT",
      url: `${lifecycle}/disputes/${disputeId}`,
      token: w.ana.token,
      payload: { action: "accept", reason: "Fair enough" },
    });
    expect(accepted.statusCode).toBe(200);
    for (const url of [`/api/fines/household/${w.household.id}`, "/api/fines", `/api/fines/user/${w.ben.user.id}`]) {
      const answer = await page(url, w.ben.token);
      expect(answer.data.map((f) => f.id)).toEqual([kept.id]);
      expect(answer.page).toMatchObject({ total: 1, amount: 1, by_status: { pending: 1, paid: 0, disputed: 0 } });
    }
  });

  it("answers another household's cursor on yours with your own fines only", async () => {
    const ours = await flat();
    const theirs = await flat();
    for (let i = 0; i < 3; i += 1) await ours.fine();
    for (let i = 0; i < 3; i += 1) await theirs.fine();
    const theirFirst = await page(`/api/fines/household/${theirs.household.id}?limit=1`, theirs.ana.token);
    const cursor = theirFirst.page.next_cursor;
    expect(cursor).not.toBeNull();
    const answer = await page(`/api/fines/household/${ours.household.id}?limit=10&cursor=${cursor}`, ours.ana.token);
    expect(answer.data.every((f) => f.household_id === ours.household.id)).toBe(true);
    expect(answer.page.total).toBe(3);
    const refused = await t.request({
      method: "GET",
      url: `/api/fines/household/${theirs.household.id}?cursor=${cursor}`,
      token: ours.ana.token,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe("kept pages (decision 014)", () => {
  it("never serves a kept page after a fine changed: the first page, a filtered one and a later one", async () => {
    const w = await flat();
    for (let i = 0; i < 4; i += 1) await w.fine();
    const url = `/api/fines/household/${w.household.id}`;
    const second = (await page(`${url}?limit=2`, w.ana.token)).page.next_cursor ?? "";
    const ask = (query: string) => page(`${url}?${query}`, w.cleo.token);
    const queries = ["limit=10", "status=pending", `limit=2&cursor=${second}`];
    const before = await Promise.all(queries.map(ask));
    // Asked again with the same question, in another order: the same bytes.
    expect(await ask("status=pending")).toEqual(before[1]);
    const [, , paying] = await newestFirst(w.household.id);
    if (!paying) throw new Error("fine missing");
    // Straight to the database, as another instance would: the trigger bumps the household's fines_version.
    await t.db.update(fines).set({ status: "paid" }).where(eq(fines.id, paying));
    const [all, pending, later] = await Promise.all(queries.map(ask));
    expect(all?.data.find((f) => f.id === paying)?.status).toBe("paid");
    expect(all?.page.by_status).toEqual({ pending: 3, paid: 1, disputed: 0, cancelled: 0 });
    expect(pending?.data.map((f) => f.id)).not.toContain(paying);
    expect(pending?.page.total).toBe(3);
    expect(later?.data.find((f) => f.id === paying)?.status).toBe("paid");
  });
});

describe("a page that cannot be", () => {
  const forged = (text: string) => Buffer.from(text).toString("base64url");
  const BAD_CURSORS = [
    "not-a-cursor",
    "!!!!",
    "%00",
    forged("1700000000000000"),
    forged(`1700000000000000.${"x".repeat(36)}`),
    forged(`-5.${unknownId()}`),
    forged(`17e14.${unknownId()}`),
    forged(`999999999999999999.${unknownId()}`),
    forged(`1700000000000000.${unknownId()}'; drop table fines; --`),
    `${encodeCursor({ micros: "1700000000000000", id: unknownId() })}=`,
    `${encodeCursor({ micros: "1700000000000000", id: unknownId() })}.`,
  ];

  it("refuses a cursor it did not write with the catalogue's 400, on every list", async () => {
    const w = await flat();
    await w.fine();
    for (const base of [`/api/fines/household/${w.household.id}`, "/api/fines", `/api/fines/user/${w.ben.user.id}`]) {
      for (const cursor of BAD_CURSORS) {
        const res = await t.request({
          method: "GET",
          url: `${base}?cursor=${encodeURIComponent(cursor)}`,
          token: w.ana.token,
        });
        expect(res.statusCode, `${base} ${cursor}`).toBe(400);
        expect(res.json().error).toMatchObject({
          code: "VALIDATION_ERROR",
          message: INVALID_CURSOR_MESSAGE,
          details: [{ path: "querystring.cursor", message: INVALID_CURSOR_MESSAGE }],
        });
      }
    }
  });

  it("refuses a limit or a status outside the contract, naming the field", async () => {
    const w = await flat();
    const url = `/api/fines/household/${w.household.id}`;
    for (const query of [
      "limit=0",
      `limit=${FINE_PAGE_MAX + 1}`,
      "limit=2.5",
      "limit=ten",
      "status=written_off",
      "status=PAID",
      "created_by=me",
      `cursor=${"a".repeat(201)}`,
    ]) {
      const res = await t.request({ method: "GET", url: `${url}?${query}`, token: w.ana.token });
      expect(res.statusCode, query).toBe(400);
      const field = query.split("=")[0];
      expect(res.json().error).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: `querystring.${field}` }] });
    }
  });
});
