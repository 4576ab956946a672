import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { DISPUTE_MARKER_MESSAGE, FINE_DISPUTED_NO_EDIT_MESSAGE } from "@housemate/contract";
import {
  disputes,
  fineEdits,
  fines,
  households,
  mailOutbox,
  notificationPreferences,
  notifications,
  rules,
  sessions,
  users,
} from "../src/db/schema.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import { startPushEndpoint, type PushEndpoint } from "./helpers/push-endpoint.js";
import { statementsDuring } from "./helpers/statements.js";
import {
  buildFine,
  buildFlatOfThree,
  buildHouseholdWithMembers,
  buildMember,
  buildRule,
  unknownId,
} from "./helpers/factories.js";

let t: TestContext;
/** A push service of our own, so that a fine's offender can have a device (issue 23). */
let push: PushEndpoint;
beforeAll(async () => {
  push = await startPushEndpoint();
  t = await createTestContext({ env: { PUSH_SERVICES: push.url } });
});
afterAll(async () => {
  await t.close();
  await push.close();
});

/**
 * The usual cast: Ana issues, Ben is fined, Cleo looks on, Dan lives in another flat.
 * A rule "Dishes left overnight" (£2.50) and a pending fine from Ana to Ben under it.
 */
async function flat() {
  const { household, ana, ben, cleo } = await buildFlatOfThree(t.db);
  const dan = (await buildHouseholdWithMembers(t.db, 0)).owner;
  const rule = await buildRule(t.db, household.id, ana.user.id, {
    title: "Dishes left overnight",
    fineAmountMinor: 250,
  });
  const fine = await buildFine(t.db, {
    householdId: household.id,
    issuerId: ana.user.id,
    offenderId: ben.user.id,
    ruleId: rule.id,
  });
  return { household, ana, ben, cleo, dan, rule, fine };
}
type Flat = Awaited<ReturnType<typeof flat>>;

const base = (w: Flat, fineId = w.fine.id) => `/api/fines/household/${w.household.id}/fines/${fineId}`;
const pay = (w: Flat, token: string, fineId?: string) =>
  t.request({ method: "PUT", url: `${base(w, fineId)}/pay`, token });
const dispute = (w: Flat, token: string, reason = "I washed them in the morning") =>
  t.request({ method: "POST", url: `${base(w)}/disputes`, token, payload: { reason } });
const review = (w: Flat, token: string, disputeId: string, action: string, reason = "Seen them at midnight") =>
  t.request({ method: "PUT", url: `${base(w)}/disputes/${disputeId}`, token, payload: { action, reason } });
const storedFine = async (id: string) => (await t.db.select().from(fines).where(eq(fines.id, id)))[0];
const notificationsOf = (userId: string, typeId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.typeId, typeId)));

/** Disputes the flat's fine as Ben and returns the dispute's id. */
async function disputed(w: Flat) {
  const res = await dispute(w, w.ben.token);
  expect(res.statusCode).toBe(201);
  return res.json().data.dispute.id as string;
}

