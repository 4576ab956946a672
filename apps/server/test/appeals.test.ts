import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, inArray, sql, TransactionRollbackError } from "drizzle-orm";
import { z } from "zod";
import {
  APPEAL_CLOSED_MESSAGE,
  APPEAL_NOT_DECLINED_MESSAGE,
  APPEAL_NOT_VOTER_MESSAGE,
  APPEAL_ONCE_MESSAGE,
  APPEAL_ONLY_OFFENDER_MESSAGE,
  APPEAL_OPEN_MESSAGE,
  APPEAL_PAID_MESSAGE,
  APPEAL_REASON_MESSAGE,
  APPEAL_TOO_FEW_MESSAGE,
  APPEAL_VOTED_MESSAGE,
  APPEAL_VOTING_DAYS,
  APPEAL_WINDOW_DAYS,
  APPEAL_WINDOW_PASSED_MESSAGE,
  CANCELLED_ON_APPEAL_REASON,
  FORMER_MEMBER_NAME,
  SYSTEM_ACTOR_NAME,
  WRITTEN_OFF_LEFT_REASON,
  type Appeal,
  type AppealVote,
  type AppealWithFine,
  type Fine,
  type NotificationTypeId,
} from "@housemate/contract";
import {
  activityLog,
  fineAppeals,
  fines,
  mailOutbox,
  notificationPreferences,
  notifications,
  rules,
} from "../src/db/schema.js";
import { expireDueAppeals } from "../src/features/appeals/closing.js";
import { replayMigrationsBefore } from "./helpers/migration-replay.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import { buildFine, buildHouseholdWithMembers, buildSession, unknownId } from "./helpers/factories.js";

let t: TestContext;
let realNow: Date;
/** Each appeal route's paid feature (`config.feature`), which the plans' hook reads. */
const features = new Map<string, string | undefined>();
beforeAll(async () => {
  t = await createTestContext({
    onRoute: (route) => {
      if (route.url.includes("appeal"))
        features.set(`${[route.method].flat().join(",")} ${route.url}`, route.config?.feature);
    },
  });
  realNow = t.clock.now;
});
afterEach(() => t.clock.set(realNow));
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const REASON = "I was away that weekend";

/** A household of `size` members signed in past every window here; the first is its admin and issues the fine. */
async function household(size: number) {
  const { household, owner, members } = await buildHouseholdWithMembers(t.db, size - 1);
  const people = await Promise.all(
    [owner, ...members].map(async ({ user }) => ({
      user,
      token: await buildSession(t.db, user.id, new Date(Date.now() + 30 * DAY)),
    })),
  );
  return { household, people };
}
type House = Awaited<ReturnType<typeof household>>;
type Member = House["people"][number];

const person = (house: House, index: number): Member => {
  const found = house.people[index];
  if (!found) throw new Error(`no member ${index}`);
  return found;
};

const fineUrl = (house: House, fineId: string) => `/api/fines/household/${house.household.id}/fines/${fineId}`;

function expectError(res: Awaited<ReturnType<typeof t.request>>, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  if (message !== undefined) expect(res.json().error.message).toBe(message);
}

/**
 * A fine from member 0 to member 1 (of `house`), disputed by them and declined by its reviewer (member 0 unless
 * `reviewer` is given: a review handed over, decision 032). Answers the fine as the decline left it.
 */
async function declinedFine(house: House, reviewer: Member = person(house, 0)): Promise<Fine> {
  const issuer = person(house, 0);
  const row = await buildFine(
    t.db,
    { householdId: house.household.id, issuerId: issuer.user.id, offenderId: person(house, 1).user.id },
    reviewer === issuer ? {} : { reviewerId: reviewer.user.id },
  );
  const disputed = await t.request({
    method: "POST",
    url: `${fineUrl(house, row.id)}/disputes`,
    token: person(house, 1).token,
    payload: { reason: "Not my pans" },
  });
  expect(disputed.statusCode, disputed.body).toBe(201);
  const declined = await t.request({
    method: "PUT",
    url: `${fineUrl(house, row.id)}/disputes/${disputed.json().data.dispute.id}`,
    token: reviewer.token,
    payload: { action: "decline", reason: "Photos show otherwise" },
  });
  expect(declined.statusCode, declined.body).toBe(200);
  return declined.json().data.fine;
}

const appeal = (house: House, fineId: string, by: Member, reason = REASON) =>
  t.request({ method: "POST", url: `${fineUrl(house, fineId)}/appeal`, token: by.token, payload: { reason } });

