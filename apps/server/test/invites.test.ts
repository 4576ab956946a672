import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { INVITE_INVALID_MESSAGE, INVITE_NEEDS_HOUSEHOLD_MESSAGE } from "@housemate/contract";
import { invites, notifications, users } from "../src/db/schema.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import { buildHouseholdWithMembers, buildMember, buildSession, buildUser } from "./helpers/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

async function createInvite(householdId: string, token: string) {
  const res = await t.request({ method: "POST", url: `/api/households/${householdId}/invites`, token });
  expect(res.statusCode, res.body).toBe(201);
  const { inviteUrl, expires } = res.json().data as { inviteUrl: string; expires: string };
  const code = inviteUrl.slice(`${PUBLIC_URL}/invite/`.length);
  return { inviteUrl, expires, code };
}

const details = (code: string) => t.request({ method: "GET", url: `/api/invites/${code}` });

const joinByInvite = (code: string, token: string | undefined, payload: object = {}) =>
  t.request({ method: "POST", url: `/api/invites/${code}/join`, token, payload });

/** A new person, signed in without a household, who accepts the invite on onboarding (decision 021). */
async function signUpWithInvite(code: string) {
  const user = await buildUser(t.db);
  const token = await buildSession(t.db, user.id, new Date(t.clock.now.getTime() + DAY));
  const res = await joinByInvite(code, token);
  if (res.statusCode !== 200) throw Object.assign(new Error(res.body), { statusCode: res.statusCode });
  return user;
}