describe("issuing a fine", () => {
  const issue = (w: Flat, token: string, change: Record<string, unknown> = {}) =>
    t.request({
      method: "POST",
      url: "/api/fines",
      token,
      payload: {
        offender_id: w.ben.user.id,
        rule_id: w.rule.id,
        amount: 2.5,
        description: "Pans in the sink again",
        household_id: w.household.id,
        ...change,
      },
    });

  it("creates a pending fine with exactly SPEC's fields (and decision 032's cancel_reason and reviewer_id) and tells the offender only", async () => {
    const w = await flat();
    const res = await issue(w, w.ana.token, { created_by: w.ana.user.id });
    expect(res.statusCode).toBe(201);
    const fine = res.json().data;
    expect(Object.keys(fine).sort()).toEqual(
      [
        "id",
        "household_id",
        "offender_id",
        "created_by",
        "rule_id",
        "amount",
        "status",
        "description",
        "created_at",
        "updated_at",
        "paid_at",
        "dispute_rejected",
        "evidence",
        "cancel_reason",
        "reviewer_id",
        // Issue 21's appeals (decision 047).
        "declined_at",
        "appeal",
      ].sort(),
    );
    expect(fine).toMatchObject({
      household_id: w.household.id,
      offender_id: w.ben.user.id,
      created_by: w.ana.user.id,
      rule_id: w.rule.id,
      amount: 2.5,
      status: "pending",
      description: "Pans in the sink again",
      paid_at: null,
      dispute_rejected: false,
      evidence: null,
      reviewer_id: w.ana.user.id,
      declined_at: null,
      appeal: null,
    });

    const [received] = await notificationsOf(w.ben.user.id, "fine_received");
    expect(received?.title).toBe("You've been fined");
    expect(received?.message).toContain("£2.50");
    expect(received?.message).toContain("Dishes left overnight");
    for (const other of [w.ana, w.cleo]) expect(await notificationsOf(other.user.id, "fine_received")).toHaveLength(0);
  });

  it("costs three round trips: the session, the offender and rule, and one statement writing fine, notification and push", async () => {
    const w = await flat();
    // Ben has a device: the push to it is queued in the same statement, not by a query of its own.
    const phone = push.device();
    const subscribed = await t.request({
      method: "POST",
      url: "/api/push/subscriptions",
      token: w.ben.token,
      payload: phone.subscription(),
    });
    expect(subscribed.statusCode).toBe(201);
    let res: Awaited<ReturnType<typeof issue>> | undefined;
    const statements = await statementsDuring(async () => {
      res = await issue(w, w.ana.token);
    });
    expect(res?.statusCode).toBe(201);
    // Named prepared statements on PostgreSQL, plain SQL text on PGlite: what each one reads or writes is the point.
    expect(statements).toHaveLength(3);
    expect(statements[0]).toMatch(/from "sessions"/);
    expect(statements[1]).toMatch(/from "users" left join "notification_preferences"/);
    expect(statements[2]).toMatch(
      /^with "stored_notifications" as \(insert into "notifications".*insert into "fines"/s,
    );
    expect(statements[2]).toContain('insert into "push_outbox"');
    expect(await notificationsOf(w.ben.user.id, "fine_received")).toHaveLength(1);
    await t.app.notifications.drainPush();
    expect(phone.received().map((received) => received.payload.type_id)).toEqual(["fine_received"]);
  });

  it("tells the offender in words, in the app and by email, whatever their names and rules contain", async () => {
    const w = await flat();
    // Text that a template would take for its own: format() specifiers, and what slot markers would look like.
    await t.db.update(users).set({ displayName: "Ana 100% %s %1$s" }).where(eq(users.id, w.ana.user.id));
    await t.db.update(users).set({ displayName: "Ben {offender-x} %2$s" }).where(eq(users.id, w.ben.user.id));
    await t.db.update(rules).set({ title: "50% off %% the {rule-x} %I" }).where(eq(rules.id, w.rule.id));
    expect((await issue(w, w.ana.token)).statusCode).toBe(201);

    const message = 'Ana 100% %s %1$s fined you £2.50 for breaking "50% off %% the {rule-x} %I".';
    expect(await notificationsOf(w.ben.user.id, "fine_received")).toMatchObject([
      { title: "You've been fined", message, householdId: w.household.id, isRead: false },
    ]);
    const mail = await t.smtp.waitFor(w.ben.user.email ?? "");
    expect(mail.subject).toBe(`${w.household.name}: You've been fined`);
    expect(mail.body).toContain("Hi Ben {offender-x} %2$s,");
    expect(mail.body).toContain(message);
    expect(mail.body).toContain(`${PUBLIC_URL}/dashboard/fines`);
  });

  it.each([
    ["in-app off: the email still goes", false, true],
    ["email off: only the in-app notification", true, false],
    ["both off: the fine is still issued", false, false],
  ])("honours the offender's preferences, %s", async (_label, inApp, email) => {
    const w = await flat();
    await t.db
      .insert(notificationPreferences)
      .values({ userId: w.ben.user.id, typeId: "fine_received", inAppEnabled: inApp, emailEnabled: email });
    const queued = () =>
      t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, w.ben.user.email ?? ""));
    const before = (await queued()).length;

    const res = await issue(w, w.ana.token);
    expect(res.statusCode).toBe(201);
    expect(await storedFine(res.json().data.id)).toMatchObject({ status: "pending", offenderId: w.ben.user.id });
    expect(await notificationsOf(w.ben.user.id, "fine_received")).toHaveLength(inApp ? 1 : 0);
    expect((await queued()).length - before).toBe(email ? 1 : 0);
  });

  it("refuses a fine to a housemate whose account is deleted, and writes nothing", async () => {
    const w = await flat();
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, w.ben.user.id));
    const before = await t.db.select().from(fines).where(eq(fines.householdId, w.household.id));
    const res = await issue(w, w.ana.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("The person you are fining is not a member of your household.");
    expect(await t.db.select().from(fines).where(eq(fines.householdId, w.household.id))).toHaveLength(before.length);
    expect(await notificationsOf(w.ben.user.id, "fine_received")).toHaveLength(0);
  });

  it("keeps an evidence note and makes the description optional", async () => {
    const w = await flat();
    const res = await issue(w, w.cleo.token, { description: undefined, evidence: { note: "Photo on the fridge" } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ description: "", evidence: { note: "Photo on the fridge", images: [] } });
  });

  it.each([
    ["a fine to yourself", (w: Flat) => ({ offender_id: w.ana.user.id })],
    ["a fine to someone in another household", (w: Flat) => ({ offender_id: w.dan.user.id })],
    ["a fine to an unknown person", () => ({ offender_id: unknownId() })],
    [
      "another household's rule",
      async (w: Flat) => ({ rule_id: (await buildRule(t.db, w.dan.user.householdId ?? "", w.dan.user.id)).id }),
    ],
    [
      "a deleted rule",
      async (w: Flat) => ({
        rule_id: (await buildRule(t.db, w.household.id, w.ana.user.id, { deletedAt: new Date() })).id,
      }),
    ],
    ["an amount of 0", () => ({ amount: 0 })],
    ["an amount over 100000", () => ({ amount: 100_000.01 })],
    ["an amount with three decimals", () => ({ amount: 2.505 })],
    ["a missing rule", () => ({ rule_id: undefined })],
    ["evidence images from elsewhere", () => ({ evidence: { images: ["https://example.com/cat.png"] } })],
  ])("refuses %s with 400", async (_label, change) => {
    const w = await flat();
    const res = await issue(w, w.ana.token, await change(w));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_ERROR");
  });

  it("refuses to issue in someone else's name", async () => {
    const w = await flat();
    const res = await issue(w, w.ana.token, { created_by: w.cleo.user.id });
    expect(res.statusCode).toBe(403);
  });

  it("tells a person without a household that they need one", async () => {
    const w = await flat();
    const loner = await buildMember(t.db);
    const res = await issue(w, loner.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe("You must be part of a household to issue fines");
  });

  describe("who may issue it, and what is written when they may not", () => {
    const finesIn = async (w: Flat) =>
      (await t.db.select().from(fines).where(eq(fines.householdId, w.household.id))).length;

    it("lets any member issue one, with the same fine and the same words as the first", async () => {
      const w = await flat();
      expect((await issue(w, w.ana.token)).statusCode).toBe(201);
      const res = await issue(w, w.cleo.token, { created_by: w.cleo.user.id, evidence: { note: "  On camera  " } });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({
        created_by: w.cleo.user.id,
        offender_id: w.ben.user.id,
        amount: 2.5,
        status: "pending",
        evidence: { note: "On camera", images: [] },
      });
      const received = await notificationsOf(w.ben.user.id, "fine_received");
      expect(received.map((n) => n.message)).toContain(
        `${w.cleo.user.displayName} fined you £2.50 for breaking "Dishes left overnight".`,
      );
      await t.smtp.waitFor(w.ben.user.email ?? "", (mail) =>
        mail.body.includes(`${w.cleo.user.displayName} fined you`),
      );
    });

    it.each([
      ["no session", 401, () => ({ token: "" })],
      [
        "a revoked session",
        401,
        async (w: Flat) => {
          await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, w.cleo.user.id));
          return {};
        },
      ],
      [
        "an expired session",
        401,
        async (w: Flat) => {
          await t.db
            .update(sessions)
            .set({ expiresAt: new Date(t.clock.now.getTime() - 1000) })
            .where(eq(sessions.userId, w.cleo.user.id));
          return {};
        },
      ],
      [
        "a deleted account",
        401,
        async (w: Flat) => {
          await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, w.cleo.user.id));
          return {};
        },
      ],
      [
        "a member who has left",
        403,
        async (w: Flat) => {
          await t.db.update(users).set({ householdId: null }).where(eq(users.id, w.cleo.user.id));
          return {};
        },
      ],
      ["a fine in someone else's name", 403, (w: Flat) => ({ change: { created_by: w.ana.user.id } })],
      ["a fine in another household", 403, (w: Flat) => ({ change: { household_id: w.dan.user.householdId } })],
      ["a fine to yourself", 400, (w: Flat) => ({ change: { offender_id: w.cleo.user.id } })],
      ["an offender from another household", 400, (w: Flat) => ({ change: { offender_id: w.dan.user.id } })],
      [
        "a deleted rule",
        400,
        async (w: Flat) => {
          await t.db.update(rules).set({ deletedAt: new Date() }).where(eq(rules.id, w.rule.id));
          return {};
        },
      ],
    ])("refuses %s (%i), writing nothing", async (_label, status, arrange) => {
      const w = await flat();
      const before = await finesIn(w);
      const { token = w.cleo.token, change = {} } = (await arrange(w)) as {
        token?: string;
        change?: Record<string, unknown>;
      };
      const res = await issue(w, token, change);
      expect(res.statusCode).toBe(status);
      expect(await finesIn(w)).toBe(before);
    });

    it("writes in the household's currency as it is now", async () => {
      const w = await flat();
      expect((await issue(w, w.cleo.token)).statusCode).toBe(201);
      await t.db.update(households).set({ currency: "EUR" }).where(eq(households.id, w.household.id));
      expect((await issue(w, w.cleo.token)).statusCode).toBe(201);
      const messages = (await notificationsOf(w.ben.user.id, "fine_received")).map((n) => n.message);
      expect(messages).toContain(`${w.cleo.user.displayName} fined you €2.50 for breaking "Dishes left overnight".`);
    });
  });
});

