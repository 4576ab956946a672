import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import {
  featureNeedsProMessage,
  householdFullMessage,
  PRO_FEATURES,
  rulesOverLimitMessage,
  rulesPlanLimitMessage,
  type PlanId,
  type ProFeature,
} from "@housemate/contract";
import { activityLog, households, mailOutbox, notifications, users } from "../src/db/schema.js";
import { setHouseholdPlan } from "../src/features/plans/plan-change.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import { buildHouseholdWithMembers, buildMember, buildRule, unknownId } from "./helpers/factories.js";
import { linkIn } from "./helpers/smtp.js";
import { listen, openSocket } from "./helpers/socket-client.js";

/**
 * Issue 21's plans (docs/decisions/046), through HTTP on the engine the run tests. With PLANS=off (the default)
 * nothing is limited; with PLANS=on, Housemate Basic holds 5 members and 10 rules and has no Pro feature, Pro holds 10
 * members and any number of rules. The Stripe keys are fake but valid: nothing here calls Stripe.
 */

const PLANS_ON = {
  PLANS: "on",
  STRIPE_SECRET_KEY: "sk_test_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  STRIPE_PRICE_ID: "price_x",
};

const SERVER_VERSION = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
).version;

/** The Pro features' routes, each as a member of `householdId` reads it. */
const FEATURE_URLS: Record<Exclude<ProFeature, "appeals">, (householdId: string) => string[]> = {
  "activity-log": (id) => [`/api/households/${id}/activity`],
  analytics: (id) => [`/api/households/${id}/insights`],
  exports: (id) => [`/api/households/${id}/exports/fines.csv`, `/api/households/${id}/exports/fines.pdf`],
};

/** What every block below does over HTTP, on its own app. */
function calls(t: () => TestContext) {
  const request = (options: Parameters<TestContext["request"]>[0]) => t().request(options);
  return {
    /** A household of `size` people, its admin first, each signed in. */
    async flatOf(size: number) {
      const { household, owner, members } = await buildHouseholdWithMembers(t().db, size - 1);
      return { household, owner, members };
    },
    /** Someone signed in with no household yet. */
    newcomer: () => buildMember(t().db),
    joinById: (householdId: string, token: string) =>
      request({ method: "POST", url: `/api/households/${householdId}/join`, token, payload: {} }),
    async inviteCode(householdId: string, token: string) {
      const res = await request({ method: "POST", url: `/api/households/${householdId}/invites`, token });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json().data as { inviteUrl: string }).inviteUrl.slice(`${PUBLIC_URL}/invite/`.length);
    },
    joinByInvite: (code: string, token: string) =>
      request({ method: "POST", url: `/api/invites/${code}/join`, token, payload: {} }),
    landing: (code: string) => request({ method: "GET", url: `/api/invites/${code}` }),
    async keepRules(householdId: string, authorId: string, count: number) {
      const kept = [];
      for (let i = 0; i < count; i++) kept.push(await buildRule(t().db, householdId, authorId));
      return kept;
    },
    createRule: (householdId: string, token: string, title = "Bins out on Tuesday") =>
      request({
        method: "POST",
        url: "/api/rules",
        token,
        payload: { household_id: householdId, title, description: "Before 8am", fine_amount: 2 },
      }),
    editRule: (ruleId: string, token: string) =>
      request({ method: "PUT", url: `/api/rules/${ruleId}`, token, payload: { fine_amount: 3 } }),
    deleteRule: (ruleId: string, token: string) => request({ method: "DELETE", url: `/api/rules/${ruleId}`, token }),
    plan: (householdId: string, token?: string) =>
      request({ method: "GET", url: `/api/households/${householdId}/plan`, token }),
    get: (url: string, token?: string) => request({ method: "GET", url, token }),
    /** Moves the plan as the payment provider's event does (helper (2)'s webhook calls the same function). */
    setPlan: (householdId: string, plan: PlanId) =>
      t().db.transaction((tx) =>
        setHouseholdPlan(tx, { householdId, plan, now: t().clock.now, publicUrl: PUBLIC_URL }),
      ),
    async memberCount(householdId: string) {
      const rows = await t()
        .db.select({ id: users.id })
        .from(users)
        .where(and(eq(users.householdId, householdId), isNull(users.deletedAt)));
      return rows.length;
    },
  };
}