describe("invite links", () => {
  it("gives a member a link to the invite page, valid for 7 days", async () => {
    const { household, owner } = await buildHouseholdWithMembers(t.db, 0);
    const { inviteUrl, expires, code } = await createInvite(household.id, owner.token);

    expect(inviteUrl).toMatch(new RegExp(`^${PUBLIC_URL}/invite/[A-Za-z0-9_-]{22,}$`));
    expect(new Date(expires).getTime()).toBe(t.clock.now.getTime() + 7 * DAY);
    const [stored] = await t.db.select().from(invites).where(eq(invites.code, code));
    expect(stored).toMatchObject({ householdId: household.id, createdBy: owner.user.id });
  });

  it("makes a different link each time", async () => {
    const { household, owner } = await buildHouseholdWithMembers(t.db, 0);
    const first = await createInvite(household.id, owner.token);
    const second = await createInvite(household.id, owner.token);
    expect(first.code).not.toBe(second.code);
  });

  it("accepts the empty JSON body SPEC's client sends", async () => {
    const { household, owner } = await buildHouseholdWithMembers(t.db, 0);
    const res = await t.request({
      method: "POST",
      url: `/api/households/${household.id}/invites`,
      token: owner.token,
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(201);
  });

  it("tells someone without a household that they must be part of one to invite others", async () => {
    const { household } = await buildHouseholdWithMembers(t.db, 0);
    const loner = await buildMember(t.db);
    const res = await t.request({ method: "POST", url: `/api/households/${household.id}/invites`, token: loner.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(INVITE_NEEDS_HOUSEHOLD_MESSAGE);
  });

  it("does not let another household's member invite people into this one", async () => {
    const { household } = await buildHouseholdWithMembers(t.db, 0);
    const other = await buildHouseholdWithMembers(t.db, 0);
    const res = await t.request({
      method: "POST",
      url: `/api/households/${household.id}/invites`,
      token: other.owner.token,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe("You don't have permission to access this resource.");
  });
});

describe("the invite landing page's details", () => {
  it("shows the household's name and member count to anyone holding the link", async () => {
    const { household, owner } = await buildHouseholdWithMembers(t.db, 2);
    const { code } = await createInvite(household.id, owner.token);
    const res = await details(code);
    expect(res.statusCode).toBe(200);
    // With plans off (the default) a household is never full (test/plans.test.ts has plans on).
    expect(res.json().data).toEqual({ householdName: household.name, memberCount: 3, fullMessage: null });
  });

  it("does not count deleted accounts as members", async () => {
    const { household, owner, members } = await buildHouseholdWithMembers(t.db, 1);
    const leaving = members[0];
    if (!leaving) throw new Error("no member");
    const { code } = await createInvite(household.id, owner.token);
    await t.request({ method: "DELETE", url: `/api/users/${leaving.user.id}`, token: leaving.token });
    expect((await details(code)).json().data.memberCount).toBe(1);
  });

  it("answers an unknown code with 404 and SPEC's text", async () => {
    const res = await details("never-issued-code");
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: "NOT_FOUND", message: INVITE_INVALID_MESSAGE });
  });
});

describe("using an invite", () => {
  it("lets several people join with one link", async () => {
    const { household, owner } = await buildHouseholdWithMembers(t.db, 0);
    const { code } = await createInvite(household.id, owner.token);

    const bob = await signUpWithInvite(code);
    const cleo = await signUpWithInvite(code);

    const res = await details(code);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.memberCount).toBe(3);
    const listed = await t.request({
      method: "GET",
      url: `/api/users?householdId=${household.id}`,
      token: owner.token,
    });
    expect(listed.json().data.map((u: { id: string }) => u.id)).toEqual(
      expect.arrayContaining([owner.user.id, bob.id, cleo.id]),
    );
  });

  it("stops working after 7 days", async () => {
    const start = t.clock.now;
    try {
      const { household, owner } = await buildHouseholdWithMembers(t.db, 0);
      const { code } = await createInvite(household.id, owner.token);

      t.clock.advance(7 * DAY - 60_000);
      expect((await details(code)).statusCode).toBe(200);

      t.clock.advance(60_000);
      const expired = await details(code);
      expect(expired.statusCode).toBe(404);
      expect(expired.json().error.message).toBe(INVITE_INVALID_MESSAGE);
      await expect(signUpWithInvite(code)).rejects.toMatchObject({ statusCode: 404 });

      // A fresh link from the same household works again (signed in anew: a week has passed).
      const token = await buildSession(t.db, owner.user.id, new Date(t.clock.now.getTime() + DAY));
      const renewed = await createInvite(household.id, token);
      expect((await details(renewed.code)).statusCode).toBe(200);
    } finally {
      t.clock.set(start);
    }
  });
});

describe("joining through an invite (decision 021)", () => {
  async function invitedNewcomer() {
    const { household, owner } = await buildHouseholdWithMembers(t.db, 0);
    const { code } = await createInvite(household.id, owner.token);
    const newcomer = await buildMember(t.db, undefined, { displayName: "blair" });
    return { household, owner, code, newcomer };
  }
  const nameOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]?.displayName;

  it("joins the household under the name the person chose, sanitised like a profile's, and tells the others", async () => {
    const { household, owner, code, newcomer } = await invitedNewcomer();
    const res = await joinByInvite(code, newcomer.token, { display_name: "  <b>Blair</b>  Hale " });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ success: true, household: { id: household.id, name: household.name } });
    expect(data.user).toMatchObject({
      id: newcomer.user.id,
      display_name: "Blair Hale",
      household_id: household.id,
      is_admin: false,
    });
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(told.map((n) => n.message)).toContain("Blair Hale joined your household");
  });

  it("keeps the person's name when they give none", async () => {
    const { household, code, newcomer } = await invitedNewcomer();
    const res = await joinByInvite(code, newcomer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({ display_name: "blair", household_id: household.id });
  });

  it("refuses someone already in a household with 409, and leaves their name as it was", async () => {
    const { code } = await invitedNewcomer();
    const settled = await buildHouseholdWithMembers(t.db, 0);
    const res = await joinByInvite(code, settled.owner.token, { display_name: "Somebody Else" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("CONFLICT");
    expect(await nameOf(settled.owner.user.id)).toBe(settled.owner.user.displayName);
  });

  it("answers an unknown or expired invite with 404 and SPEC's text, changing nothing", async () => {
    const { code, newcomer } = await invitedNewcomer();
    const unknown = await joinByInvite("never-issued-code", newcomer.token, { display_name: "Blair" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: "NOT_FOUND", message: INVITE_INVALID_MESSAGE });

    await t.db
      .update(invites)
      .set({ expiresAt: new Date(t.clock.now.getTime() - 1) })
      .where(eq(invites.code, code));
    const expired = await joinByInvite(code, newcomer.token, { display_name: "Blair" });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error.message).toBe(INVITE_INVALID_MESSAGE);
    expect(await nameOf(newcomer.user.id)).toBe("blair");
  });

  it.each([[""], ["<script></script>"], ["a".repeat(51)], ["Robert'); DROP"], [42]])(
    "refuses the display name %j with 400, joining nothing",
    async (displayName) => {
      const { code, newcomer } = await invitedNewcomer();
      const res = await joinByInvite(code, newcomer.token, { display_name: displayName });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_ERROR");
      const [row] = await t.db.select().from(users).where(eq(users.id, newcomer.user.id));
      expect(row).toMatchObject({ householdId: null, displayName: "blair" });
    },
  );

  it("needs a session", async () => {
    const { code } = await invitedNewcomer();
    expect((await joinByInvite(code, undefined)).statusCode).toBe(401);
  });

  it("lets one of two concurrent joins of the same person win", async () => {
    const { code, newcomer } = await invitedNewcomer();
    const other = await buildHouseholdWithMembers(t.db, 0);
    const { code: otherCode } = await createInvite(other.household.id, other.owner.token);
    const answers = await Promise.all([joinByInvite(code, newcomer.token), joinByInvite(otherCode, newcomer.token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });
});
