import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import {
  AWAY_PAST_MESSAGE,
  AWAY_TIME_ZONE_MESSAGE,
  AWAY_TOO_FAR_MESSAGE,
  awayRefusalMessage,
  type User,
} from "@housemate/contract";
import { activityLog, fines, users } from "../src/db/schema.js";
import { createTestContext, type TestContext } from "./helpers/app.js";
import { buildFlatOfThree, buildMember, buildRule } from "./helpers/factories.js";
import { listen, openSocket } from "./helpers/socket-client.js";

/**
 * Issue 22's away mode (docs/decisions/054): a member marks themselves away until a date; nobody can fine them through
 * that day, and their housemates see it. The clock starts on a fixed day so dates read the same whenever this runs.
 */

let t: TestContext;
let socketUrl: string;
beforeAll(async () => {
  t = await createTestContext();
  socketUrl = await listen(t.app);
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
/** Noon on Wednesday 10 June 2026, UTC. */
const WEDNESDAY_NOON = new Date("2026-06-10T12:00:00Z");

/** A flat of three with a rule, on Wednesday at noon unless `at` says otherwise. */
async function flat(at = WEDNESDAY_NOON) {
  t.clock.set(at);
  const people = await buildFlatOfThree(t.db);
  const rule = await buildRule(t.db, people.household.id, people.ana.user.id, { title: "Dishes" });
  return { ...people, rule };
}
type Flat = Awaited<ReturnType<typeof flat>>;

/** PUT /users/:id with an away date, in `timeZone` when given (an API client naming none is read in UTC). */
const setAway = (person: { user: { id: string }; token: string }, awayUntil: string | null, timeZone?: string) =>
  t.request({
    method: "PUT",
    url: `/api/users/${person.user.id}`,
    token: person.token,
    payload: { away_until: awayUntil, ...(timeZone ? { away_time_zone: timeZone } : {}) },
  });

const issue = (w: Flat, offenderId: string) =>
  t.request({
    method: "POST",
    url: "/api/fines",
    token: w.ana.token,
    payload: { offender_id: offenderId, rule_id: w.rule.id, amount: 2.5, household_id: w.household.id },
  });

const awayEntries = (householdId: string) =>
  t.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.householdId, householdId), eq(activityLog.kind, "member.away_changed")))
    .orderBy(activityLog.id);