const refusal = (res: { statusCode: number; json(): unknown }) => ({
  status: res.statusCode,
  error: (res.json() as { error?: { code: string; message: string } }).error,
});
const planLimit = (message: string) => ({
  status: 402,
  error: expect.objectContaining({ code: "PLAN_LIMIT", message }),
});

describe("with plans off (the default): nothing is limited", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());
  const api = calls(() => t);

  it("lets a 6th member join by ID and an 11th by invite, and the invite landing never says full", async () => {
    const { household, owner } = await api.flatOf(5);
    expect((await api.joinById(household.id, (await api.newcomer()).token)).statusCode).toBe(200);
    await buildMember(t.db, household.id);
    await buildMember(t.db, household.id);
    await buildMember(t.db, household.id);
    await buildMember(t.db, household.id);
    const code = await api.inviteCode(household.id, owner.token);
    expect((await api.landing(code)).json().data).toMatchObject({ memberCount: 10, fullMessage: null });
    expect((await api.joinByInvite(code, (await api.newcomer()).token)).statusCode).toBe(200);
    expect(await api.memberCount(household.id)).toBe(11);
  });

  it("lets an 11th rule be added and rules be edited whatever the household's stored plan", async () => {
    const { household, owner } = await api.flatOf(1);
    const kept = await api.keepRules(household.id, owner.user.id, 11);
    expect((await api.createRule(household.id, owner.token)).statusCode).toBe(201);
    expect((await api.editRule(kept[0]?.id ?? "", owner.token)).statusCode).toBe(200);
  });

  it("answers the activity log, Insights and exports to a household on Basic", async () => {
    const { household, owner } = await api.flatOf(2);
    for (const urls of Object.values(FEATURE_URLS)) {
      for (const url of urls(household.id)) expect((await api.get(url, owner.token)).statusCode, url).toBe(200);
    }
  });

  it("says there are no plans: /config, and /plan with no plan, no limits and every feature", async () => {
    const { household, owner } = await api.flatOf(3);
    await api.keepRules(household.id, owner.user.id, 2);
    expect((await api.get("/api/config")).json()).toEqual({
      data: { plans: false, support: false, version: SERVER_VERSION },
    });
    const res = await api.plan(household.id, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      plans: false,
      plan: null,
      limits: { members: null, rules: null },
      usage: { members: 3, rules: 2 },
      allows: { join: true, add_rule: true, edit_rules: true },
      features: [...PRO_FEATURES],
      subscription: null,
    });
  });
});

