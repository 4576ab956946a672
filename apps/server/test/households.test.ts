import { readdir, readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql, TransactionRollbackError } from "drizzle-orm";
import { z } from "zod";
import { HOUSEHOLD_ADMIN_ONLY_MESSAGE, HOUSEHOLD_NOT_FOUND_MESSAGE, JOIN_BY_ID_OFF_MESSAGE } from "@housemate/contract";
import { households, invites, magicLinks, notifications, users } from "../src/db/schema.js";
import { randomToken, sha256 } from "../src/lib/tokens.js";
import { ALREADY_MEMBER_CREATE_MESSAGE, ALREADY_MEMBER_MESSAGE } from "../src/features/households/membership.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import { buildHousehold, buildHouseholdWithMembers, buildMember, unknownId } from "./helpers/factories.js";
// Issue 22's reminder settings (the last describe).
import { ACTIVITY_DETAILS, REMINDER_DAYS_MESSAGE, REMINDER_ORDER_MESSAGE } from "@housemate/contract";
import { activityLog } from "../src/db/schema.js";
import { presentHousehold } from "../src/features/households/presenter.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function userRow(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe("creating a household", () => {
  it("makes the creator its first member and admin", async () => {
    const ana = await buildMember(t.db);
    const res = await t.request({
      method: "POST",
      url: "/api/households",
      token: ana.token,
      payload: { name: "  The Cozy Flat ", created_by: ana.user.id, iso_4217_code: "GBP" },
    });
    expect(res.statusCode).toBe(201);
    const household = res.json().data;
    expect(household).toEqual({
      id: expect.any(String),
      name: "The Cozy Flat",
      created_by: ana.user.id,
      iso_4217_code: "GBP",
      created_at: expect.any(String),
      // SPEC's "household ID" people share: the id itself until an admin rotates it (docs/decisions/020).
      join_code: household.id,
      join_by_id: true,
      // Issue 22: reminders start at the contract's REMINDER_DEFAULTS.
      first_reminder_days: 3,
      second_reminder_days: 7,
      issuer_notice_days: 14,
    });
    expect(await userRow(ana.user.id)).toMatchObject({ householdId: household.id, isAdmin: true });

    const read = await t.request({ method: "GET", url: `/api/households/${household.id}`, token: ana.token });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(household);
  });

  it("keeps fines in US dollars when no currency is sent", async () => {
    const ana = await buildMember(t.db);
    const res = await t.request({
      method: "POST",
      url: "/api/households",
      token: ana.token,
      payload: { name: "Flat" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.iso_4217_code).toBe("USD");
  });

  it.each([
    ["an empty name", { name: "   " }, "Household name is required"],
    ["a name over 80 characters", { name: "x".repeat(81) }, "Household name can be at most 80 characters"],
    ["a currency outside SPEC's twelve", { name: "Flat", iso_4217_code: "BTC" }, undefined],
  ])("refuses %s", async (_, payload, message) => {
    const ana = await buildMember(t.db);
    const res = await t.request({ method: "POST", url: "/api/households", token: ana.token, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_ERROR");
    if (message) expect(res.json().error.message).toBe(message);
    expect((await userRow(ana.user.id))?.householdId).toBeNull();
  });

  it("accepts a name of exactly 80 characters", async () => {
    const ana = await buildMember(t.db);
    const res = await t.request({
      method: "POST",
      url: "/api/households",
      token: ana.token,
      payload: { name: "x".repeat(80) },
    });
    expect(res.statusCode).toBe(201);
  });

  it("does not create a household in someone else's name", async () => {
    const ana = await buildMember(t.db);
    const bob = await buildMember(t.db);
    const res = await t.request({
      method: "POST",
      url: "/api/households",
      token: ana.token,
      payload: { name: "Flat", created_by: bob.user.id },
    });
    expect(res.statusCode).toBe(403);
    expect((await userRow(bob.user.id))?.householdId).toBeNull();
  });

  it("refuses a second household with 409 and leaves no empty household behind", async () => {
    const { owner } = await buildHouseholdWithMembers(t.db, 0);
    const before = await t.db.select().from(households);
    const res = await t.request({
      method: "POST",
      url: "/api/households",
      token: owner.token,
      payload: { name: "Second" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: "CONFLICT", message: ALREADY_MEMBER_CREATE_MESSAGE });
    expect(await t.db.select().from(households)).toHaveLength(before.length);
  });
});

describe("joining a household by its ID", () => {
  it("adds the user as a member who is not an admin and returns the household", async () => {
    const { household, owner } = await buildHouseholdWithMembers(t.db, 0);
    const bob = await buildMember(t.db);
    const res = await t.request({
      method: "POST",
      url: `/api/households/${household.id}/join`,
      token: bob.token,
      payload: { user_id: bob.user.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ success: true, household: { id: household.id, name: household.name } });
    expect(await userRow(bob.user.id)).toMatchObject({ householdId: household.id, isAdmin: false });

    const members = await t.request({
      method: "GET",
      url: `/api/users?householdId=${household.id}`,
      token: owner.token,
    });
    expect(
      members
        .json()
        .data.map((m: { id: string }) => m.id)
        .sort(),
    ).toEqual([owner.user.id, bob.user.id].sort());
  });

  it("records a household_joined notification for each of the other members", async () => {
    const { household, owner, members } = await buildHouseholdWithMembers(t.db, 1);
    const bob = await buildMember(t.db, undefined, { displayName: "Bob Stone" });
    const res = await t.request({
      method: "POST",
      url: `/api/households/${household.id}/join`,
      token: bob.token,
      payload: {},
    });
    expect(res.statusCode).toBe(200);

    const rows = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.householdId, household.id), eq(notifications.typeId, "household_joined")));
    expect(rows.map((r) => r.userId).sort()).toEqual([owner.user.id, members[0]?.user.id].sort());
    expect(rows[0]?.message).toContain("Bob Stone");
  });

  it("answers an unknown household with 404 'Household not found'", async () => {
    const bob = await buildMember(t.db);
    const res = await t.request({
      method: "POST",
      url: `/api/households/${unknownId()}/join`,
      token: bob.token,
      payload: {},
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(HOUSEHOLD_NOT_FOUND_MESSAGE);
  });

  it("refuses a second household with 409", async () => {
    const first = await buildHouseholdWithMembers(t.db, 1);
    const second = await buildHouseholdWithMembers(t.db, 0);
    const mover = first.members[0];
    if (!mover) throw new Error("no member");
    const res = await t.request({
      method: "POST",
      url: `/api/households/${second.household.id}/join`,
      token: mover.token,
      payload: {},
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ALREADY_MEMBER_MESSAGE);
    expect((await userRow(mover.user.id))?.householdId).toBe(first.household.id);
  });

  it("does not join someone else", async () => {
    const { household } = await buildHouseholdWithMembers(t.db, 0);
    const ana = await buildMember(t.db);
    const bob = await buildMember(t.db);
    const res = await t.request({
      method: "POST",
      url: `/api/households/${household.id}/join`,
      token: ana.token,
      payload: { user_id: bob.user.id },
    });
    expect(res.statusCode).toBe(403);
    expect((await userRow(bob.user.id))?.householdId).toBeNull();
    expect((await userRow(ana.user.id))?.householdId).toBeNull();
  });

  it("lets exactly one of ten concurrent joins by one user succeed", async () => {
    const targets = await Promise.all(
      Array.from({ length: 10 }, async () => (await buildHouseholdWithMembers(t.db, 0)).household),
    );
    const bob = await buildMember(t.db);
    const answers = await Promise.all(
      targets.map((h) =>
        t.request({
          method: "POST",
          url: `/api/households/${h.id}/join`,
          token: bob.token,
          payload: { user_id: bob.user.id },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
    const winner = answers.find((a) => a.statusCode === 200)?.json().data.household.id;
    expect((await userRow(bob.user.id))?.householdId).toBe(winner);

    const told = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.typeId, "household_joined"),
          eq(notifications.message, `${bob.user.displayName} joined your household`),
        ),
      );
    expect(told.map((n) => n.householdId)).toEqual([winner]);
  });

  it("lets exactly one of two concurrent creates by one user succeed", async () => {
    const ana = await buildMember(t.db);
    const before = (await t.db.select().from(households)).length;
    const answers = await Promise.all(
      ["One", "Two"].map((name) =>
        t.request({ method: "POST", url: "/api/households", token: ana.token, payload: { name } }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(households)).toHaveLength(before + 1);
  });
});

describe("reading a household", () => {
  it("answers another household's member with SPEC's 403 and an unknown id with 404", async () => {
    const { household } = await buildHouseholdWithMembers(t.db, 0);
    const other = await buildHouseholdWithMembers(t.db, 0);
    const forbidden = await t.request({
      method: "GET",
      url: `/api/households/${household.id}`,
      token: other.owner.token,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe("You don't have permission to access this resource.");
    const missing = await t.request({ method: "GET", url: `/api/households/${unknownId()}`, token: other.owner.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(HOUSEHOLD_NOT_FOUND_MESSAGE);
  });
});

// ---------------------------------------------------------------------------------------------
// Issue 13 item 5: the household ID is a join code the admin can switch off and rotate (docs/decisions/020).
// ---------------------------------------------------------------------------------------------

const joinBy = (code: string, token: string) =>
  t.request({ method: "POST", url: `/api/households/${code}/join`, token, payload: {} });
const rotate = (householdId: string, token: string) =>
  t.request({ method: "POST", url: `/api/households/${householdId}/join-code`, token });
const setJoinById = (householdId: string, token: string, joinById: boolean) =>
  t.request({ method: "PATCH", url: `/api/households/${householdId}`, token, payload: { join_by_id: joinById } });

/** Signs `email` in through a sign-in link that carries `inviteCode`, as POST /auth/login would send it. */
async function verifyWithInvite(email: string, inviteCode: string) {
  const token = randomToken();
  await t.db.insert(magicLinks).values({
    tokenHash: sha256(token),
    email,
    inviteCode,
    expiresAt: new Date(t.clock.now.getTime() + 10 * 60_000),
  });
  return t.request({ method: "GET", url: `/api/auth/verify?token=${token}` });
}

describe("joining by the household ID, which the admin can rotate and switch off", () => {
  it("joins by the household's id as SPEC has it, before any rotation", async () => {
    const { household, owner } = await buildHouseholdWithMembers(t.db, 0);
    const read = await t.request({ method: "GET", url: `/api/households/${household.id}`, token: owner.token });
    expect(read.json().data).toMatchObject({ join_code: household.id, join_by_id: true });

    const bob = await buildMember(t.db);
    expect((await joinBy(household.id, bob.token)).statusCode).toBe(200);
    expect((await userRow(bob.user.id))?.householdId).toBe(household.id);
  });

  it("after a rotation refuses the old ID with 404 and joins by the new code", async () => {
    const { household, owner } = await buildHouseholdWithMembers(t.db, 0);
    const rotated = await rotate(household.id, owner.token);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const newCode = rotated.json().data.join_code as string;
    expect(rotated.json().data).toMatchObject({ id: household.id, join_by_id: true });
    expect(newCode).not.toBe(household.id);

    const bob = await buildMember(t.db);
    const stale = await joinBy(household.id, bob.token);
    expect(stale.statusCode).toBe(404);
    expect(stale.json().error.message).toBe(HOUSEHOLD_NOT_FOUND_MESSAGE);
    expect((await userRow(bob.user.id))?.householdId).toBeNull();

    const fresh = await joinBy(newCode, bob.token);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().data.household).toMatchObject({ id: household.id, join_code: newCode });
    expect((await userRow(bob.user.id))?.householdId).toBe(household.id);

    // A second rotation retires the first new code too.
    const again = (await rotate(household.id, owner.token)).json().data.join_code as string;
    const cleo = await buildMember(t.db);
    expect((await joinBy(newCode, cleo.token)).statusCode).toBe(404);
    expect((await joinBy(again, cleo.token)).statusCode).toBe(200);
  });

  it("refuses joining by ID with 403 while it is off, and joins again once it is back on", async () => {
    const { household, owner, members } = await buildHouseholdWithMembers(t.db, 1);
    const off = await setJoinById(household.id, owner.token, false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ id: household.id, join_code: household.id, join_by_id: false });

    const bob = await buildMember(t.db);
    const refused = await joinBy(household.id, bob.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: "FORBIDDEN", message: JOIN_BY_ID_OFF_MESSAGE });
    expect((await userRow(bob.user.id))?.householdId).toBeNull();
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.householdId, household.id), eq(notifications.typeId, "household_joined")));
    expect(told).toEqual([]);

    // Every member sees the setting.
    const seen = await t.request({ method: "GET", url: `/api/households/${household.id}`, token: members[0]?.token });
    expect(seen.json().data).toMatchObject({ join_by_id: false });

    expect((await setJoinById(household.id, owner.token, true)).json().data.join_by_id).toBe(true);
    expect((await joinBy(household.id, bob.token)).statusCode).toBe(200);
  });

  it("still lets people in by invite link while joining by ID is off", async () => {
    const { household, owner } = await buildHouseholdWithMembers(t.db, 0);
    await setJoinById(household.id, owner.token, false);
    const invite = await t.request({
      method: "POST",
      url: `/api/households/${household.id}/invites`,
      token: owner.token,
    });
    const code = (invite.json().data.inviteUrl as string).slice(`${PUBLIC_URL}/invite/`.length);

    // Signing in from the invite offers it (decision 021); confirming it joins, whatever the ID setting says.
    const verified = await verifyWithInvite("invited-while-off@example.com", code);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.invite).toMatchObject({ code });
    const joined = await t.request({
      method: "POST",
      url: `/api/invites/${code}/join`,
      token: verified.json().data.token,
      payload: {},
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().data.user).toMatchObject({ household_id: household.id, is_admin: false });
  });

  it("lets only the household's admin change the setting or rotate the code", async () => {
    const { household, members } = await buildHouseholdWithMembers(t.db, 1);
    const housemate = members[0];
    if (!housemate) throw new Error("no member");
    for (const res of [
      await setJoinById(household.id, housemate.token, false),
      await rotate(household.id, housemate.token),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: "FORBIDDEN", message: HOUSEHOLD_ADMIN_ONLY_MESSAGE });
    }
    const [row] = await t.db.select().from(households).where(eq(households.id, household.id));
    expect(row).toMatchObject({ joinCode: household.id, joinById: true });

    // Another household's admin is no admin here.
    const other = await buildHouseholdWithMembers(t.db, 0);
    expect((await setJoinById(household.id, other.owner.token, false)).statusCode).toBe(403);
    expect((await rotate(household.id, other.owner.token)).statusCode).toBe(403);
    expect((await rotate(unknownId(), other.owner.token)).statusCode).toBe(404);
  });

  it("refuses a settings change that names no setting or an unknown one", async () => {
    const { household, owner } = await buildHouseholdWithMembers(t.db, 0);
    // A confirmation alone changes nothing (decision 032).
    for (const payload of [{}, { join_by_id: "no" }, { join_code: unknownId() }, { confirmKeepAmounts: true }]) {
      const res = await t.request({
        method: "PATCH",
        url: `/api/households/${household.id}`,
        token: owner.token,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_ERROR");
    }
    const [row] = await t.db.select().from(households).where(eq(households.id, household.id));
    expect(row).toMatchObject({ joinCode: household.id, joinById: true, name: household.name });
  });

  it("leaves exactly one working code after two concurrent rotations, the one the later answer gave", async () => {
    const { household, owner } = await buildHouseholdWithMembers(t.db, 0);
    const answers = await Promise.all([rotate(household.id, owner.token), rotate(household.id, owner.token)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const codes = answers.map((a) => a.json().data.join_code as string);
    expect(new Set(codes).size).toBe(2);

    const [row] = await t.db.select().from(households).where(eq(households.id, household.id));
    const final = row?.joinCode;
    expect(codes).toContain(final);
    const read = await t.request({ method: "GET", url: `/api/households/${household.id}`, token: owner.token });
    expect(read.json().data.join_code).toBe(final);

    const bob = await buildMember(t.db);
    for (const stale of [household.id, ...codes.filter((code) => code !== final)]) {
      expect((await joinBy(stale, bob.token)).statusCode).toBe(404);
    }
    expect((await joinBy(final ?? "", bob.token)).statusCode).toBe(200);
  });

  it("lets a join racing a rotation either land before it or fail, never with the retired code after it", async () => {
    const { household, owner } = await buildHouseholdWithMembers(t.db, 0);
    const bob = await buildMember(t.db);
    const [joined, rotated] = await Promise.all([joinBy(household.id, bob.token), rotate(household.id, owner.token)]);
    expect(rotated.statusCode).toBe(200);
    expect([200, 404]).toContain(joined.statusCode);
    expect((await userRow(bob.user.id))?.householdId).toBe(joined.statusCode === 200 ? household.id : null);
    const cleo = await buildMember(t.db);
    expect((await joinBy(household.id, cleo.token)).statusCode).toBe(404);
  });
});

describe("the join-code migration", () => {
  it("gives every existing household its own id as join code, so the IDs already shared keep working", async () => {
    const folder = new URL("../drizzle/", import.meta.url);
    const files = (await readdir(folder)).filter((name) => name.endsWith(".sql")).sort();
    const joinCodeMigration = files.findIndex((name) => name.endsWith("_household_join_code.sql"));
    expect(joinCodeMigration).toBeGreaterThan(0);
    let migrated: unknown;
    // The migrations replayed into a scratch schema of the test database, rolled back after: households made
    // before the join-code migration, then that migration itself.
    const replay = t.db.transaction(async (tx) => {
      const run = async (name: string) => {
        const text = (await readFile(new URL(name, folder), "utf8")).replaceAll('"public".', "");
        for (const statement of text.split("--> statement-breakpoint")) await tx.execute(sql.raw(statement));
      };
      await tx.execute(sql.raw("create schema join_code_migration"));
      await tx.execute(sql.raw("set local search_path to join_code_migration"));
      for (const name of files.slice(0, joinCodeMigration)) await run(name);
      await tx.execute(
        sql.raw("insert into households (name, iso_4217_code) values ('Old Flat', 'GBP'), ('Older Flat', 'EUR')"),
      );
      await run(files[joinCodeMigration] ?? "");
      migrated = await tx.execute(sql.raw("select id, join_code, join_by_id from households"));
      tx.rollback();
    });
    await expect(replay).rejects.toBeInstanceOf(TransactionRollbackError);

    const { rows } = z
      .object({ rows: z.array(z.object({ id: z.string(), join_code: z.string(), join_by_id: z.boolean() })) })
      .parse(migrated);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toEqual({ id: row.id, join_code: row.id, join_by_id: true });
  });
});

// ---------------------------------------------------------------------------------------------
// Authorization matrix: every households, invites and users route × every kind of caller.
// A route added under those paths without a row here fails the completeness check below.
// ---------------------------------------------------------------------------------------------

type Actor =
  "signed out" | "newcomer" | "member" | "other household's member" | "unknown id" | "admin" | "former member";
const ACTORS: Actor[] = [
  "signed out",
  "newcomer",
  "member",
  "other household's member",
  "unknown id",
  "admin",
  "former member",
];

/**
 * The ids a request aims at: the household, a housemate (its admin), the account acted on, an invite code; the
 * household's member who is not its admin, and the invite's id (decision 032's routes).
 */
interface Target {
  household: string;
  housemate: string;
  account: string;
  code: string;
  member: string;
  invite: string;
}

interface MatrixRow {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI spelling, matched against the published document. */
  path: string;
  url(target: Target): string;
  payload?: (target: Target) => object;
  /**
   * Expected status per caller; null where the caller kind makes no sense for the route. `member` is a member who
   * is not the admin; `admin` (the creator) is asked only where being the admin matters.
   */
  expect: Record<Exclude<Actor, "admin" | "former member">, number | null> & { admin?: number };
}

/** Admin-only routes (DESIGN §7 Roles): any other member, and anyone outside, is refused. */
const adminOnly = (admin: number): MatrixRow["expect"] => ({
  "signed out": 401,
  newcomer: 403,
  member: 403,
  "other household's member": 403,
  "unknown id": 404,
  admin,
});

const MATRIX: MatrixRow[] = [
  {
    method: "POST",
    path: "/households",
    url: () => "/api/households",
    payload: () => ({ name: "Matrix Flat" }),
    expect: { "signed out": 401, newcomer: 201, member: 409, "other household's member": 409, "unknown id": null },
  },
  {
    method: "GET",
    path: "/households/{id}",
    url: (x) => `/api/households/${x.household}`,
    expect: { "signed out": 401, newcomer: 403, member: 200, "other household's member": 403, "unknown id": 404 },
  },
  {
    method: "PATCH",
    path: "/households/{id}",
    url: (x) => `/api/households/${x.household}`,
    payload: () => ({ join_by_id: false }),
    // Admin only (docs/decisions/020).
    expect: {
      "signed out": 401,
      newcomer: 403,
      member: 403,
      "other household's member": 403,
      "unknown id": 404,
      admin: 200,
    },
  },
  {
    method: "POST",
    path: "/households/{id}/join-code",
    url: (x) => `/api/households/${x.household}/join-code`,
    expect: {
      "signed out": 401,
      newcomer: 403,
      member: 403,
      "other household's member": 403,
      "unknown id": 404,
      admin: 200,
    },
  },
  {
    method: "POST",
    path: "/households/{id}/join",
    url: (x) => `/api/households/${x.household}/join`,
    payload: () => ({}),
    // Joining by ID is open to anyone without a household; members of any household get 409.
    expect: { "signed out": 401, newcomer: 200, member: 409, "other household's member": 409, "unknown id": 404 },
  },
  {
    method: "POST",
    path: "/households/{id}/invites",
    url: (x) => `/api/households/${x.household}/invites`,
    expect: { "signed out": 401, newcomer: 403, member: 201, "other household's member": 403, "unknown id": 404 },
  },
  {
    method: "GET",
    path: "/invites/{code}",
    url: (x) => `/api/invites/${x.code}`,
    // The invite landing page is for people who are not signed in yet.
    expect: { "signed out": 200, newcomer: 200, member: 200, "other household's member": 200, "unknown id": 404 },
  },
  {
    method: "POST",
    path: "/invites/{code}/join",
    url: (x) => `/api/invites/${x.code}/join`,
    payload: () => ({}),
    // For a signed-in person without a household (decision 021); members of any household get 409.
    expect: { "signed out": 401, newcomer: 200, member: 409, "other household's member": 409, "unknown id": 404 },
  },
  // Decision 032: the life of a household.
  {
    method: "GET",
    path: "/households/{id}/members",
    url: (x) => `/api/households/${x.household}/members`,
    expect: { "signed out": 401, newcomer: 403, member: 200, "other household's member": 403, "unknown id": 404 },
  },
  // Issue 20: the activity log, read by any member.
  {
    method: "GET",
    path: "/households/{id}/activity",
    url: (x) => `/api/households/${x.household}/activity`,
    expect: { "signed out": 401, newcomer: 403, member: 200, "other household's member": 403, "unknown id": 404 },
  },
  // Issue 20: Insights and the fine history's exports, read by any member.
  ...["insights", "exports/fines.csv", "exports/fines.pdf"].map((route): MatrixRow => ({
    method: "GET",
    path: `/households/{id}/${route}`,
    url: (x) => `/api/households/${x.household}/${route}`,
    expect: { "signed out": 401, newcomer: 403, member: 200, "other household's member": 403, "unknown id": 404 },
  })),
  // Issue 21: the household's plan, read by any member.
  {
    method: "GET",
    path: "/households/{id}/plan",
    url: (x) => `/api/households/${x.household}/plan`,
    expect: { "signed out": 401, newcomer: 403, member: 200, "other household's member": 403, "unknown id": 404 },
  },
  // Issue 21: the household's open appeals, read by any member (decision 047).
  {
    method: "GET",
    path: "/households/{id}/appeals",
    url: (x) => `/api/households/${x.household}/appeals`,
    expect: { "signed out": 401, newcomer: 403, member: 200, "other household's member": 403, "unknown id": 404 },
  },
  {
    method: "PUT",
    path: "/households/{id}/members/{userId}/role",
    url: (x) => `/api/households/${x.household}/members/${x.member}/role`,
    payload: () => ({ is_admin: true }),
    expect: adminOnly(200),
  },
  {
    method: "POST",
    path: "/households/{id}/members/{userId}/remove",
    url: (x) => `/api/households/${x.household}/members/${x.member}/remove`,
    payload: () => ({ reason: "Moved out in March" }),
    expect: adminOnly(200),
  },
  {
    method: "POST",
    path: "/households/{id}/leave",
    url: (x) => `/api/households/${x.household}/leave`,
    payload: () => ({}),
    // The admin is the only one, with a housemate: they must hand over first.
    expect: {
      "signed out": 401,
      newcomer: 403,
      member: 200,
      "other household's member": 403,
      "unknown id": 404,
      admin: 409,
    },
  },
  {
    method: "DELETE",
    path: "/households/{id}",
    url: (x) => `/api/households/${x.household}`,
    // Admin only, and only as the last member: the admin here has a housemate.
    expect: adminOnly(409),
  },
  {
    method: "GET",
    path: "/households/{id}/invites",
    url: (x) => `/api/households/${x.household}/invites`,
    expect: { "signed out": 401, newcomer: 403, member: 200, "other household's member": 403, "unknown id": 404 },
  },
  {
    method: "DELETE",
    path: "/households/{id}/invites/{inviteId}",
    url: (x) => `/api/households/${x.household}/invites/${x.invite}`,
    expect: adminOnly(200),
  },
  {
    method: "GET",
    path: "/users",
    url: (x) => `/api/users?householdId=${x.household}`,
    expect: { "signed out": 401, newcomer: 403, member: 200, "other household's member": 403, "unknown id": 404 },
  },
  {
    method: "GET",
    path: "/users/{id}",
    url: (x) => `/api/users/${x.housemate}`,
    expect: { "signed out": 401, newcomer: 403, member: 200, "other household's member": 403, "unknown id": 404 },
  },
  {
    method: "PUT",
    path: "/users/{id}",
    url: (x) => `/api/users/${x.account}`,
    payload: () => ({ bio: "Matrix" }),
    expect: { "signed out": 401, newcomer: 403, member: 200, "other household's member": 403, "unknown id": 404 },
  },
  {
    method: "GET",
    path: "/users/{id}/stats",
    url: (x) => `/api/users/${x.account}/stats`,
    // Statistics are only ever your own: any other id, known or not, is refused alike.
    expect: { "signed out": 401, newcomer: 403, member: 200, "other household's member": 403, "unknown id": 403 },
  },
  {
    method: "DELETE",
    path: "/users/{id}",
    url: (x) => `/api/users/${x.account}`,
    expect: { "signed out": 401, newcomer: 403, member: 200, "other household's member": 403, "unknown id": 404 },
  },
  // Issue 21's billing (docs/decisions/048): admin only; PLANS=off here, so the admin's answer is 404 (billing.test.ts
  // asks with plans on).
  {
    method: "POST",
    path: "/households/{id}/billing/checkout",
    url: (x) => `/api/households/${x.household}/billing/checkout`,
    expect: adminOnly(404),
  },
  {
    method: "POST",
    path: "/households/{id}/billing/portal",
    url: (x) => `/api/households/${x.household}/billing/portal`,
    expect: adminOnly(404),
  },
];

/** A fresh cast per case, so a case that deletes or joins cannot change the next one. */
async function castFor(actor: Actor): Promise<{ token: string | undefined; target: Target }> {
  const { household, owner, members } = await buildHouseholdWithMembers(t.db, 1);
  const member = members[0];
  if (!member) throw new Error("no member");
  const invite = await t.request({
    method: "POST",
    url: `/api/households/${household.id}/invites`,
    token: owner.token,
  });
  const code = new URL(invite.json().data.inviteUrl).pathname.split("/").pop() ?? "";
  const [inviteRow] = await t.db.select({ id: invites.id }).from(invites).where(eq(invites.code, code));
  const theirs: Target = {
    household: household.id,
    housemate: owner.user.id,
    account: owner.user.id,
    code,
    member: member.user.id,
    invite: inviteRow?.id ?? "",
  };

  switch (actor) {
    case "signed out":
      return { token: undefined, target: theirs };
    case "newcomer":
      return { token: (await buildMember(t.db)).token, target: theirs };
    case "member":
      return { token: member.token, target: { ...theirs, account: member.user.id } };
    case "admin":
      return { token: owner.token, target: theirs };
    // Someone who left this household (decision 032): signed in still, and as much an outsider as a newcomer.
    case "former member": {
      const left = await t.request({
        method: "POST",
        url: `/api/households/${household.id}/leave`,
        token: member.token,
        payload: {},
      });
      expect(left.statusCode, left.body).toBe(200);
      return { token: member.token, target: theirs };
    }
    case "other household's member": {
      const outsider = await buildMember(t.db);
      await buildHousehold(t.db, outsider.user.id);
      return { token: outsider.token, target: theirs };
    }
    case "unknown id":
      return {
        token: member.token,
        target: {
          household: unknownId(),
          housemate: unknownId(),
          account: unknownId(),
          code: "no-such-invite-code",
          member: unknownId(),
          invite: unknownId(),
        },
      };
  }
}

const CASES = MATRIX.flatMap((row) =>
  ACTORS.flatMap((actor) => {
    const status =
      actor === "admin" ? row.expect.admin : actor === "former member" ? row.expect.newcomer : row.expect[actor];
    return status === null || status === undefined ? [] : [{ row, actor, status, name: `${row.method} ${row.path}` }];
  }),
);

describe("authorization matrix", () => {
  it.each(CASES)("$name as $actor → $status", async ({ row, actor, status }) => {
    const { token, target } = await castFor(actor);
    const res = await t.request({
      method: row.method,
      url: row.url(target),
      token,
      ...(row.payload ? { payload: row.payload(target) } : {}),
    });
    expect(res.statusCode, res.body).toBe(status);
    if (status >= 400) expect(res.json().error.code).toBeTypeOf("string");
    // A file answer (the exports) is checked by its type; every other success is the JSON envelope.
    else if (res.headers["content-disposition"]) expect(res.headers["content-disposition"]).toContain("attachment");
    else expect(res.json()).toHaveProperty("data");
  });

  it("has a row for every households, invites and users route", async () => {
    const doc = (await t.request({ method: "GET", url: "/api/openapi.json" })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const published = Object.entries(doc.paths)
      .filter(([path]) => /^\/(households|invites|users)(\/|$)/.test(path))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(published).toEqual(MATRIX.map((r) => `${r.method} ${r.path}`).sort());
  });
});

describe("reminder settings (issue 22)", () => {
  /** A household of Ana (admin) and Ben with the reminder days given, stored as they are. */
  async function flatWithReminders(days: Partial<Record<"first" | "second" | "issuer", number | null>>) {
    const { household, owner: ana, members } = await buildHouseholdWithMembers(t.db, 1);
    const ben = members[0];
    if (!ben) throw new Error("no member");
    await t.db
      .update(households)
      .set({
        firstReminderDays: days.first === undefined ? 3 : days.first,
        secondReminderDays: days.second === undefined ? 7 : days.second,
        issuerNoticeDays: days.issuer === undefined ? 14 : days.issuer,
      })
      .where(eq(households.id, household.id));
    const patch = (token: string, payload: Record<string, unknown>) =>
      t.request({ method: "PATCH", url: `/api/households/${household.id}`, token, payload });
    return { household, ana, ben, patch };
  }

  const FIELDS = ["first_reminder_days", "second_reminder_days", "issuer_notice_days"] as const;

  it.each(FIELDS.flatMap((field) => [1, 60, null].map((value) => ({ field, value }))))(
    "takes $field = $value",
    async ({ field, value }) => {
      // All off: the order of the offender's two cannot get in the way of either's bounds.
      const { household, ana, patch } = await flatWithReminders({ first: null, second: null, issuer: null });
      const res = await patch(ana.token, { [field]: value });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data[field]).toBe(value);
      const [stored] = await t.db.select().from(households).where(eq(households.id, household.id));
      expect(presentHousehold(stored ?? fail())[field]).toBe(value);
    },
  );

  it.each(FIELDS.flatMap((field) => [0, 61, 1.5, -1, "3"].map((value) => ({ field, value }))))(
    "refuses $field = $value with the bounds on the field",
    async ({ field, value }) => {
      const { household, ana, patch } = await flatWithReminders({ first: null, second: null, issuer: null });
      const res = await patch(ana.token, { [field]: value });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({
        code: "VALIDATION_ERROR",
        message: REMINDER_DAYS_MESSAGE,
        details: [{ path: `body.${field}`, message: REMINDER_DAYS_MESSAGE }],
      });
      const [stored] = await t.db.select().from(households).where(eq(households.id, household.id));
      expect(stored).toMatchObject({ firstReminderDays: null, secondReminderDays: null, issuerNoticeDays: null });
    },
  );

  it("checks the order of the two reminders against the stored one that was not sent", async () => {
    const { household, ana, patch } = await flatWithReminders({});
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ second_reminder_days: 3 }, "second_reminder_days"],
      [{ second_reminder_days: 2 }, "second_reminder_days"],
      [{ first_reminder_days: 7 }, "first_reminder_days"],
      [{ first_reminder_days: 30, second_reminder_days: 20 }, "second_reminder_days"],
    ];
    for (const [payload, field] of refusals) {
      const res = await patch(ana.token, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({
        code: "VALIDATION_ERROR",
        message: REMINDER_ORDER_MESSAGE,
        details: [{ path: `body.${field}`, message: REMINDER_ORDER_MESSAGE }],
      });
    }
    const [unchanged] = await t.db.select().from(households).where(eq(households.id, household.id));
    expect(unchanged).toMatchObject({ firstReminderDays: 3, secondReminderDays: 7, issuerNoticeDays: 14 });

    // One day apart is in order; either one off leaves nothing to order; the issuer's days are free of both.
    expect((await patch(ana.token, { first_reminder_days: 6 })).statusCode).toBe(200);
    expect((await patch(ana.token, { second_reminder_days: null })).statusCode).toBe(200);
    expect((await patch(ana.token, { first_reminder_days: 60 })).statusCode).toBe(200);
    const late = await patch(ana.token, { first_reminder_days: null, second_reminder_days: 2, issuer_notice_days: 1 });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().data).toMatchObject({
      first_reminder_days: null,
      second_reminder_days: 2,
      issuer_notice_days: 1,
    });
  });

  it("is the admin's to change: a member is refused with 403 and nothing changes", async () => {
    const { household, ben, patch } = await flatWithReminders({});
    const res = await patch(ben.token, { first_reminder_days: 1 });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.code).toBe("FORBIDDEN");
    const [unchanged] = await t.db.select().from(households).where(eq(households.id, household.id));
    expect(unchanged?.firstReminderDays).toBe(3);
  });

  it("logs the change in the household's household.updated entry, and tells nobody by notification", async () => {
    const { household, ana, ben, patch } = await flatWithReminders({});
    const res = await patch(ana.token, { first_reminder_days: 2, second_reminder_days: 7, issuer_notice_days: null });
    expect(res.statusCode, res.body).toBe(200);
    const entries = await t.db.select().from(activityLog).where(eq(activityLog.householdId, household.id));
    const updated = entries.filter((entry) => entry.kind === "household.updated");
    expect(updated).toHaveLength(1);
    // Only what changed: the second was sent as it already was.
    expect(updated[0]).toMatchObject({
      actorId: ana.user.id,
      subjectType: "household",
      details: {
        before: { first_reminder_days: 3, issuer_notice_days: 14 },
        after: { first_reminder_days: 2, issuer_notice_days: null },
      },
    });
    expect(() => ACTIVITY_DETAILS["household.updated"].parse(updated[0]?.details)).not.toThrow();
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ben.user.id), eq(notifications.typeId, "household_updated")));
    expect(told).toHaveLength(0);

    // The same settings again change nothing to log.
    await patch(ana.token, { first_reminder_days: 2 });
    const after = await t.db.select().from(activityLog).where(eq(activityLog.householdId, household.id));
    expect(after.filter((entry) => entry.kind === "household.updated")).toHaveLength(1);
  });
});

function fail(): never {
  throw new Error("the household has gone");
}