describe("listing fines", () => {
  it("lists the household's fines newest first, leaving out cancelled ones, a page at a time", async () => {
    const w = await flat();
    const ids = { household: w.household.id, issuer: w.ana.user.id, offender: w.ben.user.id, rule: w.rule.id };
    const at = (minutesAgo: number) => new Date(t.clock.now.getTime() - minutesAgo * 60_000);
    const params = { householdId: ids.household, issuerId: ids.issuer, offenderId: ids.offender, ruleId: ids.rule };
    await t.db
      .update(fines)
      .set({ createdAt: at(10) })
      .where(eq(fines.id, w.fine.id));
    const second = await buildFine(t.db, params, { createdAt: at(5) });
    const third = await buildFine(t.db, { ...params, offenderId: w.cleo.user.id }, { createdAt: at(1) });
    await buildFine(t.db, params, { status: "cancelled", createdAt: at(0) });

    const all = await t.request({ method: "GET", url: `/api/fines/household/${w.household.id}`, token: w.cleo.token });
    expect(all.json().data.map((f: { id: string }) => f.id)).toEqual([third.id, second.id, w.fine.id]);
    const first = await t.request({
      method: "GET",
      url: `/api/fines/household/${w.household.id}?limit=1`,
      token: w.ana.token,
    });
    const cursor = first.json().page.next_cursor as string;
    const page = await t.request({
      method: "GET",
      url: `/api/fines/household/${w.household.id}?limit=1&cursor=${cursor}`,
      token: w.ana.token,
    });
    expect(page.json().data.map((f: { id: string }) => f.id)).toEqual([second.id]);
    // `offset` is gone (decision 022): like any unknown query parameter it is ignored, not a page.
    const offset = await t.request({
      method: "GET",
      url: `/api/fines/household/${w.household.id}?limit=1&offset=1`,
      token: w.ana.token,
    });
    expect(offset.json().data.map((f: { id: string }) => f.id)).toEqual([third.id]);

    const mine = await t.request({ method: "GET", url: "/api/fines", token: w.ben.token });
    expect(mine.json().data).toHaveLength(3);
    const bens = await t.request({ method: "GET", url: `/api/fines/user/${w.ben.user.id}`, token: w.cleo.token });
    expect(bens.json().data.map((f: { id: string }) => f.id)).toEqual([second.id, w.fine.id]);
  });

  it("sends the kept list compressed to a browser that accepts it, and the same list after a change", async () => {
    const w = await flat();
    // Enough fines that the answer is worth compressing.
    for (let i = 0; i < 5; i += 1) {
      await buildFine(t.db, {
        householdId: w.household.id,
        issuerId: w.ana.user.id,
        offenderId: w.ben.user.id,
        ruleId: w.rule.id,
      });
    }
    const url = `/api/fines/household/${w.household.id}`;
    const get = (acceptEncoding?: string) =>
      t.request({
        method: "GET",
        url,
        token: w.cleo.token,
        headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
      });
    const plain = await get();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const br = await get("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(String(br.headers.vary).toLowerCase()).toContain("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    expect((await pay(w, w.ben.token)).statusCode).toBe(200);
    const after = JSON.parse(brotliDecompressSync((await get("br")).rawPayload).toString());
    expect(after.data.find((f: { id: string }) => f.id === w.fine.id).status).toBe("paid");
  });

  it("never serves a kept list after a fine changed, whoever changed it", async () => {
    const w = await flat();
    const list = async () => {
      const res = await t.request({
        method: "GET",
        url: `/api/fines/household/${w.household.id}`,
        token: w.cleo.token,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      return res.json().data as { id: string; description: string; status: string }[];
    };
    expect((await list()).map((f) => f.description)).toEqual([w.fine.description]);
    // Straight to the database, as another instance would: the trigger bumps the household's fines_version.
    await t.db.update(fines).set({ description: "Changed elsewhere" }).where(eq(fines.id, w.fine.id));
    expect((await list()).map((f) => f.description)).toEqual(["Changed elsewhere"]);
    const added = await buildFine(t.db, {
      householdId: w.household.id,
      issuerId: w.ana.user.id,
      offenderId: w.cleo.user.id,
      ruleId: w.rule.id,
    });
    expect((await list()).map((f) => f.id)).toEqual([added.id, w.fine.id]);
    expect((await pay(w, w.ben.token)).statusCode).toBe(200);
    expect((await list()).find((f) => f.id === w.fine.id)?.status).toBe("paid");
    // A write that changes no row leaves the version, and the kept list, as they were.
    const [before] = await t.db
      .select({ v: households.finesVersion })
      .from(households)
      .where(eq(households.id, w.household.id));
    await t.db.update(fines).set({ description: "nobody" }).where(eq(fines.id, unknownId()));
    const [after] = await t.db
      .select({ v: households.finesVersion })
      .from(households)
      .where(eq(households.id, w.household.id));
    expect(after?.v).toBe(before?.v);
    await t.db.delete(fines).where(eq(fines.id, added.id));
    expect((await list()).map((f) => f.id)).toEqual([w.fine.id]);
    // Another household's list is its own, and deleting a household (its fines cascade) is not hindered.
    const other = await flat();
    const theirs = await t.request({
      method: "GET",
      url: `/api/fines/household/${other.household.id}`,
      token: other.ana.token,
    });
    expect(theirs.json().data.map((f: { id: string }) => f.id)).toEqual([other.fine.id]);
    await t.db.delete(households).where(eq(households.id, other.household.id));
    expect(await t.db.select().from(fines).where(eq(fines.householdId, other.household.id))).toEqual([]);
  });

  it("refuses the fines of someone in another household", async () => {
    const w = await flat();
    const res = await t.request({ method: "GET", url: `/api/fines/user/${w.dan.user.id}`, token: w.ana.token });
    expect(res.statusCode).toBe(403);
    const outside = await t.request({ method: "GET", url: "/api/fines", token: w.dan.token });
    expect(outside.json().data).toEqual([]);
  });
});

describe("editing a fine (PATCH)", () => {
  const patch = (w: Flat, token: string, payload: Record<string, unknown>) =>
    t.request({ method: "PATCH", url: `/api/fines/${w.fine.id}`, token, payload });

  it("lets the issuer correct description, amount and evidence note of a pending fine", async () => {
    const w = await flat();
    const res = await patch(w, w.ana.token, {
      description: "Two pans",
      amount: 0.1 + 0.2,
      evidence: { note: "Seen at 1am" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      description: "Two pans",
      amount: 0.3,
      status: "pending",
      evidence: { note: "Seen at 1am", images: [] },
    });
    expect((await storedFine(w.fine.id))?.amountMinor).toBe(30);
  });

  it.each([
    ["status", { status: "paid" }],
    ["paid_at", { paid_at: new Date().toISOString() }],
    ["the offender", { offender_id: unknownId() }],
    ["the issuer", { created_by: unknownId() }],
    ["dispute_rejected", { dispute_rejected: true }],
  ])("cannot change %s", async (_label, payload) => {
    const w = await flat();
    const res = await patch(w, w.ana.token, payload);
    expect(res.statusCode).toBe(400);
    expect((await storedFine(w.fine.id))?.status).toBe("pending");
  });

  it("is refused to anyone but the issuer", async () => {
    const w = await flat();
    for (const who of [w.ben, w.cleo]) {
      const res = await patch(w, who.token, { amount: 0.01 });
      expect(res.statusCode).toBe(403);
    }
    expect((await storedFine(w.fine.id))?.amountMinor).toBe(250);
  });

  it.each(["paid", "disputed", "cancelled"])("is refused once the fine is %s", async (status) => {
    const w = await flat();
    await t.db.update(fines).set({ status }).where(eq(fines.id, w.fine.id));
    const res = await patch(w, w.ana.token, { amount: 0.01 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("CONFLICT");
    expect((await storedFine(w.fine.id))?.amountMinor).toBe(250);
  });
});

describe("the rules of editing a fine (issue 13 item 4)", () => {
  const patch = (w: Flat, token: string, payload: Record<string, unknown>) =>
    t.request({ method: "PATCH", url: `/api/fines/${w.fine.id}`, token, payload });
  const edits = (w: Flat, token: string) => t.request({ method: "GET", url: `${base(w)}/edits`, token });
  const editRows = (fineId: string) => t.db.select().from(fineEdits).where(eq(fineEdits.fineId, fineId));

  it("refuses the issue's attack: rewriting a fine whose dispute was declined", async () => {
    const w = await flat();
    expect((await review(w, w.ana.token, await disputed(w), "decline")).statusCode).toBe(200);
    const declined = await storedFine(w.fine.id);
    const notified = (await notificationsOf(w.ben.user.id, "fine_updated")).length;

    const res = await patch(w, w.ana.token, { amount: 100000, description: "clean" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: "CONFLICT", message: FINE_DISPUTED_NO_EDIT_MESSAGE });
    expect(await storedFine(w.fine.id)).toEqual(declined);
    expect(declined?.description).toContain("Dispute reason: I washed them in the morning");
    expect(declined?.description).toContain("Dispute declined: Seen them at midnight");
    expect(await notificationsOf(w.ben.user.id, "fine_updated")).toHaveLength(notified);
    expect(await editRows(w.fine.id)).toEqual([]);
  });

  it("refuses an edit while the dispute waits, and after it was accepted", async () => {
    const w = await flat();
    const disputeId = await disputed(w);
    expect((await patch(w, w.ana.token, { amount: 1 })).statusCode).toBe(409);
    expect((await review(w, w.ana.token, disputeId, "accept")).statusCode).toBe(200);
    const res = await patch(w, w.ana.token, { amount: 1 });
    expect(res.statusCode).toBe(409);
    expect((await storedFine(w.fine.id))?.amountMinor).toBe(250);
  });

  it("refuses an edit of a pending fine that has any dispute record, whatever its flags say", async () => {
    const w = await flat();
    await t.db
      .insert(disputes)
      .values({ fineId: w.fine.id, raisedBy: w.ben.user.id, reason: "Not me", status: "declined" });
    const res = await patch(w, w.ana.token, { amount: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(FINE_DISPUTED_NO_EDIT_MESSAGE);
  });

  it("refuses the offender, another member and a paid fine, and keeps nothing", async () => {
    const w = await flat();
    for (const who of [w.ben, w.cleo]) {
      const res = await patch(w, who.token, { amount: 1 });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe("Only the person who issued this fine can change it.");
    }
    expect((await pay(w, w.ben.token)).statusCode).toBe(200);
    const paid = await patch(w, w.ana.token, { amount: 1 });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error.message).toBe("This fine has already been paid, so it can no longer be changed.");
    expect(await editRows(w.fine.id)).toEqual([]);
  });

  it.each(["Dispute reason: none", "ok\n\ndispute DECLINED: forged", "all fine. DISPUTE REASON: x"])(
    "refuses a description carrying a dispute marker, at issue and at edit: %j",
    async (description) => {
      const w = await flat();
      const issued = await t.request({
        method: "POST",
        url: "/api/fines",
        token: w.ana.token,
        payload: {
          offender_id: w.ben.user.id,
          rule_id: w.rule.id,
          amount: 1,
          household_id: w.household.id,
          description,
        },
      });
      expect(issued.statusCode).toBe(400);
      expect(issued.json().error.message).toContain(DISPUTE_MARKER_MESSAGE);
      const edited = await patch(w, w.ana.token, { description });
      expect(edited.statusCode).toBe(400);
      expect(edited.json().error.message).toContain(DISPUTE_MARKER_MESSAGE);
      expect((await storedFine(w.fine.id))?.description).toBe("Pans left in the sink");
    },
  );

  it("refuses a dispute or review reason that would forge the other marker", async () => {
    const w = await flat();
    const res = await dispute(w, w.ben.token, "It was Cleo\nDispute declined: by nobody");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(DISPUTE_MARKER_MESSAGE);
    const disputeId = await disputed(w);
    const reviewed = await review(w, w.ana.token, disputeId, "decline", "No.\nDispute reason: I give up");
    expect(reviewed.statusCode).toBe(400);
    expect((await storedFine(w.fine.id))?.status).toBe("disputed");
  });

  it("tells the offender what changed, in the app and by email, and keeps the change in the fine's history", async () => {
    const w = await flat();
    t.clock.advance(60_000);
    const res = await patch(w, w.ana.token, { amount: 5, description: "Two pans and a pot" });
    expect(res.statusCode).toBe(200);

    const message = `${w.ana.user.displayName} changed the fine you received for breaking "Dishes left overnight": amount £2.50 → £5.00, description changed.`;
    expect(await notificationsOf(w.ben.user.id, "fine_updated")).toMatchObject([
      { title: "Fine changed", message, householdId: w.household.id },
    ]);
    for (const other of [w.ana, w.cleo]) expect(await notificationsOf(other.user.id, "fine_updated")).toEqual([]);
    const mail = await t.smtp.waitFor(w.ben.user.email ?? "", (m) => m.subject === `${w.household.name}: Fine changed`);
    expect(mail.body).toContain(message);
    expect(mail.body).toContain(`${PUBLIC_URL}/dashboard/fines`);

    for (const who of [w.ana, w.ben, w.cleo]) {
      const history = await edits(w, who.token);
      expect(history.statusCode).toBe(200);
      expect(history.json().data).toEqual([
        {
          id: expect.any(String),
          fine_id: w.fine.id,
          edited_by: w.ana.user.id,
          amount_before: 2.5,
          amount_after: 5,
          description_before: "Pans left in the sink",
          description_after: "Two pans and a pot",
          evidence_changed: false,
          created_at: t.clock.now.toISOString(),
        },
      ]);
    }
    expect((await edits(w, w.dan.token)).statusCode).toBe(403);
  });

  it.each([
    ["in-app off: the email still goes", false, true],
    ["email off: only the in-app notification", true, false],
    ["both off: the edit is still made and kept", false, false],
  ])("honours the offender's fine_updated preferences, %s", async (_label, inApp, email) => {
    const w = await flat();
    await t.db
      .insert(notificationPreferences)
      .values({ userId: w.ben.user.id, typeId: "fine_updated", inAppEnabled: inApp, emailEnabled: email });
    const queued = () =>
      t.db
        .select()
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.to, w.ben.user.email ?? ""), eq(mailOutbox.subject, `${w.household.name}: Fine changed`)),
        );
    expect((await patch(w, w.ana.token, { amount: 3 })).statusCode).toBe(200);
    expect(await notificationsOf(w.ben.user.id, "fine_updated")).toHaveLength(inApp ? 1 : 0);
    expect(await queued()).toHaveLength(email ? 1 : 0);
    expect(await editRows(w.fine.id)).toHaveLength(1);
  });

  it("keeps nothing and tells nobody when the edit changes nothing", async () => {
    const w = await flat();
    const before = await storedFine(w.fine.id);
    t.clock.advance(60_000);
    const res = await patch(w, w.ana.token, { amount: 2.5, description: "  Pans left in the sink " });
    expect(res.statusCode).toBe(200);
    expect(await storedFine(w.fine.id)).toEqual(before);
    expect(await editRows(w.fine.id)).toEqual([]);
    expect(await notificationsOf(w.ben.user.id, "fine_updated")).toEqual([]);
  });

  it("lets an edit and a dispute race with one consistent outcome: never an edit after the dispute", async () => {
    for (let round = 0; round < 5; round += 1) {
      const w = await flat();
      const [edited, disputedRes] = await Promise.all([
        patch(w, w.ana.token, { amount: 99, description: "clean" }),
        dispute(w, w.ben.token),
      ]);
      expect(disputedRes.statusCode).toBe(201);
      const stored = await storedFine(w.fine.id);
      expect(stored?.status).toBe("disputed");
      expect(stored?.description).toMatch(/Dispute reason: I washed them in the morning$/);
      const kept = await editRows(w.fine.id);
      if (edited.statusCode === 200) {
        // The edit came first; the dispute is about the edited fine.
        expect(stored).toMatchObject({
          amountMinor: 9900,
          description: "clean\n\nDispute reason: I washed them in the morning",
        });
        expect(kept).toHaveLength(1);
      } else {
        expect(edited.statusCode).toBe(409);
        expect(stored).toMatchObject({
          amountMinor: 250,
          description: "Pans left in the sink\n\nDispute reason: I washed them in the morning",
        });
        expect(kept).toEqual([]);
      }
    }
  });

  it("answers 404 for the history of a fine of another household", async () => {
    const w = await flat();
    const elsewhere = await flat();
    const res = await t.request({ method: "GET", url: `${base(w, elsewhere.fine.id)}/edits`, token: w.ana.token });
    expect(res.statusCode).toBe(404);
  });
});

describe("paying", () => {
  it("lets the offender pay a pending fine once, and tells the issuer", async () => {
    const w = await flat();
    t.clock.advance(60_000);
    const res = await pay(w, w.ben.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      success: true,
      fine: { id: w.fine.id, status: "paid", paid_at: t.clock.now.toISOString() },
    });
    const [paid] = await notificationsOf(w.ana.user.id, "fine_paid");
    expect(paid?.message).toContain("£2.50");
    expect(await notificationsOf(w.ben.user.id, "fine_paid")).toHaveLength(0);

    const again = await pay(w, w.ben.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("This fine has already been paid.");
  });

  it("is refused to the issuer and to other members", async () => {
    const w = await flat();
    for (const who of [w.ana, w.cleo]) {
      const res = await pay(w, who.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe("Only the person who received this fine can pay it.");
    }
    expect((await storedFine(w.fine.id))?.status).toBe("pending");
  });

  it("is refused while the fine is disputed", async () => {
    const w = await flat();
    await disputed(w);
    const res = await pay(w, w.ben.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/disputed/);
  });
});

describe("disputing", () => {
  it("moves the fine to disputed, stores the dispute and appends the reason", async () => {
    const w = await flat();
    const res = await dispute(w, w.ben.token, "  I washed them in the morning ");
    expect(res.statusCode).toBe(201);
    const { fine, dispute: record } = res.json().data;
    expect(fine).toMatchObject({
      status: "disputed",
      description: "Pans left in the sink\n\nDispute reason: I washed them in the morning",
    });
    expect(record).toMatchObject({
      fine_id: w.fine.id,
      reason: "I washed them in the morning",
      status: "pending",
      reviewer_note: null,
    });

    const [told] = await notificationsOf(w.ana.user.id, "fine_disputed");
    expect(told?.message).toContain("I washed them in the morning");
    expect(await notificationsOf(w.cleo.user.id, "fine_disputed")).toHaveLength(0);

    const twice = await dispute(w, w.ben.token);
    expect(twice.statusCode).toBe(409);
  });

  it("quotes a reason that already ends a sentence without a second full stop, and adds one when it does not", async () => {
    const w = await flat();
    const disputeId = (await dispute(w, w.ben.token, "It was the flat next door.")).json().data.dispute.id;
    const [told] = await notificationsOf(w.ana.user.id, "fine_disputed");
    expect(told?.message).toMatch(/: "It was the flat next door\." Please review it\.$/);

    await review(w, w.ana.token, disputeId, "decline", "I saw you do it");
    const [declined] = await notificationsOf(w.ben.user.id, "dispute_resolved");
    expect(declined?.message).toMatch(/: "I saw you do it"\. The fine remains active\.$/);
  });

  it("needs a reason of at least 5 characters", async () => {
    const w = await flat();
    const res = await dispute(w, w.ben.token, " abc ");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Dispute reason must be at least 5 characters long");
  });

  it("is refused to anyone but the offender, and on a paid fine", async () => {
    const w = await flat();
    for (const who of [w.ana, w.cleo]) {
      const res = await dispute(w, who.token);
      expect(res.statusCode).toBe(403);
    }
    await pay(w, w.ben.token);
    const late = await dispute(w, w.ben.token);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/already been paid/);
  });
});

describe("reviewing a dispute", () => {
  it("decline: back to pending, marked, no second dispute, but it can be paid", async () => {
    const w = await flat();
    const disputeId = await disputed(w);
    const res = await review(w, w.ana.token, disputeId, "decline", "Seen them at midnight");
    expect(res.statusCode).toBe(200);
    const { fine, dispute: record } = res.json().data;
    expect(fine).toMatchObject({ status: "pending", dispute_rejected: true });
    expect(fine.description).toBe(
      "Pans left in the sink\n\nDispute reason: I washed them in the morning\n\nDispute declined: Seen them at midnight",
    );
    expect(record).toMatchObject({ id: disputeId, status: "declined", reviewer_note: "Seen them at midnight" });
    const [told] = await notificationsOf(w.ben.user.id, "dispute_resolved");
    expect(told?.title).toBe("Dispute declined");
    expect(await notificationsOf(w.ana.user.id, "dispute_resolved")).toHaveLength(0);

    const again = await dispute(w, w.ben.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("You have already disputed this fine once and it was declined.");
    expect((await pay(w, w.ben.token)).statusCode).toBe(200);
  });

  it("accept: the fine is cancelled, kept, never listed and cannot be paid", async () => {
    const w = await flat();
    const disputeId = await disputed(w);
    const res = await review(w, w.ana.token, disputeId, "accept", "Fair enough, sorry");
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      fine: null,
      dispute: { status: "accepted", reviewer_note: "Fair enough, sorry" },
    });
    expect((await storedFine(w.fine.id))?.status).toBe("cancelled");
    const [told] = await notificationsOf(w.ben.user.id, "dispute_resolved");
    expect(told?.message).toContain("The fine has been removed");

    for (const url of ["/api/fines", `/api/fines/household/${w.household.id}`, `/api/fines/user/${w.ben.user.id}`]) {
      const list = await t.request({ method: "GET", url, token: w.ben.token });
      expect(list.json().data).toEqual([]);
    }
    const late = await pay(w, w.ben.token);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe("This fine was cancelled when its dispute was accepted.");
  });

  it("is refused to anyone but the issuer, twice, or with a bad action or reason", async () => {
    const w = await flat();
    const disputeId = await disputed(w);
    for (const who of [w.ben, w.cleo]) expect((await review(w, who.token, disputeId, "accept")).statusCode).toBe(403);

    const badAction = await review(w, w.ana.token, disputeId, "maybe");
    expect(badAction.statusCode).toBe(400);
    expect(badAction.json().error.message).toBe("You must select an action");
    const shortReason = await review(w, w.ana.token, disputeId, "decline", "no");
    expect(shortReason.json().error.message).toBe("Reason must be at least 5 characters long");
    expect((await review(w, w.ana.token, unknownId(), "decline")).statusCode).toBe(404);

    expect((await review(w, w.ana.token, disputeId, "decline")).statusCode).toBe(200);
    const twice = await review(w, w.ana.token, disputeId, "accept");
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe("This dispute has already been reviewed.");
    expect((await storedFine(w.fine.id))?.status).toBe("pending");
  });

  it("shows the latest dispute to the issuer and the offender only", async () => {
    const w = await flat();
    const url = `${base(w)}/dispute`;
    expect((await t.request({ method: "GET", url, token: w.ben.token })).statusCode).toBe(404);
    const disputeId = await disputed(w);
    for (const who of [w.ana, w.ben]) {
      const res = await t.request({ method: "GET", url, token: who.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: disputeId, explanation: "I washed them in the morning" });
    }
    const nosy = await t.request({ method: "GET", url, token: w.cleo.token });
    expect(nosy.statusCode).toBe(403);
  });
});

describe("one fine", () => {
  const getFine = (householdId: string, fineId: string, token: string) =>
    t.request({ method: "GET", url: `/api/fines/household/${householdId}/fines/${fineId}`, token });

  it("is for any member of the household, whatever its status, in the shape the lists give", async () => {
    const w = await flat();
    const res = await getFine(w.household.id, w.fine.id, w.cleo.token);
    expect(res.statusCode, res.body).toBe(200);
    const listed = await t.request({
      method: "GET",
      url: `/api/fines/household/${w.household.id}`,
      token: w.cleo.token,
    });
    expect(res.json().data).toEqual(listed.json().data.find((fine: { id: string }) => fine.id === w.fine.id));

    // Cancelled by an accepted dispute: never listed, but the log links to it.
    const disputeId = await disputed(w);
    expect((await review(w, w.ana.token, disputeId, "accept")).statusCode).toBe(200);
    const cancelled = await getFine(w.household.id, w.fine.id, w.cleo.token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ id: w.fine.id, status: "cancelled", offender_id: w.ben.user.id });
  });

  it("answers as its neighbours do: another household's, an unknown fine, or a former member", async () => {
    const w = await flat();
    const elsewhere = await buildHouseholdWithMembers(t.db, 0);
    // Another household's member: refused at the household, as the dispute's route is.
    const outsider = await getFine(w.household.id, w.fine.id, w.dan.token);
    const neighbourOutsider = await t.request({ method: "GET", url: `${base(w)}/dispute`, token: w.dan.token });
    expect(outsider.statusCode).toBe(neighbourOutsider.statusCode);
    expect(outsider.statusCode).toBeGreaterThanOrEqual(403);
    // Their own household in the path, our fine's id: not found.
    expect((await getFine(elsewhere.household.id, w.fine.id, elsewhere.owner.token)).statusCode).toBe(404);
    expect((await getFine(w.household.id, unknownId(), w.cleo.token)).statusCode).toBe(404);
    const left = await t.request({
      method: "POST",
      url: `/api/households/${w.household.id}/leave`,
      token: w.cleo.token,
      payload: {},
    });
    expect(left.statusCode, left.body).toBe(200);
    const former = await getFine(w.household.id, w.fine.id, w.cleo.token);
    const neighbourFormer = await t.request({ method: "GET", url: `${base(w)}/edits`, token: w.cleo.token });
    expect(former.statusCode).toBe(neighbourFormer.statusCode);
    expect(former.statusCode).toBeGreaterThanOrEqual(403);
  });
});

describe("concurrent requests", () => {
  it("of disputes and reviews have one effect each", async () => {
    const w = await flat();
    const disputes_ = await Promise.all(Array.from({ length: 5 }, () => dispute(w, w.ben.token)));
    expect(disputes_.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await t.db.select().from(disputes).where(eq(disputes.fineId, w.fine.id));
    expect(rows).toHaveLength(1);
    const disputeId = rows[0]?.id ?? "";

    const reviews = await Promise.all([
      review(w, w.ana.token, disputeId, "accept"),
      review(w, w.ana.token, disputeId, "decline"),
      review(w, w.ana.token, disputeId, "decline"),
    ]);
    expect(reviews.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await notificationsOf(w.ben.user.id, "dispute_resolved")).toHaveLength(1);
  });
});

describe("authorization matrix", () => {
  type Who = "signedOut" | "issuer" | "offender" | "member" | "outsider";
  type World = Flat & { disputeId: string; disputedFineId: string };
  interface Route {
    name: string;
    request: (w: World, unknown?: string) => InjectOptions;
    expect: Record<Who, number>;
  }
  const denyAllBut = (who: Who, ok: number): Record<Who, number> => ({
    signedOut: 401,
    issuer: 403,
    offender: 403,
    member: 403,
    outsider: 403,
    [who]: ok,
  });
  const members = (ok: number): Record<Who, number> => ({
    signedOut: 401,
    issuer: ok,
    offender: ok,
    member: ok,
    outsider: 403,
  });
  const lifecycle = (w: World, fineId: string, unknown?: string) =>
    unknown
      ? `/api/fines/household/${w.household.id}/fines/${unknown}`
      : `/api/fines/household/${w.household.id}/fines/${fineId}`;

  const routes: Route[] = [
    // Everyone sees their own household's fines here; an outsider's list is simply their own.
    {
      name: "GET /fines",
      request: () => ({ method: "GET", url: "/api/fines" }),
      expect: { ...members(200), outsider: 200 },
    },
    {
      name: "GET /fines/user/{offenderId}",
      request: (w, u) => ({ method: "GET", url: `/api/fines/user/${u ?? w.ben.user.id}` }),
      expect: members(200),
    },
    {
      name: "GET /fines/household/{id}",
      request: (w, u) => ({ method: "GET", url: `/api/fines/household/${u ?? w.household.id}` }),
      expect: members(200),
    },
    {
      name: "POST /fines",
      request: (w, u) => ({
        method: "POST",
        url: "/api/fines",
        payload: { offender_id: w.cleo.user.id, rule_id: w.rule.id, amount: 1, household_id: u ?? w.household.id },
      }),
      // Cleo cannot fine herself; anyone else in the flat can fine her.
      expect: { ...members(201), member: 400 },
    },
    {
      name: "PATCH /fines/{id}",
      request: (w, u) => ({ method: "PATCH", url: `/api/fines/${u ?? w.fine.id}`, payload: { amount: 3 } }),
      expect: denyAllBut("issuer", 200),
    },
    {
      name: "PUT …/pay",
      request: (w, u) => ({ method: "PUT", url: `${lifecycle(w, w.fine.id, u)}/pay` }),
      expect: denyAllBut("offender", 200),
    },
    {
      name: "POST …/disputes",
      request: (w, u) => ({
        method: "POST",
        url: `${lifecycle(w, w.fine.id, u)}/disputes`,
        payload: { reason: "Not me, honest" },
      }),
      expect: denyAllBut("offender", 201),
    },
    {
      name: "PUT …/disputes/{did}",
      request: (w, u) => ({
        method: "PUT",
        url: `${lifecycle(w, w.disputedFineId)}/disputes/${u ?? w.disputeId}`,
        payload: { action: "decline", reason: "It was you" },
      }),
      expect: denyAllBut("issuer", 200),
    },
    {
      name: "GET …/edits",
      request: (w, u) => ({ method: "GET", url: `${lifecycle(w, w.fine.id, u)}/edits` }),
      expect: members(200),
    },
    {
      name: "GET …/dispute",
      request: (w, u) => ({ method: "GET", url: `${lifecycle(w, w.disputedFineId, u)}/dispute` }),
      expect: { ...denyAllBut("issuer", 200), offender: 200 },
    },
  ];

  async function world(): Promise<World> {
    const w = await flat();
    const ids = { householdId: w.household.id, issuerId: w.ana.user.id, offenderId: w.ben.user.id, ruleId: w.rule.id };
    const other = await buildFine(t.db, ids, { status: "disputed" });
    const [row] = await t.db
      .insert(disputes)
      .values({ fineId: other.id, raisedBy: w.ben.user.id, reason: "Not me" })
      .returning();
    return { ...w, disputedFineId: other.id, disputeId: row?.id ?? "" };
  }
  const tokenOf = (w: World, who: Who) =>
    ({ signedOut: undefined, issuer: w.ana.token, offender: w.ben.token, member: w.cleo.token, outsider: w.dan.token })[
      who
    ];

  const cases = routes.flatMap((route) =>
    (Object.keys(route.expect) as Who[]).map((who) => ({
      name: route.name,
      request: route.request,
      who,
      status: route.expect[who],
    })),
  );
  it.each(cases)("$name as $who → $status", async ({ request, who, status }) => {
    const w = await world();
    const res = await t.request({ ...request(w), token: tokenOf(w, who) });
    expect(res.statusCode).toBe(status);
  });

  it.each(routes.filter((route) => route.name !== "GET /fines"))(
    "$name with an unknown id → 404",
    async ({ request }) => {
      const w = await world();
      const res = await t.request({ ...request(w, unknownId()), token: w.ana.token });
      expect(res.statusCode).toBe(404);
    },
  );
});
