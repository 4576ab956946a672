import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { AMOUNT_MIN_MESSAGE, RULES_LIMIT_MESSAGE, RULES_PER_HOUSEHOLD_MAX } from "@housemate/contract";
import { fines, notifications, rules } from "../src/db/schema.js";
import { createTestContext, type TestContext } from "./helpers/app.js";
import { buildFine, buildFlatOfThree, buildHouseholdWithMembers, buildRule, unknownId } from "./helpers/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** A household of three (Ana writes the rules) and a member of another household. */
async function flat() {
  const { household, ana, ben, cleo } = await buildFlatOfThree(t.db);
  const outsider = (await buildHouseholdWithMembers(t.db, 0)).owner;
  return { household, ana, ben, cleo, outsider };
}

const notificationsOf = (userId: string, typeId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.typeId, typeId)));

describe("creating rules", () => {
  it("creates a rule with the author and time set by the server, and tells the other members only", async () => {
    const { household, ana, ben, cleo } = await flat();
    const res = await t.request({
      method: "POST",
      url: "/api/rules",
      token: ana.token,
      payload: {
        title: "Dishes left overnight",
        description: "Wash up before bed",
        fine_amount: 2.5,
        household_id: household.id,
      },
    });
    expect(res.statusCode).toBe(201);
    const rule = res.json().data;
    expect(rule).toMatchObject({
      title: "Dishes left overnight",
      description: "Wash up before bed",
      fine_amount: 2.5,
      household_id: household.id,
      created_by: ana.user.id,
    });
    expect(new Date(rule.created_at).getTime()).toBe(t.clock.now.getTime());

    const [stored] = await t.db.select().from(rules).where(eq(rules.id, rule.id));
    expect(stored?.fineAmountMinor).toBe(250);

    for (const member of [ben, cleo]) {
      const [note] = await notificationsOf(member.user.id, "rule_created");
      expect(note?.title).toBe("New house rule");
      expect(note?.message).toContain('"Dishes left overnight"');
      expect(note?.message).toContain("£2.50");
    }
    expect(await notificationsOf(ana.user.id, "rule_created")).toHaveLength(0);
  });

  it.each([
    ["an empty title", { title: "  " }],
    ["a title over 100 characters", { title: "x".repeat(101) }],
    ["an empty description", { description: "" }],
    ["a description over 1000 characters", { description: "x".repeat(1001) }],
    ["a negative amount", { fine_amount: -1 }],
    ["an amount over 100000", { fine_amount: 100_000.01 }],
    ["more than two decimals", { fine_amount: 1.005 }],
    ["a missing amount", { fine_amount: undefined }],
  ])("refuses %s", async (_label, change) => {
    const { household, ana } = await flat();
    const payload = {
      title: "Bins",
      description: "Take them out",
      fine_amount: 1,
      household_id: household.id,
      ...change,
    };
    const res = await t.request({ method: "POST", url: "/api/rules", token: ana.token, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_ERROR");
  });

  it("accepts a fine of one minor unit and one of exactly 100000", async () => {
    const { household, ana } = await flat();
    for (const fine_amount of [0.01, 100_000]) {
      const res = await t.request({
        method: "POST",
        url: "/api/rules",
        token: ana.token,
        payload: { title: "Quiet hours", description: "After 11pm", fine_amount, household_id: household.id },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.fine_amount).toBe(fine_amount);
    }
  });

  it("refuses a rule whose fine is 0, as a fine of 0 is refused, with the same message (issue 18)", async () => {
    const { household, ana } = await flat();
    const rule = await t.request({
      method: "POST",
      url: "/api/rules",
      token: ana.token,
      payload: { title: "Quiet hours", description: "After 11pm", fine_amount: 0, household_id: household.id },
    });
    expect(rule.statusCode).toBe(400);
    expect(rule.json().error.code).toBe("VALIDATION_ERROR");
    expect(rule.json().error.message).toContain(AMOUNT_MIN_MESSAGE);
    const existing = await buildRule(t.db, household.id, ana.user.id);
    const edit = await t.request({
      method: "PUT",
      url: `/api/rules/${existing.id}`,
      token: ana.token,
      payload: { fine_amount: 0 },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.message).toContain(AMOUNT_MIN_MESSAGE);
  });
});

describe("a rule stored at 0 before issue 18", () => {
  it("is still listed with its 0, can be renamed, and a fine under it is issued for more than 0", async () => {
    const { household, ana, ben } = await flat();
    const free = await buildRule(t.db, household.id, ana.user.id, { title: "Quiet hours", fineAmountMinor: 0 });
    const list = await t.request({ method: "GET", url: `/api/rules/household/${household.id}`, token: ana.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ id: free.id, fine_amount: 0 })]);

    const renamed = await t.request({
      method: "PUT",
      url: `/api/rules/${free.id}`,
      token: ana.token,
      payload: { title: "Quiet after 11pm" },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ title: "Quiet after 11pm", fine_amount: 0 });

    const fine = await t.request({
      method: "POST",
      url: "/api/fines",
      token: ana.token,
      payload: { offender_id: ben.user.id, rule_id: free.id, amount: 1.5, household_id: household.id },
    });
    expect(fine.statusCode).toBe(201);
    expect(fine.json().data.amount).toBe(1.5);
  });
});

describe("the cap on rules per household", () => {
  /** `count` live rules written straight to the database, as if made earlier. */
  const keepRules = (householdId: string, createdBy: string, count: number) =>
    t.db.insert(rules).values(
      Array.from({ length: count }, (_, i) => ({
        householdId,
        createdBy,
        title: `Rule ${i}`,
        description: "d",
        fineAmountMinor: 100,
      })),
    );
  const create = (token: string, householdId: string, title = "One more") =>
    t.request({
      method: "POST",
      url: "/api/rules",
      token,
      payload: { title, description: "Keep it tidy", fine_amount: 1, household_id: householdId },
    });
  const liveRules = async (householdId: string) =>
    (
      await t.db
        .select({ id: rules.id, deletedAt: rules.deletedAt })
        .from(rules)
        .where(eq(rules.householdId, householdId))
    ).filter((rule) => rule.deletedAt === null).length;

  it(`lets two members racing at ${RULES_PER_HOUSEHOLD_MAX - 1} rules make exactly one more, and tells the other why not`, async () => {
    const { household, ana, ben } = await flat();
    await keepRules(household.id, ana.user.id, RULES_PER_HOUSEHOLD_MAX - 1);

    const answers = await Promise.all([
      create(ana.token, household.id, "Ana's"),
      create(ben.token, household.id, "Ben's"),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((res) => res.statusCode === 409);
    expect(refused?.json().error).toMatchObject({ code: "CONFLICT", message: RULES_LIMIT_MESSAGE });
    expect(await liveRules(household.id)).toBe(RULES_PER_HOUSEHOLD_MAX);
  });

  it("counts only rules not deleted, so deleting one makes room", async () => {
    const { household, ana } = await flat();
    await keepRules(household.id, ana.user.id, RULES_PER_HOUSEHOLD_MAX);
    expect((await create(ana.token, household.id)).statusCode).toBe(409);

    const [oldest] = await t.db
      .select({ id: rules.id })
      .from(rules)
      .where(eq(rules.householdId, household.id))
      .limit(1);
    const removed = await t.request({ method: "DELETE", url: `/api/rules/${oldest?.id}`, token: ana.token });
    expect(removed.statusCode).toBe(200);
    expect((await create(ana.token, household.id)).statusCode).toBe(201);
  });
});

describe("reading, editing and deleting rules", () => {
  it("lists the household's rules newest first, without deleted ones", async () => {
    const { household, ana } = await flat();
    const older = await buildRule(t.db, household.id, ana.user.id, { createdAt: new Date(Date.now() - 60_000) });
    const newer = await buildRule(t.db, household.id, ana.user.id);
    await buildRule(t.db, household.id, ana.user.id, { deletedAt: new Date() });
    const res = await t.request({ method: "GET", url: `/api/rules/household/${household.id}`, token: ana.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { id: string }) => r.id)).toEqual([newer.id, older.id]);
  });

  it("lets any member edit a rule and tells the others", async () => {
    const { household, ana, ben, cleo } = await flat();
    const rule = await buildRule(t.db, household.id, ana.user.id, { title: "Bins" });
    t.clock.advance(1000);
    const res = await t.request({
      method: "PUT",
      url: `/api/rules/${rule.id}`,
      token: ben.token,
      payload: { title: "Recycling", fine_amount: 0.1 + 0.2 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: rule.id,
      title: "Recycling",
      fine_amount: 0.3,
      created_by: ana.user.id,
    });
    expect(res.json().data.updated_at).toBe(t.clock.now.toISOString());
    expect(await notificationsOf(ana.user.id, "rule_updated")).toHaveLength(1);
    expect(await notificationsOf(cleo.user.id, "rule_updated")).toHaveLength(1);
    expect(await notificationsOf(ben.user.id, "rule_updated")).toHaveLength(0);
  });

  it("deletes softly: the rule disappears but fines under it keep it", async () => {
    const { household, ana, ben } = await flat();
    const rule = await buildRule(t.db, household.id, ana.user.id, { title: "Bins" });
    const fine = await buildFine(t.db, {
      householdId: household.id,
      issuerId: ana.user.id,
      offenderId: ben.user.id,
      ruleId: rule.id,
    });
    const res = await t.request({ method: "DELETE", url: `/api/rules/${rule.id}`, token: ben.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ success: true });

    expect((await t.request({ method: "GET", url: `/api/rules/${rule.id}`, token: ana.token })).statusCode).toBe(404);
    expect((await t.request({ method: "DELETE", url: `/api/rules/${rule.id}`, token: ana.token })).statusCode).toBe(
      404,
    );
    const [kept] = await t.db.select().from(fines).where(eq(fines.id, fine.id));
    expect(kept?.ruleId).toBe(rule.id);
    const [note] = await notificationsOf(ana.user.id, "rule_deleted");
    expect(note?.message).toContain('deleted the rule "Bins"');
  });

  it("cannot create a rule in another household", async () => {
    const { outsider, household } = await flat();
    const res = await t.request({
      method: "POST",
      url: "/api/rules",
      token: outsider.token,
      payload: { title: "Sneaky", description: "Not my flat", fine_amount: 5, household_id: household.id },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe("You don't have permission to access this resource.");
  });
});

describe("authorization matrix", () => {
  type World = Awaited<ReturnType<typeof flat>> & { ruleId: string };
  type Who = "signedOut" | "member" | "outsider";
  const routes: Array<{ name: string; ok: number; request: (w: World, id?: string) => InjectOptions }> = [
    {
      name: "GET /rules/household/{id}",
      ok: 200,
      request: (w, id) => ({ method: "GET", url: `/api/rules/household/${id ?? w.household.id}` }),
    },
    { name: "GET /rules/{id}", ok: 200, request: (w, id) => ({ method: "GET", url: `/api/rules/${id ?? w.ruleId}` }) },
    {
      name: "POST /rules",
      ok: 201,
      request: (w, id) => ({
        method: "POST",
        url: "/api/rules",
        payload: { title: "Bins", description: "Out on Tuesday", fine_amount: 1, household_id: id ?? w.household.id },
      }),
    },
    {
      name: "PUT /rules/{id}",
      ok: 200,
      request: (w, id) => ({ method: "PUT", url: `/api/rules/${id ?? w.ruleId}`, payload: { title: "New" } }),
    },
    {
      name: "DELETE /rules/{id}",
      ok: 200,
      request: (w, id) => ({ method: "DELETE", url: `/api/rules/${id ?? w.ruleId}` }),
    },
  ];
  const expected: Record<Who, (ok: number) => number> = {
    signedOut: () => 401,
    member: (ok) => ok,
    outsider: () => 403,
  };
  const cases = routes.flatMap((route) =>
    (Object.keys(expected) as Who[]).map((who) => ({ ...route, who, status: expected[who](route.ok) })),
  );

  async function world(): Promise<World> {
    const w = await flat();
    const rule = await buildRule(t.db, w.household.id, w.ana.user.id);
    return { ...w, ruleId: rule.id };
  }

  it.each(cases)("$name as $who → $status", async ({ request, who, status }) => {
    const w = await world();
    const token = who === "member" ? w.cleo.token : who === "outsider" ? w.outsider.token : undefined;
    const res = await t.request({ ...request(w), token });
    expect(res.statusCode).toBe(status);
  });

  it.each(routes)("$name with an unknown id → 404", async ({ request }) => {
    const w = await world();
    const res = await t.request({ ...request(w, unknownId()), token: w.ana.token });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("NOT_FOUND");
  });
});