describe("setting away", () => {
  it("sets an away date and clears it, and the answer carries it", async () => {
    const w = await flat();
    const set = await setAway(w.ben, "2026-06-20");
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<{ data: User }>().data.away_until).toBe("2026-06-20");
    // No zone named: the day ends at midnight UTC.
    expect(set.json<{ data: User }>().data.away_ends_at).toBe("2026-06-21T00:00:00.000Z");
    const cleared = await setAway(w.ben, null);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<{ data: User }>().data.away_until).toBeNull();
    expect(cleared.json<{ data: User }>().data.away_ends_at).toBeNull();
    const [stored] = await t.db.select().from(users).where(eq(users.id, w.ben.user.id));
    expect(stored?.awayUntil).toBeNull();
    expect(stored?.awayEndsAt).toBeNull();
  });

  it("ends the last day at midnight in the person's own zone", async () => {
    const w = await flat();
    const res = await setAway(w.ben, "2026-06-20", "Australia/Sydney");
    expect(res.statusCode, res.body).toBe(200);
    // Sydney is ten hours ahead in June: Sunday 21 June starts at 14:00 UTC on the 20th.
    expect(res.json<{ data: User }>().data).toMatchObject({
      away_until: "2026-06-20",
      away_ends_at: "2026-06-20T14:00:00.000Z",
    });
  });

  it("refuses a time zone that is not one, with the contract's message", async () => {
    const w = await flat();
    const res = await setAway(w.ben, "2026-06-20", "Europe/Atlantis");
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error)).toContain(AWAY_TIME_ZONE_MESSAGE);
    const [stored] = await t.db.select().from(users).where(eq(users.id, w.ben.user.id));
    expect(stored?.awayUntil).toBeNull();
  });

  it("takes today in New York at 20:00 there, already tomorrow in UTC", async () => {
    // 20:00 on Friday 5 December in New York.
    const w = await flat(new Date("2025-12-06T01:00:00Z"));
    expect((await setAway(w.ben, "2025-12-05")).statusCode).toBe(400);
    const res = await setAway(w.ben, "2025-12-05", "America/New_York");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: User }>().data.away_ends_at).toBe("2025-12-06T05:00:00.000Z");
    // A year ahead counts from their today too.
    expect((await setAway(w.ben, "2026-12-05", "America/New_York")).statusCode).toBe(200);
    expect((await setAway(w.ben, "2026-12-06", "America/New_York")).statusCode).toBe(400);
  });

  it("takes today, the last day people are away being the day itself", async () => {
    const w = await flat();
    const res = await setAway(w.ben, "2026-06-10");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: User }>().data.away_until).toBe("2026-06-10");
  });

  it("refuses yesterday, on the field, with the contract's message", async () => {
    const w = await flat();
    const res = await setAway(w.ben, "2026-06-09");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(AWAY_PAST_MESSAGE);
    expect(res.json().error.details).toEqual([{ path: "body.away_until", message: AWAY_PAST_MESSAGE }]);
  });

  it("takes 365 days ahead and refuses the day after", async () => {
    const w = await flat();
    // 10 June 2026 + 365 days = 10 June 2027.
    expect((await setAway(w.ben, "2027-06-10")).statusCode).toBe(200);
    const tooFar = await setAway(w.ben, "2027-06-11");
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().error.message).toBe(AWAY_TOO_FAR_MESSAGE);
    expect(tooFar.json().error.details).toEqual([{ path: "body.away_until", message: AWAY_TOO_FAR_MESSAGE }]);
  });

  it("is refused for someone else's account", async () => {
    const w = await flat();
    const res = await t.request({
      method: "PUT",
      url: `/api/users/${w.ben.user.id}`,
      token: w.cleo.token,
      payload: { away_until: "2026-06-20" },
    });
    expect(res.statusCode).toBe(403);
    const [stored] = await t.db.select().from(users).where(eq(users.id, w.ben.user.id));
    expect(stored?.awayUntil).toBeNull();
  });

  it("logs each change once, from and to, and nothing when the date is the same again", async () => {
    const w = await flat();
    await setAway(w.ben, "2026-06-20");
    await setAway(w.ben, "2026-06-20");
    await setAway(w.ben, "2026-06-22");
    await setAway(w.ben, null);
    // A profile change without the field leaves the date and the log alone.
    await t.request({ method: "PUT", url: `/api/users/${w.ben.user.id}`, token: w.ben.token, payload: { bio: "Hi" } });
    const entries = await awayEntries(w.household.id);
    const ben = { id: w.ben.user.id, name: w.ben.user.displayName };
    expect(entries.map((e) => ({ actor: e.actorId, member: e.memberId, details: e.details }))).toEqual([
      { actor: ben.id, member: ben.id, details: { member: ben, from: null, to: "2026-06-20" } },
      { actor: ben.id, member: ben.id, details: { member: ben, from: "2026-06-20", to: "2026-06-22" } },
      { actor: ben.id, member: ben.id, details: { member: ben, from: "2026-06-22", to: null } },
    ]);
    expect(entries[0]?.subjectType).toBe("member");
    expect(entries[0]?.subjectId).toBe(ben.id);
  });

  it("tells the housemates' open sockets to reload the household", async () => {
    const w = await flat();
    const cleoSocket = await openSocket(socketUrl, w.cleo.token);
    await cleoSocket.next("notification_count");
    expect((await setAway(w.ben, "2026-06-20")).statusCode).toBe(200);
    expect((await cleoSocket.next("household_changed")).data.household_id).toBe(w.household.id);
    cleoSocket.close();
  });

  it("works for someone in no household, with no log to write", async () => {
    t.clock.set(WEDNESDAY_NOON);
    const loner = await buildMember(t.db);
    const res = await setAway(loner, "2026-06-12");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: User }>().data.away_until).toBe("2026-06-12");
  });

  it("shows in the household's member list and on each profile", async () => {
    const w = await flat();
    await setAway(w.ben, "2026-06-20");
    const list = await t.request({
      method: "GET",
      url: `/api/users?householdId=${w.household.id}`,
      token: w.cleo.token,
    });
    const members = list.json<{ data: User[] }>().data;
    expect(members.find((m) => m.id === w.ben.user.id)?.away_until).toBe("2026-06-20");
    expect(members.find((m) => m.id === w.cleo.user.id)?.away_until).toBeNull();
    const profile = await t.request({ method: "GET", url: `/api/users/${w.ben.user.id}`, token: w.cleo.token });
    expect(profile.json<{ data: User }>().data.away_until).toBe("2026-06-20");
  });

  it("stays when they leave the household, and goes with a deleted account", async () => {
    const w = await flat();
    await setAway(w.ben, "2026-06-20");
    await setAway(w.cleo, "2026-06-21");
    const left = await t.request({
      method: "POST",
      url: `/api/households/${w.household.id}/leave`,
      token: w.ben.token,
      payload: {},
    });
    expect(left.statusCode, left.body).toBe(200);
    const [ben] = await t.db.select().from(users).where(eq(users.id, w.ben.user.id));
    expect(ben?.awayUntil).toBe("2026-06-20");
    const deleted = await t.request({ method: "DELETE", url: `/api/users/${w.cleo.user.id}`, token: w.cleo.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [cleo] = await t.db.select().from(users).where(eq(users.id, w.cleo.user.id));
    expect(cleo?.awayUntil).toBeNull();
    expect(cleo?.awayEndsAt).toBeNull();
  });
});