describe("with plans on", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { ...PLANS_ON, SUPPORT_EMAIL: "support@housemate.test" } });
  });
  afterAll(() => t.close());
  const api = calls(() => t);

  describe("GET /config and GET /households/:id/plan", () => {
    it("says plans are on and support is offered, to anyone", async () => {
      expect((await api.get("/api/config")).json()).toEqual({
        data: { plans: true, support: true, version: SERVER_VERSION },
      });
    });

    it("gives a member the household's plan, its limits, usage and features, with no subscription yet", async () => {
      const { household, members } = await api.flatOf(3);
      await api.keepRules(household.id, household.createdBy ?? "", 4);
      const res = await api.plan(household.id, members[0]?.token);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        plans: true,
        plan: "basic",
        limits: { members: 5, rules: 10 },
        usage: { members: 3, rules: 4 },
        allows: { join: true, add_rule: true, edit_rules: true },
        features: [],
        subscription: null,
      });
    });

    it("gives a Pro household its features and its subscription as the provider last described it", async () => {
      const { household, owner } = await api.flatOf(2);
      const periodEnd = new Date("2027-01-15T10:00:00.000Z");
      await t.db
        .update(households)
        .set({
          stripeCustomerId: `cus_${household.id}`,
          stripeSubscriptionId: "sub_1",
          subscriptionStatus: "active",
          currentPeriodEnd: periodEnd,
          cancelAtPeriodEnd: true,
        })
        .where(eq(households.id, household.id));
      await api.setPlan(household.id, "pro");
      expect((await api.plan(household.id, owner.token)).json().data).toMatchObject({
        plan: "pro",
        limits: { members: 10, rules: null },
        features: [...PRO_FEATURES],
        subscription: { status: "active", current_period_end: periodEnd.toISOString(), cancel_at_period_end: true },
      });
    });

    it("refuses the plan to the signed out (401), another household (403), and an unknown household (404)", async () => {
      const { household } = await api.flatOf(1);
      const other = await api.flatOf(1);
      expect((await api.plan(household.id)).statusCode).toBe(401);
      expect((await api.plan(household.id, other.owner.token)).statusCode).toBe(403);
      expect((await api.plan(unknownId(), other.owner.token)).statusCode).toBe(404);
    });
  });

  describe("members: Basic seats 5, Pro 10", () => {
    it("lets the 5th member join by ID and refuses the 6th, naming Housemate Basic", async () => {
      const { household } = await api.flatOf(4);
      expect((await api.joinById(household.id, (await api.newcomer()).token)).statusCode).toBe(200);
      const sixth = await api.newcomer();
      expect(refusal(await api.joinById(household.id, sixth.token))).toEqual(planLimit(householdFullMessage("basic")));
      expect(householdFullMessage("basic")).toContain("Housemate Basic");
      expect(await api.memberCount(household.id)).toBe(5);
      const [stillOut] = await t.db.select().from(users).where(eq(users.id, sixth.user.id));
      expect(stillOut?.householdId).toBeNull();
    });

    it("lets the 5th join by invite and refuses the 6th; the landing says full at 5 and not at 4", async () => {
      const { household, owner } = await api.flatOf(4);
      const code = await api.inviteCode(household.id, owner.token);
      expect((await api.landing(code)).json().data).toMatchObject({ memberCount: 4, fullMessage: null });
      expect((await api.joinByInvite(code, (await api.newcomer()).token)).statusCode).toBe(200);
      expect((await api.landing(code)).json().data).toMatchObject({
        memberCount: 5,
        fullMessage: householdFullMessage("basic"),
      });
      const sixth = await api.newcomer();
      expect(refusal(await api.joinByInvite(code, sixth.token))).toEqual(planLimit(householdFullMessage("basic")));
      expect(await api.memberCount(household.id)).toBe(5);
    });

    it("says full at sign-in through the emailed invite link, as the landing does, and not while a seat is free", async () => {
      const { household, owner } = await api.flatOf(4);
      const code = await api.inviteCode(household.id, owner.token);
      const pending = async (email: string) => {
        const seen = new Set(t.smtp.messages);
        const asked = await t.request({ method: "POST", url: "/api/auth/login", payload: { email, inviteCode: code } });
        expect(asked.statusCode, asked.body).toBe(200);
        const mail = await t.smtp.waitFor(email, (m) => !seen.has(m), 15_000);
        const token = linkIn(mail, "/auth/verify").searchParams.get("token") ?? "";
        const verified = await t.request({ method: "GET", url: `/api/auth/verify?token=${encodeURIComponent(token)}` });
        return (verified.json().data as { invite: unknown }).invite;
      };
      expect(await pending("fifth@example.com")).toMatchObject({ memberCount: 4, fullMessage: null });
      expect((await api.joinByInvite(code, (await api.newcomer()).token)).statusCode).toBe(200);
      const landing = (await api.landing(code)).json().data as object;
      expect(await pending("sixth@example.com")).toEqual({ code, displayName: "", ...landing });
      expect(landing).toMatchObject({ memberCount: 5, fullMessage: householdFullMessage("basic") });
    });

    it("keeps a refused newcomer's display name as it was (the join is one transaction)", async () => {
      const { household, owner } = await api.flatOf(5);
      const code = await api.inviteCode(household.id, owner.token);
      const sixth = await api.newcomer();
      const res = await t.request({
        method: "POST",
        url: `/api/invites/${code}/join`,
        token: sixth.token,
        payload: { display_name: "Someone New" },
      });
      expect(res.statusCode).toBe(402);
      const [after] = await t.db.select().from(users).where(eq(users.id, sixth.user.id));
      expect(after?.displayName).toBe(sixth.user.displayName);
    });

    it("lets two people racing for the last seat, one by ID and one by invite: exactly one gets in", async () => {
      const { household, owner } = await api.flatOf(4);
      const code = await api.inviteCode(household.id, owner.token);
      const [first, second] = [await api.newcomer(), await api.newcomer()];
      const answers = await Promise.all([
        api.joinById(household.id, first.token),
        api.joinByInvite(code, second.token),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 402]);
      const refused = answers.find((res) => res.statusCode === 402);
      expect(refused && refusal(refused)).toEqual(planLimit(householdFullMessage("basic")));
      expect(await api.memberCount(household.id)).toBe(5);
    });

    it("lets two people racing by invite for the last seat: exactly one gets in", async () => {
      const { household, owner } = await api.flatOf(4);
      const code = await api.inviteCode(household.id, owner.token);
      const [first, second] = [await api.newcomer(), await api.newcomer()];
      const answers = await Promise.all([api.joinByInvite(code, first.token), api.joinByInvite(code, second.token)]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 402]);
      expect(await api.memberCount(household.id)).toBe(5);
    });

    it("lets a Pro household take a 6th to a 10th member, and refuses the 11th naming Housemate Pro", async () => {
      const { household, owner } = await api.flatOf(5);
      await api.setPlan(household.id, "pro");
      expect((await api.joinById(household.id, (await api.newcomer()).token)).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) await buildMember(t.db, household.id);
      const code = await api.inviteCode(household.id, owner.token);
      expect((await api.landing(code)).json().data).toMatchObject({ memberCount: 9, fullMessage: null });
      expect((await api.joinByInvite(code, (await api.newcomer()).token)).statusCode).toBe(200);
      expect(refusal(await api.joinById(household.id, (await api.newcomer()).token))).toEqual(
        planLimit(householdFullMessage("pro")),
      );
      expect(await api.memberCount(household.id)).toBe(10);
    });
  });

  describe("rules: Basic keeps 10, Pro any number (up to the safety cap)", () => {
    it("lets the 10th rule be added and refuses the 11th, saying what Pro allows", async () => {
      const { household, owner } = await api.flatOf(2);
      await api.keepRules(household.id, owner.user.id, 9);
      expect((await api.createRule(household.id, owner.token, "The 10th")).statusCode).toBe(201);
      expect(refusal(await api.createRule(household.id, owner.token, "The 11th"))).toEqual(
        planLimit(rulesPlanLimitMessage("basic")),
      );
      const listed = await api.get(`/api/rules/household/${household.id}`, owner.token);
      expect((listed.json().data as unknown[]).length).toBe(10);
    });

    it("lets a Pro household add an 11th rule", async () => {
      const { household, owner } = await api.flatOf(1);
      await api.setPlan(household.id, "pro");
      await api.keepRules(household.id, owner.user.id, 10);
      expect((await api.createRule(household.id, owner.token)).statusCode).toBe(201);
    });
  });

  describe("a downgrade: nothing is deleted, what is over Basic's limits is read-only", () => {
    it("keeps 6 members and 12 rules listed; edits refused until 10 rules, deletes and fines allowed, joins refused", async () => {
      const { household, owner, members } = await api.flatOf(6);
      expect(await api.setPlan(household.id, "pro")).toBe(true);
      const kept = await api.keepRules(household.id, owner.user.id, 12);
      expect(await api.setPlan(household.id, "basic")).toBe(true);
      const [first, second, third] = kept;
      if (!first || !second || !third) throw new Error("rules missing");
      const member = members[0];
      if (!member) throw new Error("member missing");

      // Everything is still there, and every member is still a full member.
      const rulesListed = await api.get(`/api/rules/household/${household.id}`, member.token);
      expect((rulesListed.json().data as unknown[]).length).toBe(12);
      const membersListed = await api.get(`/api/households/${household.id}/members`, member.token);
      expect(membersListed.statusCode).toBe(200);
      expect(await api.memberCount(household.id)).toBe(6);
      expect((await api.plan(household.id, member.token)).json().data).toMatchObject({
        plan: "basic",
        usage: { members: 6, rules: 12 },
        allows: { join: false, add_rule: false, edit_rules: false },
      });

      // A fine under any rule is still issued.
      const fine = await t.request({
        method: "POST",
        url: "/api/fines",
        token: member.token,
        payload: { household_id: household.id, rule_id: first.id, offender_id: owner.user.id, amount: 2.5 },
      });
      expect(fine.statusCode, fine.body).toBe(201);

      // Editing is refused while over the limit; deleting is allowed; at 10 editing works again.
      expect(refusal(await api.editRule(first.id, member.token))).toEqual(
        planLimit(rulesOverLimitMessage("basic", 12)),
      );
      expect((await api.deleteRule(second.id, member.token)).statusCode).toBe(200);
      expect(refusal(await api.editRule(first.id, member.token))).toEqual(
        planLimit(rulesOverLimitMessage("basic", 11)),
      );
      expect((await api.deleteRule(third.id, member.token)).statusCode).toBe(200);
      expect((await api.editRule(first.id, member.token)).statusCode).toBe(200);
      // Still at Basic's 10: a new one is refused.
      expect(refusal(await api.createRule(household.id, member.token))).toEqual(
        planLimit(rulesPlanLimitMessage("basic")),
      );

      // Over the seats, nobody new joins.
      expect(refusal(await api.joinById(household.id, (await api.newcomer()).token))).toEqual(
        planLimit(householdFullMessage("basic")),
      );
      expect(await api.memberCount(household.id)).toBe(6);
    });

    it("tells every member of a move (plan_changed), in-app and by email, as each one's preferences say", async () => {
      const { household, owner, members } = await api.flatOf(3);
      const [inAppOff, emailOff] = members;
      if (!inAppOff || !emailOff) throw new Error("members missing");
      const prefer = async (token: string, body: { in_app_enabled: boolean; email_enabled: boolean }) => {
        const url = "/api/notifications/preferences/plan_changed";
        const res = await t.request({ method: "PUT", url, token, payload: body });
        expect(res.statusCode, res.body).toBe(200);
      };
      await prefer(inAppOff.token, { in_app_enabled: false, email_enabled: true });
      await prefer(emailOff.token, { in_app_enabled: true, email_enabled: false });
      const everyone = [owner, inAppOff, emailOff];
      const emails = everyone.map((person) => person.user.email ?? "");
      const mailFor = async (to: string) =>
        (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((mail) =>
          mail.subject.includes("Plan changed"),
        );

      await api.setPlan(household.id, "pro");
      const told = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.householdId, household.id), eq(notifications.typeId, "plan_changed")));
      expect(told.map((row) => row.userId).sort()).toEqual([owner.user.id, emailOff.user.id].sort());
      expect(told.map((row) => [row.title, row.message])).toEqual([
        ["Plan changed", "Your household is now on Housemate Pro."],
        ["Plan changed", "Your household is now on Housemate Pro."],
      ]);
      expect((await Promise.all(emails.map(mailFor))).map((mails) => mails.length)).toEqual([1, 1, 0]);
      const [mail] = await mailFor(emails[0] ?? "");
      expect(mail?.text).toContain(`${PUBLIC_URL}/dashboard/household`);

      // Pushed live to a member's open socket, as every notification is.
      const socket = await openSocket(await listen(t.app), emailOff.token);
      await socket.next("notification_count");
      await api.setPlan(household.id, "basic");
      const pushed = await socket.next("notification", (message) => message.data.type_id === "plan_changed");
      expect(pushed.data.message).toBe("Your household is now on Housemate Basic. Nothing was deleted.");
      socket.close();

      // The same plan again tells nobody; each move is told once.
      await api.setPlan(household.id, "basic");
      const after = await t.db
        .select({ message: notifications.message })
        .from(notifications)
        .where(and(eq(notifications.userId, owner.user.id), eq(notifications.typeId, "plan_changed")));
      expect(after.map((row) => row.message).sort()).toEqual([
        "Your household is now on Housemate Basic. Nothing was deleted.",
        "Your household is now on Housemate Pro.",
      ]);
    });

    it("writes one plan_changed entry per move, by Housemate, and none for the same plan again", async () => {
      const { household, owner } = await api.flatOf(1);
      expect(await api.setPlan(household.id, "pro")).toBe(true);
      expect(await api.setPlan(household.id, "pro")).toBe(false);
      expect(await api.setPlan(household.id, "basic")).toBe(true);
      expect(await api.setPlan(household.id, "basic")).toBe(false);
      const entries = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.householdId, household.id), eq(activityLog.kind, "household.plan_changed")))
        .orderBy(activityLog.id);
      expect(entries.map((entry) => entry.details)).toEqual([
        { from: "basic", to: "pro" },
        { from: "pro", to: "basic" },
      ]);
      expect(entries.map((entry) => [entry.actorId, entry.actorName])).toEqual([
        [null, "Housemate"],
        [null, "Housemate"],
      ]);
      // The log keeps being written on Basic; an upgrade shows it again.
      await api.setPlan(household.id, "pro");
      const log = await api.get(`/api/households/${household.id}/activity?kind=household`, owner.token);
      expect(log.statusCode).toBe(200);
      const kinds = (log.json().data as { kind: string }[]).map((entry) => entry.kind);
      expect(kinds.filter((kind) => kind === "household.plan_changed")).toHaveLength(3);
    });
  });

  describe("Pro features: 402 to a member on Basic, as before to everyone else", () => {
    for (const [feature, urlsOf] of Object.entries(FEATURE_URLS) as [
      Exclude<ProFeature, "appeals">,
      (id: string) => string[],
    ][]) {
      it(`refuses ${feature} to a member on Basic and answers it on Pro`, async () => {
        const { household, members } = await api.flatOf(2);
        const member = members[0];
        if (!member) throw new Error("member missing");
        for (const url of urlsOf(household.id)) {
          expect(refusal(await api.get(url, member.token)), url).toEqual(planLimit(featureNeedsProMessage(feature)));
        }
        await api.setPlan(household.id, "pro");
        for (const url of urlsOf(household.id)) expect((await api.get(url, member.token)).statusCode, url).toBe(200);
      });

      it(`answers outsiders of a Basic household's ${feature} as before: 401, 403, 404`, async () => {
        const { household, members } = await api.flatOf(3);
        const other = await api.flatOf(1);
        const leaver = members[1];
        if (!leaver) throw new Error("member missing");
        const left = await t.request({
          method: "POST",
          url: `/api/households/${household.id}/leave`,
          token: leaver.token,
          payload: {},
        });
        expect(left.statusCode, left.body).toBe(200);
        for (const url of urlsOf(household.id)) {
          expect((await api.get(url)).statusCode, url).toBe(401);
          expect((await api.get(url, other.owner.token)).statusCode, url).toBe(403);
          expect((await api.get(url, leaver.token)).statusCode, url).toBe(403);
        }
        for (const url of urlsOf(unknownId())) {
          expect((await api.get(url, other.owner.token)).statusCode, url).toBe(404);
        }
      });
    }
  });
});