async function appealed(house: House, fineId: string): Promise<AppealWithFine> {
  const res = await appeal(house, fineId, person(house, 1));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const vote = (house: House, fineId: string, by: Member, choice: AppealVote) =>
  t.request({
    method: "POST",
    url: `${fineUrl(house, fineId)}/appeal/votes`,
    token: by.token,
    payload: { vote: choice },
  });

async function voted(house: House, fineId: string, by: Member, choice: AppealVote): Promise<AppealWithFine> {
  const res = await vote(house, fineId, by, choice);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function readAppeal(house: House, fineId: string, by: Member): Promise<Appeal> {
  const res = await t.request({ method: "GET", url: `${fineUrl(house, fineId)}/appeal`, token: by.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function readFine(house: House, fineId: string): Promise<Fine> {
  const res = await t.request({ method: "GET", url: fineUrl(house, fineId), token: person(house, 0).token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const pay = (house: House, fineId: string) =>
  t.request({ method: "PUT", url: `${fineUrl(house, fineId)}/pay`, token: person(house, 1).token });

/** The notifications of `type` each member holds, by their index in the household. */
async function notified(house: House, type: NotificationTypeId) {
  const rows = await t.db
    .select({ userId: notifications.userId, title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.householdId, house.household.id), eq(notifications.typeId, type)));
  return house.people.map((member) => rows.filter((row) => row.userId === member.user.id));
}

/** The log's entries about the fine of `kind`, oldest first. */
function logged(fineId: string, kind: "fine.appealed" | "fine.appeal_decided") {
  return t.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.subjectId, fineId), eq(activityLog.kind, kind)))
    .orderBy(asc(activityLog.createdAt), asc(activityLog.id));
}

describe("opening an appeal", () => {
  it("is the Pro feature 'appeals': the plans' hook refuses it on Basic, reading and voting are not", () => {
    expect(Object.fromEntries([...features].filter(([route]) => !route.startsWith("HEAD ")))).toEqual({
      "POST /api/fines/household/:hid/fines/:fid/appeal": "appeals",
      "GET /api/fines/household/:hid/fines/:fid/appeal": undefined,
      "POST /api/fines/household/:hid/fines/:fid/appeal/votes": undefined,
      "GET /api/households/:id/appeals": undefined,
    });
  });

  it("is the person fined's, after a decline: 'Appeal:' appended, open for 3 days, on the fine itself", async () => {
    const house = await household(3);
    const fine = await declinedFine(house);
    expect(fine.declined_at).toBe(t.clock.now.toISOString());
    expect(fine.appeal).toBeNull();
    const { appeal: opened, fine: underAppeal } = await appealed(house, fine.id);
    expect(opened).toMatchObject({
      fine_id: fine.id,
      household_id: house.household.id,
      reason: REASON,
      status: "open",
      outcome_reason: null,
      opened_by: person(house, 1).user.id,
      decided_at: null,
      voters: 1,
      votes_cast: 0,
      my_vote: null,
      can_vote: false,
      tally: null,
      votes: null,
    });
    expect(new Date(opened.closes_at).getTime() - new Date(opened.created_at).getTime()).toBe(APPEAL_VOTING_DAYS * DAY);
    expect(underAppeal.description).toBe(`${fine.description}\n\nAppeal: ${REASON}`);
    expect(underAppeal.status).toBe("pending");
    expect(underAppeal.appeal).toEqual({ id: opened.id, status: "open", closes_at: opened.closes_at });
    // Every fine statement presents it: the one fine, and the household's list.
    expect((await readFine(house, fine.id)).appeal).toEqual(underAppeal.appeal);
    const list = await t.request({
      method: "GET",
      url: `/api/fines/household/${house.household.id}`,
      token: person(house, 2).token,
    });
    expect(list.json().data.find((row: Fine) => row.id === fine.id)?.appeal).toEqual(underAppeal.appeal);
  });

  it("is refused to anyone but the person fined", async () => {
    const house = await household(3);
    const fine = await declinedFine(house);
    expectError(await appeal(house, fine.id, person(house, 0)), 403, APPEAL_ONLY_OFFENDER_MESSAGE);
    expectError(await appeal(house, fine.id, person(house, 2)), 403, APPEAL_ONLY_OFFENDER_MESSAGE);
  });

  it("is refused for a fine never disputed, or whose dispute waits for review", async () => {
    const house = await household(3);
    const ids = { householdId: house.household.id, issuerId: person(house, 0).user.id };
    const pending = await buildFine(t.db, { ...ids, offenderId: person(house, 1).user.id });
    expectError(await appeal(house, pending.id, person(house, 1)), 409, APPEAL_NOT_DECLINED_MESSAGE);
    const disputed = await t.request({
      method: "POST",
      url: `${fineUrl(house, pending.id)}/disputes`,
      token: person(house, 1).token,
      payload: { reason: "Not my pans" },
    });
    expect(disputed.statusCode).toBe(201);
    expectError(await appeal(house, pending.id, person(house, 1)), 409, APPEAL_NOT_DECLINED_MESSAGE);
  });

  it("is refused after the fine is paid", async () => {
    const house = await household(3);
    const fine = await declinedFine(house);
    expect((await pay(house, fine.id)).statusCode).toBe(200);
    expectError(await appeal(house, fine.id, person(house, 1)), 409, APPEAL_PAID_MESSAGE);
  });

  it(`is allowed until ${APPEAL_WINDOW_DAYS} days after the decline, and refused from then`, async () => {
    const house = await household(3);
    const late = await declinedFine(house);
    const inTime = await declinedFine(house);
    t.clock.advance(APPEAL_WINDOW_DAYS * DAY);
    expectError(await appeal(house, late.id, person(house, 1)), 409, APPEAL_WINDOW_PASSED_MESSAGE);
    t.clock.advance(-1);
    expect((await appeal(house, inTime.id, person(house, 1))).statusCode).toBe(201);
  });

  it("is allowed once", async () => {
    const house = await household(3);
    const fine = await declinedFine(house);
    await appealed(house, fine.id);
    expectError(await appeal(house, fine.id, person(house, 1)), 409, APPEAL_ONCE_MESSAGE);
    // Still once after the house has decided.
    await voted(house, fine.id, person(house, 2), "uphold");
    expectError(await appeal(house, fine.id, person(house, 1)), 409, APPEAL_ONCE_MESSAGE);
  });

  it("is refused in a household of two: the issuer's decision stands", async () => {
    const house = await household(2);
    const fine = await declinedFine(house);
    expectError(await appeal(house, fine.id, person(house, 1)), 409, APPEAL_TOO_FEW_MESSAGE);
  });

  it("needs a reason of at least 5 characters, and a fine of the household", async () => {
    const house = await household(3);
    const fine = await declinedFine(house);
    const short = await appeal(house, fine.id, person(house, 1), "no");
    expect(short.statusCode, short.body).toBe(400);
    expect(short.body).toContain(APPEAL_REASON_MESSAGE);
    expectError(await appeal(house, unknownId(), person(house, 1)), 404);
    const other = await household(3);
    expectError(await appeal(other, fine.id, person(other, 1)), 404);
  });

  it("keeps the fine from being paid or disputed while open", async () => {
    const house = await household(3);
    const fine = await declinedFine(house);
    await appealed(house, fine.id);
    expectError(await pay(house, fine.id), 409, APPEAL_OPEN_MESSAGE);
    const disputed = await t.request({
      method: "POST",
      url: `${fineUrl(house, fine.id)}/disputes`,
      token: person(house, 1).token,
      payload: { reason: "Once more" },
    });
    expectError(disputed, 409, "You have already disputed this fine once and it was declined.");
  });
});

describe("voting", () => {
  it("is refused to the issuer, the person fined and the member who declined for the issuer", async () => {
    const house = await household(4);
    // The dispute's review was handed to member 3, who declined it: of four, only member 2 votes.
    const fine = await declinedFine(house, person(house, 3));
    const { appeal: opened } = await appealed(house, fine.id);
    expect(opened.voters).toBe(1);
    for (const index of [0, 1, 3]) {
      expectError(await vote(house, fine.id, person(house, index), "cancel"), 403, APPEAL_NOT_VOTER_MESSAGE);
      expect((await readAppeal(house, fine.id, person(house, index))).can_vote).toBe(false);
    }
    expect((await readAppeal(house, fine.id, person(house, 2))).can_vote).toBe(true);
    // The refusal names every kind of non-voter, the member who declined (here not the issuer) too.
    expect(APPEAL_NOT_VOTER_MESSAGE).toBe(
      "The issuer, the member who declined the dispute and the person fined do not vote on this appeal.",
    );
  });

  it("counts one vote each, final, and none once closed", async () => {
    const house = await household(4);
    const fine = await declinedFine(house);
    await appealed(house, fine.id);
    const first = await voted(house, fine.id, person(house, 2), "cancel");
    expect(first.appeal).toMatchObject({ status: "open", votes_cast: 1, my_vote: "cancel", can_vote: false });
    expectError(await vote(house, fine.id, person(house, 2), "uphold"), 409, APPEAL_VOTED_MESSAGE);
    await voted(house, fine.id, person(house, 3), "uphold");
    expectError(await vote(house, fine.id, person(house, 2), "uphold"), 409, APPEAL_CLOSED_MESSAGE);
    expectError(await vote(house, fine.id, person(house, 3), "cancel"), 409, APPEAL_CLOSED_MESSAGE);
  });

  it("keeps who voted private while open: a count and the caller's own vote only", async () => {
    const house = await household(5);
    const fine = await declinedFine(house);
    await appealed(house, fine.id);
    await voted(house, fine.id, person(house, 2), "cancel");
    for (const index of [0, 1, 3, 4]) {
      const seen = await readAppeal(house, fine.id, person(house, index));
      expect(seen).toMatchObject({ voters: 3, votes_cast: 1, my_vote: null, tally: null, votes: null });
      expect(JSON.stringify(seen)).not.toContain(person(house, 2).user.id);
    }
    expect(await readAppeal(house, fine.id, person(house, 2))).toMatchObject({
      my_vote: "cancel",
      can_vote: false,
      tally: null,
      votes: null,
    });
    // Nor does the log name the vote until the appeal closes.
    const entries = await t.db.select().from(activityLog).where(eq(activityLog.subjectId, fine.id));
    // As a set: the dispute's and the review's entries share the test clock's time, so their order is not the point.
    expect(entries.map((entry) => entry.kind).sort()).toEqual(["fine.appealed", "fine.disputed", "fine.reviewed"]);
  });

  it("closes at once with the last vote, and a majority to cancel cancels the fine, still listed", async () => {
    const house = await household(5);
    const fine = await declinedFine(house);
    await appealed(house, fine.id);
    await voted(house, fine.id, person(house, 2), "cancel");
    await voted(house, fine.id, person(house, 3), "uphold");
    const { appeal: closed, fine: cancelled } = await voted(house, fine.id, person(house, 4), "cancel");
    expect(closed).toMatchObject({
      status: "cancelled",
      outcome_reason: "majority",
      decided_at: t.clock.now.toISOString(),
      voters: 3,
      votes_cast: 3,
      tally: { uphold: 1, cancel: 2 },
    });
    // In the order cast; these share the test's clock, so compared as a set.
    expect(closed.votes).toHaveLength(3);
    expect(closed.votes).toEqual(
      expect.arrayContaining([
        { id: person(house, 2).user.id, name: person(house, 2).user.displayName, vote: "cancel" },
        { id: person(house, 3).user.id, name: person(house, 3).user.displayName, vote: "uphold" },
        { id: person(house, 4).user.id, name: person(house, 4).user.displayName, vote: "cancel" },
      ]),
    );
    expect(cancelled).toMatchObject({
      status: "cancelled",
      cancel_reason: CANCELLED_ON_APPEAL_REASON,
      appeal: { id: closed.id, status: "cancelled" },
    });
    expect(cancelled.description.endsWith("\n\nAppeal decided: Cancelled by the house, 2 votes to 1.")).toBe(true);
    const list = await t.request({
      method: "GET",
      url: `/api/fines/household/${house.household.id}?status=cancelled`,
      token: person(house, 0).token,
    });
    expect(list.json().data.map((row: Fine) => row.id)).toEqual([fine.id]);
    expectError(await pay(house, fine.id), 409, "This fine was cancelled by the house on appeal.");
  });

  it("keeps the issuer's decision on a majority to uphold, and the fine can then be paid", async () => {
    const house = await household(5);
    const fine = await declinedFine(house);
    await appealed(house, fine.id);
    await voted(house, fine.id, person(house, 2), "uphold");
    await voted(house, fine.id, person(house, 3), "cancel");
    const { appeal: closed, fine: upheld } = await voted(house, fine.id, person(house, 4), "uphold");
    expect(closed).toMatchObject({ status: "upheld", outcome_reason: "majority", tally: { uphold: 2, cancel: 1 } });
    expect(upheld).toMatchObject({ status: "pending", cancel_reason: null, appeal: { status: "upheld" } });
    expect(upheld.description.endsWith("\n\nAppeal decided: Upheld by the house, 2 votes to 1.")).toBe(true);
    expect((await pay(house, fine.id)).statusCode).toBe(200);
  });

  it("keeps the issuer's decision on a tie", async () => {
    const house = await household(4);
    const fine = await declinedFine(house);
    await appealed(house, fine.id);
    await voted(house, fine.id, person(house, 2), "cancel");
    const { appeal: closed, fine: upheld } = await voted(house, fine.id, person(house, 3), "uphold");
    expect(closed).toMatchObject({ status: "upheld", outcome_reason: "tie", tally: { uphold: 1, cancel: 1 } });
    expect(upheld.status).toBe("pending");
    expect(upheld.description.endsWith("\n\nAppeal decided: The issuer's decision stands: a tie, 1 vote each.")).toBe(
      true,
    );
  });

  it("names a voter whose account is gone 'Former member' once closed", async () => {
    const house = await household(4);
    const fine = await declinedFine(house);
    await appealed(house, fine.id);
    await voted(house, fine.id, person(house, 2), "cancel");
    await voted(house, fine.id, person(house, 3), "cancel");
    const deleted = await t.request({
      method: "DELETE",
      url: `/api/users/${person(house, 2).user.id}`,
      token: person(house, 2).token,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const seen = await readAppeal(house, fine.id, person(house, 0));
    expect(seen.votes).toHaveLength(2);
    expect(seen.votes).toEqual(
      expect.arrayContaining([
        { id: null, name: FORMER_MEMBER_NAME, vote: "cancel" },
        { id: person(house, 3).user.id, name: person(house, 3).user.displayName, vote: "cancel" },
      ]),
    );
  });

  it("answers 404 for a fine with no appeal, and 403 for someone outside the household", async () => {
    const house = await household(3);
    const fine = await declinedFine(house);
    expectError(await vote(house, fine.id, person(house, 2), "cancel"), 404);
    const read = await t.request({
      method: "GET",
      url: `${fineUrl(house, fine.id)}/appeal`,
      token: person(house, 2).token,
    });
    expectError(read, 404, "This fine has not been appealed.");
    await appealed(house, fine.id);
    const outsider = await household(1);
    const res = await t.request({
      method: "POST",
      url: `${fineUrl(house, fine.id)}/appeal/votes`,
      token: person(outsider, 0).token,
      payload: { vote: "cancel" },
    });
    expectError(res, 403);
  });
});

describe("the deadline", () => {
  it(`closes an appeal after ${APPEAL_VOTING_DAYS} days as its votes stand, read lazily before a read`, async () => {
    const house = await household(5);
    const fine = await declinedFine(house);
    await appealed(house, fine.id);
    await voted(house, fine.id, person(house, 2), "cancel");
    t.clock.advance(APPEAL_VOTING_DAYS * DAY - 1);
    expect((await readAppeal(house, fine.id, person(house, 0))).status).toBe("open");
    t.clock.advance(1);
    expect(await readAppeal(house, fine.id, person(house, 0))).toMatchObject({
      status: "cancelled",
      outcome_reason: "majority",
      voters: 3,
      tally: { uphold: 0, cancel: 1 },
    });
    const [entry] = await logged(fine.id, "fine.appeal_decided");
    expect(entry).toMatchObject({ actorId: null, actorName: SYSTEM_ACTOR_NAME });
    expectError(await vote(house, fine.id, person(house, 3), "uphold"), 409, APPEAL_CLOSED_MESSAGE);
  });

  it("keeps the issuer's decision when nobody voted, closed by the sweep once however often it runs", async () => {
    const house = await household(3);
    const fine = await declinedFine(house);
    await appealed(house, fine.id);
    t.clock.advance(APPEAL_VOTING_DAYS * DAY);
    const sweep = () => expireDueAppeals(t.db, { now: t.clock.now, publicUrl: PUBLIC_URL });
    await Promise.all([sweep(), sweep()]);
    expect(await sweep()).toBe(0);
    const closed = await readFine(house, fine.id);
    expect(closed).toMatchObject({ status: "pending", appeal: { status: "upheld" } });
    expect(closed.description.endsWith("\n\nAppeal decided: The issuer's decision stands: nobody voted.")).toBe(true);
    expect(await logged(fine.id, "fine.appeal_decided")).toHaveLength(1);
    expect((await notified(house, "appeal_decided")).map((rows) => rows.length)).toEqual([1, 1, 1]);
  });

  it("goes on past a household whose appeal cannot be closed, which it reports, and closes the others'", async () => {
    const [failing, other] = [await household(3), await household(3)];
    const stuck = await declinedFine(failing);
    const fine = await declinedFine(other);
    await appealed(failing, stuck.id);
    await appealed(other, fine.id);
    t.clock.advance(APPEAL_VOTING_DAYS * DAY);
    // A close that fails in one household only: its appeal cannot be updated.
    await t.db.execute(
      sql.raw(`create function refuse_closing_appeal() returns trigger language plpgsql as $$
        begin
          if old.household_id = '${failing.household.id}' then raise exception 'refused for the test'; end if;
          return new;
        end $$`),
    );
    await t.db.execute(sql`
      create trigger refuse_closing_appeal before update on fine_appeals
      for each row execute function refuse_closing_appeal()`);
    try {
      const failed: string[] = [];
      const onFailure = (_error: unknown, householdId: string) => void failed.push(householdId);
      await expireDueAppeals(t.db, { now: t.clock.now, publicUrl: PUBLIC_URL, onFailure });
      expect(failed).toEqual([failing.household.id]);
      expect((await readFine(other, fine.id)).appeal).toMatchObject({ status: "upheld" });
      const [still] = await t.db.select().from(fineAppeals).where(eq(fineAppeals.fineId, stuck.id));
      expect(still?.status).toBe("open");
      // A request closing its own household's first is told of the failure.
      const own = { now: t.clock.now, publicUrl: PUBLIC_URL, householdId: failing.household.id };
      await expect(expireDueAppeals(t.db, own)).rejects.toThrow();
    } finally {
      await t.db.execute(sql`drop trigger refuse_closing_appeal on fine_appeals`);
      await t.db.execute(sql`drop function refuse_closing_appeal()`);
    }
  });

  it("is checked by pay: a fine whose appeal is past due is closed first, then paid", async () => {
    const house = await household(3);
    const fine = await declinedFine(house);
    await appealed(house, fine.id);
    t.clock.advance(APPEAL_VOTING_DAYS * DAY);
    const paid = await pay(house, fine.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.fine).toMatchObject({ status: "paid", appeal: { status: "upheld" } });
  });
});

describe("a fine written off while its appeal is open", () => {
  it("closes the appeal void when the person fined leaves, without telling them", async () => {
    const house = await household(4);
    const fine = await declinedFine(house);
    await appealed(house, fine.id);
    await voted(house, fine.id, person(house, 2), "cancel");
    const left = await t.request({
      method: "POST",
      url: `/api/households/${house.household.id}/leave`,
      token: person(house, 1).token,
      payload: { confirmWriteOff: true },
    });
    expect(left.statusCode, left.body).toBe(200);
    const closed = await readAppeal(house, fine.id, person(house, 0));
    expect(closed).toMatchObject({ status: "void", outcome_reason: "written_off", tally: { uphold: 0, cancel: 1 } });
    const writtenOff = await readFine(house, fine.id);
    expect(writtenOff).toMatchObject({
      status: "cancelled",
      cancel_reason: WRITTEN_OFF_LEFT_REASON,
      appeal: { status: "void" },
    });
    expect(writtenOff.description.endsWith("\n\nAppeal decided: Closed: the fine was written off.")).toBe(true);
    const [entry] = await logged(fine.id, "fine.appeal_decided");
    expect(entry).toMatchObject({ actorId: person(house, 1).user.id });
    expect((await notified(house, "appeal_decided")).map((rows) => rows.length)).toEqual([1, 0, 1, 1]);
  });

  it("closes an appeal once a voter leaves and everyone left has voted", async () => {
    const house = await household(5);
    const fine = await declinedFine(house);
    await appealed(house, fine.id);
    await voted(house, fine.id, person(house, 2), "cancel");
    await voted(house, fine.id, person(house, 3), "cancel");
    const left = await t.request({
      method: "POST",
      url: `/api/households/${house.household.id}/leave`,
      token: person(house, 4).token,
      payload: {},
    });
    expect(left.statusCode, left.body).toBe(200);
    expect(await readAppeal(house, fine.id, person(house, 0))).toMatchObject({
      status: "cancelled",
      voters: 2,
      tally: { uphold: 0, cancel: 2 },
    });
  });
});

describe("the household's open appeals", () => {
  it("lists the open ones soonest closing first, each with its fine, for any member", async () => {
    const house = await household(4);
    const first = await declinedFine(house);
    const second = await declinedFine(house);
    const decided = await declinedFine(house);
    await appealed(house, first.id);
    t.clock.advance(1000);
    await appealed(house, second.id);
    await appealed(house, decided.id);
    await voted(house, decided.id, person(house, 2), "uphold");
    await voted(house, decided.id, person(house, 3), "uphold");
    await voted(house, first.id, person(house, 2), "cancel");
    const res = await t.request({
      method: "GET",
      url: `/api/households/${house.household.id}/appeals`,
      token: person(house, 2).token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const open: AppealWithFine[] = res.json().data;
    expect(open.map((row) => row.fine.id)).toEqual([first.id, second.id]);
    expect(open.map((row) => row.appeal.my_vote)).toEqual(["cancel", null]);
    expect(open.map((row) => row.appeal.can_vote)).toEqual([false, true]);
    expect(open[0]?.fine.appeal?.status).toBe("open");
  });
});

describe("notifications", () => {
  it("tell the voters of the appeal and the whole house of its outcome, in-app and by mail as they prefer", async () => {
    const house = await household(4);
    const [ana, ben, cleo, dan] = [0, 1, 2, 3].map((index) => person(house, index));
    if (!ana || !ben || !cleo || !dan) throw new Error("members missing");
    await t.db.insert(notificationPreferences).values([
      { userId: dan.user.id, typeId: "appeal_opened", inAppEnabled: false, emailEnabled: true },
      { userId: ana.user.id, typeId: "appeal_decided", inAppEnabled: true, emailEnabled: false },
    ]);
    const fine = await declinedFine(house);
    await appealed(house, fine.id);
    const opened = {
      title: "Fine appealed",
      message:
        `${ben.user.displayName} appealed the £2.50 fine ${ana.user.displayName} issued for breaking ` +
        `"${(await ruleTitle(fine.rule_id)) ?? ""}": "${REASON}". Vote to uphold or cancel it within 3 days.`,
    };
    expect(await notified(house, "appeal_opened")).toEqual([[], [], [{ userId: cleo.user.id, ...opened }], []]);
    const mail = await t.smtp.waitFor(
      cleo.user.email ?? "",
      (m) => m.subject === `${house.household.name}: Fine appealed`,
    );
    expect(mail.body).toContain(REASON);

    await voted(house, fine.id, cleo, "cancel");
    await voted(house, fine.id, dan, "cancel");
    const decided = (await notified(house, "appeal_decided")).map((rows) => rows.map((row) => row.message));
    const message = `The appeal of ${ben.user.displayName}'s £2.50 fine for breaking "${(await ruleTitle(fine.rule_id)) ?? ""}" is decided. Cancelled by the house, 2 votes to 0.`;
    expect(decided).toEqual([[message], [message], [message], [message]]);

    const queued = await t.db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.to,
          house.people.map((member) => member.user.email ?? ""),
        ),
      );
    const subjects = (member: Member) =>
      queued
        .filter((row) => row.to === member.user.email)
        .map((row) => row.subject)
        .filter((subject) => subject.includes("appeal") || subject.includes("Appeal"))
        .sort();
    expect(subjects(ana)).toEqual([]);
    const inFlat = (title: string) => `${house.household.name}: ${title}`;
    expect(subjects(ben)).toEqual([inFlat("Appeal decided")]);
    expect(subjects(cleo)).toEqual([inFlat("Appeal decided"), inFlat("Fine appealed")]);
    expect(subjects(dan)).toEqual([inFlat("Appeal decided"), inFlat("Fine appealed")]);
    await t.smtp.waitFor(ben.user.email ?? "", (m) => m.subject === inFlat("Appeal decided"));
  });
});

async function ruleTitle(ruleId: string | null): Promise<string | null> {
  if (!ruleId) return null;
  const [rule] = await t.db.select({ title: rules.title }).from(rules).where(eq(rules.id, ruleId));
  return rule?.title ?? null;
}

describe("the log", () => {
  it("records the opening, no single vote, and the close with every vote", async () => {
    const house = await household(4);
    const fine = await declinedFine(house);
    await appealed(house, fine.id);
    const [opened] = await logged(fine.id, "fine.appealed");
    expect(opened).toMatchObject({ actorId: person(house, 1).user.id });
    expect(opened?.details).toMatchObject({ reason: REASON });
    await voted(house, fine.id, person(house, 2), "uphold");
    expect(await logged(fine.id, "fine.appeal_decided")).toEqual([]);
    t.clock.advance(1000);
    await voted(house, fine.id, person(house, 3), "cancel");
    const [decided] = await logged(fine.id, "fine.appeal_decided");
    expect(decided).toMatchObject({ actorId: person(house, 3).user.id });
    expect(decided?.details).toMatchObject({
      status: "upheld",
      outcome_reason: "tie",
      tally: { uphold: 1, cancel: 1 },
      votes: [
        { voter: { id: person(house, 2).user.id }, vote: "uphold" },
        { voter: { id: person(house, 3).user.id }, vote: "cancel" },
      ],
    });
  });
});

describe("races", () => {
  it("of the last two voters at once: both votes count, and the appeal closes once", async () => {
    for (let round = 0; round < 3; round++) {
      const house = await household(4);
      const fine = await declinedFine(house);
      await appealed(house, fine.id);
      const results = await Promise.all([
        vote(house, fine.id, person(house, 2), "cancel"),
        vote(house, fine.id, person(house, 3), "cancel"),
      ]);
      for (const res of results) expect(res.statusCode, res.body).toBe(201);
      expect(await readAppeal(house, fine.id, person(house, 0))).toMatchObject({
        status: "cancelled",
        tally: { uphold: 0, cancel: 2 },
      });
      expect(await logged(fine.id, "fine.appeal_decided")).toHaveLength(1);
      expect((await notified(house, "appeal_decided")).map((rows) => rows.length)).toEqual([1, 1, 1, 1]);
    }
  });

  it("of a vote and the deadline's sweep: decided once", async () => {
    for (let round = 0; round < 3; round++) {
      const house = await household(4);
      const fine = await declinedFine(house);
      const { appeal: opened } = await appealed(house, fine.id);
      await voted(house, fine.id, person(house, 2), "cancel");
      // The voter's clock a moment before the close, the sweep's at it.
      t.clock.set(new Date(new Date(opened.closes_at).getTime() - 1));
      const sweep = expireDueAppeals(t.db, { now: new Date(opened.closes_at), publicUrl: PUBLIC_URL });
      const [res] = await Promise.all([vote(house, fine.id, person(house, 3), "uphold"), sweep]);
      expect([201, 409]).toContain(res.statusCode);
      if (res.statusCode === 409) expect(res.json().error.message).toBe(APPEAL_CLOSED_MESSAGE);
      const closed = await readAppeal(house, fine.id, person(house, 0));
      expect(closed.status).toBe(res.statusCode === 201 ? "upheld" : "cancelled");
      expect(await logged(fine.id, "fine.appeal_decided")).toHaveLength(1);
      t.clock.set(realNow);
    }
  });

  it("of a payment and the appeal's opening: exactly one wins", async () => {
    for (let round = 0; round < 4; round++) {
      const house = await household(3);
      const fine = await declinedFine(house);
      const [paid, opened] = await Promise.all([pay(house, fine.id), appeal(house, fine.id, person(house, 1))]);
      const statuses = [paid.statusCode, opened.statusCode].sort();
      expect(
        statuses.filter((status) => status < 300),
        `${paid.body} ${opened.body}`,
      ).toHaveLength(1);
      if (paid.statusCode === 200) expectError(opened, 409, APPEAL_PAID_MESSAGE);
      else expectError(paid, 409, APPEAL_OPEN_MESSAGE);
      const [row] = await t.db.select().from(fines).where(eq(fines.id, fine.id));
      expect(row?.status === "paid").toBe(paid.statusCode === 200);
      expect(row?.appealId !== null).toBe(opened.statusCode === 201);
    }
  });
});

describe("migration 0014", () => {
  it("dates each fine declined before it from its declined dispute, and no other", async () => {
    let migrated: unknown;
    // The migrations replayed into a scratch schema, rolled back after: fines as they were before 0014, then 0014.
    const replay = t.db.transaction(async (tx) => {
      const migration = await replayMigrationsBefore(tx, "appeals", "appeals_backfill");
      const [ana, ben, flat] = ["a", "b", "f"].map((digit) => `00000000-0000-4000-8000-00000000000${digit}`);
      const fineIds = [1, 2, 3].map((n) => `10000000-0000-4000-8000-00000000000${n}`);
      const statements = [
        `insert into households (id, name, iso_4217_code) values ('${flat}', 'Flat', 'GBP')`,
        `insert into users (id, email, display_name, household_id) values
          ('${ana}', 'ana@example.com', 'Ana', '${flat}'), ('${ben}', 'ben@example.com', 'Ben', '${flat}')`,
        `insert into fines (id, household_id, offender_id, created_by, amount_minor, dispute_rejected, description)
          values ('${fineIds[0]}', '${flat}', '${ben}', '${ana}', 250, true, 'declined'),
            ('${fineIds[1]}', '${flat}', '${ben}', '${ana}', 250, false, 'disputed'),
            ('${fineIds[2]}', '${flat}', '${ben}', '${ana}', 250, false, 'never disputed')`,
        `insert into disputes (fine_id, raised_by, reason, status, reviewed_by, updated_at)
          values ('${fineIds[0]}', '${ben}', 'Not mine', 'declined', '${ana}', '2026-03-04T05:06:07Z'),
            ('${fineIds[1]}', '${ben}', 'Not mine', 'pending', null, '2026-03-05T05:06:07Z')`,
      ];
      for (const statement of statements) await tx.execute(sql.raw(statement));
      await migration.apply();
      migrated = await tx.execute(
        sql.raw("select description, declined_at::text, appeal_id from fines order by description"),
      );
      tx.rollback();
    });
    await expect(replay).rejects.toBeInstanceOf(TransactionRollbackError);
    const { rows } = z
      .object({
        rows: z.array(
          z.object({ description: z.string(), declined_at: z.string().nullable(), appeal_id: z.string().nullable() }),
        ),
      })
      .parse(migrated);
    expect(rows.map((row) => [row.description, row.declined_at && new Date(row.declined_at).toISOString()])).toEqual([
      ["declined", "2026-03-04T05:06:07.000Z"],
      ["disputed", null],
      ["never disputed", null],
    ]);
    expect(rows.every((row) => row.appeal_id === null)).toBe(true);
  });
});