describe("fining someone away", () => {
  it("is refused through their last day away, with who and until when, and allowed the day after", async () => {
    const w = await flat();
    await setAway(w.ben, "2026-06-12");
    // The last minute of Friday 12 June, UTC: still away.
    t.clock.set(new Date("2026-06-12T23:59:00Z"));
    const refused = await issue(w, w.ben.user.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("CONFLICT");
    expect(refused.json().error.message).toBe(awayRefusalMessage(w.ben.user.displayName, "2026-06-12"));
    expect(refused.json().error.message).toBe(
      `${w.ben.user.displayName} is away until 12 June, so they cannot be fined until they are back.`,
    );
    expect(await t.db.select().from(fines).where(eq(fines.offenderId, w.ben.user.id))).toEqual([]);
    // Nothing of the refused fine was written: no notification, no log entry.
    const log = await t.db.select().from(activityLog).where(eq(activityLog.kind, "fine.issued"));
    expect(log.filter((e) => e.householdId === w.household.id)).toEqual([]);

    // Others in the flat can still be fined meanwhile.
    expect((await issue(w, w.cleo.user.id)).statusCode).toBe(201);

    t.clock.advance(DAY_MS);
    const back = await issue(w, w.ben.user.id);
    expect(back.statusCode, back.body).toBe(201);
  });

  it("in New York, still away at 20:00 on their last day, which is already the next day in UTC", async () => {
    const w = await flat(new Date("2025-12-02T12:00:00Z"));
    expect((await setAway(w.ben, "2025-12-05", "America/New_York")).statusCode).toBe(200);
    // 20:00 on Friday 5 December in New York.
    t.clock.set(new Date("2025-12-06T01:00:00Z"));
    expect((await issue(w, w.ben.user.id)).statusCode).toBe(409);
    // 23:59 there: still away; midnight there: back.
    t.clock.set(new Date("2025-12-06T04:59:00Z"));
    expect((await issue(w, w.ben.user.id)).statusCode).toBe(409);
    t.clock.set(new Date("2025-12-06T05:00:00Z"));
    const back = await issue(w, w.ben.user.id);
    expect(back.statusCode, back.body).toBe(201);
  });

  it("in Sydney, back at midnight there, while it is still their last day in UTC", async () => {
    const w = await flat(new Date("2025-12-02T12:00:00Z"));
    expect((await setAway(w.ben, "2025-12-05", "Australia/Sydney")).statusCode).toBe(200);
    // 23:59 on Friday 5 December in Sydney (summer time, UTC+11).
    t.clock.set(new Date("2025-12-05T12:59:00Z"));
    expect((await issue(w, w.ben.user.id)).statusCode).toBe(409);
    // Midnight on Saturday there: back, though UTC's Friday has eleven hours to go.
    t.clock.set(new Date("2025-12-05T13:00:00Z"));
    const back = await issue(w, w.ben.user.id);
    expect(back.statusCode, back.body).toBe(201);
  });

  it("racing an away date, each fine is either issued or refused with the message, never an error", async () => {
    const w = await flat();
    const [fined, away] = await Promise.all([
      Promise.all(Array.from({ length: 8 }, () => issue(w, w.ben.user.id))),
      setAway(w.ben, "2026-06-12"),
    ]);
    expect(away.statusCode).toBe(200);
    const statuses = fined.map((res) => res.statusCode);
    expect(
      statuses.every((status) => status === 201 || status === 409),
      statuses.join(),
    ).toBe(true);
    for (const res of fined.filter((r) => r.statusCode === 409)) {
      expect(res.json().error.message).toBe(awayRefusalMessage(w.ben.user.displayName, "2026-06-12"));
    }
    const issued = await t.db.select().from(fines).where(eq(fines.offenderId, w.ben.user.id));
    expect(issued).toHaveLength(statuses.filter((status) => status === 201).length);
    // Once the date is saved, every fine after it is refused.
    expect((await issue(w, w.ben.user.id)).statusCode).toBe(409);
  });

  it("does not stop the person away paying or disputing what they already owe", async () => {
    const w = await flat();
    const first = await issue(w, w.ben.user.id);
    const second = await issue(w, w.ben.user.id);
    expect(first.statusCode).toBe(201);
    await setAway(w.ben, "2026-06-20");
    const fineUrl = (id: string) => `/api/fines/household/${w.household.id}/fines/${id}`;
    const paid = await t.request({
      method: "PUT",
      url: `${fineUrl(first.json().data.id)}/pay`,
      token: w.ben.token,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const disputed = await t.request({
      method: "POST",
      url: `${fineUrl(second.json().data.id)}/disputes`,
      token: w.ben.token,
      payload: { reason: "I was packing" },
    });
    expect(disputed.statusCode, disputed.body).toBe(201);
  });
});
