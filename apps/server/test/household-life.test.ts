import { readdir, readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql, TransactionRollbackError } from "drizzle-orm";
import { z } from "zod";
import {
  ACCESS_ENDED_MESSAGES,
  CURRENCY_CHANGE_NEEDS_CONFIRMATION_MESSAGE,
  DELETE_HOUSEHOLD_NOT_ALONE_MESSAGE,
  HOUSEHOLD_ADMIN_ONLY_MESSAGE,
  INVITE_INVALID_MESSAGE,
  INVITE_NOT_FOUND_MESSAGE,
  LAST_MEMBER_LEAVE_MESSAGE,
  LEAVE_OWES_FINES_MESSAGE,
  MEMBER_NOT_FOUND_MESSAGE,
  ONLY_ADMIN_CANNOT_LEAVE_MESSAGE,
  ONLY_ADMIN_CANNOT_STEP_DOWN_MESSAGE,
  REMOVE_SELF_MESSAGE,
  REMOVED_MEMBER_REJOIN_MESSAGE,
  STEP_DOWN_ONLY_SELF_MESSAGE,
  WRITTEN_OFF_LEFT_REASON,
  WRITTEN_OFF_REMOVED_REASON,
  type HouseholdMember,
} from "@housemate/contract";
import {
  fines,
  householdRemovals,
  households,
  invites,
  notifications,
  rules,
  uploads,
  users,
} from "../src/db/schema.js";
import { OFFENDER_CANNOT_REVIEW } from "../src/features/fines/lifecycle.js";
import { NOT_A_MEMBER_MESSAGE } from "../src/features/fines/service.js";
import { lockedHousehold, lockMembership } from "../src/features/households/departure.js";
import { rotateJoinCode, updateHousehold } from "../src/features/households/service.js";
import { revokeInvite } from "../src/features/invites/service.js";
import { newFilePath } from "../src/features/storage/file-path.js";
import { deleteAccount } from "../src/features/users/service.js";
import { createTestContext, type TestContext } from "./helpers/app.js";
import {
  buildFine,
  buildFlatOfThree,
  buildHouseholdWithMembers,
  buildMember,
  buildRule,
  unknownId,
} from "./helpers/factories.js";
import { listen, openSocket } from "./helpers/socket-client.js";
import { statementsDuring } from "./helpers/statements.js";

/**
 * Issue 16 "Households that change" (docs/decisions/032): roles, settings, members, invite links, leaving, removal,
 * deletion and account deletion, each rule and each refusal, and the races the issue names, on whichever engine the
 * run tests (TEST_ENGINE).
 */

let t: TestContext;
let socketUrl: string;
beforeAll(async () => {
  t = await createTestContext();
  socketUrl = await listen(t.app);
});
afterAll(() => t.close());

type Flat = Awaited<ReturnType<typeof buildFlatOfThree>>;

const api = (
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  token: string | undefined,
  payload?: object,
) => t.request({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });

function expectError(res: Awaited<ReturnType<typeof api>>, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  if (message !== undefined) expect(res.json().error.message).toBe(message);
}

async function membersOf(flat: Flat): Promise<HouseholdMember[]> {
  const res = await api("GET", `/households/${flat.household.id}/members`, flat.ana.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as HouseholdMember[];
}

async function notificationsOf(userId: string) {
  return t.db.select().from(notifications).where(eq(notifications.userId, userId));
}

async function fineRow(id: string) {
  const [row] = await t.db.select().from(fines).where(eq(fines.id, id));
  if (!row) throw new Error("fine gone");
  return row;
}

/** Ana (admin) fined Ben 2.50 and 1.00 (pending) and 4.00 (paid); Ben fined Cleo 3.00, which Cleo disputed. */
async function flatWithFines() {
  const flat = await buildFlatOfThree(t.db);
  const { household, ana, ben, cleo } = flat;
  const rule = await buildRule(t.db, household.id, ana.user.id);
  const fineFor = (issuerId: string, offenderId: string, amountMinor: number, status = "pending") =>
    buildFine(t.db, { householdId: household.id, issuerId, offenderId, ruleId: rule.id }, { amountMinor, status });
  const owed = [await fineFor(ana.user.id, ben.user.id, 250), await fineFor(ana.user.id, ben.user.id, 100)];
  const paid = await fineFor(ana.user.id, ben.user.id, 400, "paid");
  const issuedByBen = await fineFor(ben.user.id, cleo.user.id, 300);
  const dispute = await api("POST", `/fines/household/${household.id}/fines/${issuedByBen.id}/disputes`, cleo.token, {
    reason: "The pans were not mine",
  });
  expect(dispute.statusCode, dispute.body).toBe(201);
  return { ...flat, rule, owed, paid, issuedByBen, disputeId: dispute.json().data.dispute.id as string };
}

describe("roles", () => {
  it("makes the creator the admin, and lets only an admin change the household", async () => {
    const { token } = await buildMember(t.db);
    const created = await api("POST", "/households", token, { name: "The Cozy Flat" });
    expect(created.statusCode).toBe(201);
    const household = created.json().data;
    const members = await api("GET", `/households/${household.id}/members`, token);
    expect(members.json().data).toMatchObject([{ is_admin: true, pending_fines_owed: 0, fines_issued: 0 }]);

    const flat = await buildFlatOfThree(t.db);
    const refused = await api("PATCH", `/households/${flat.household.id}`, flat.ben.token, { name: "Ben's" });
    expectError(refused, 403, HOUSEHOLD_ADMIN_ONLY_MESSAGE);
    expect(refused.json().error.code).toBe("FORBIDDEN");
  });

  it("lets an admin make another member admin, tells the others, and lets an admin step down while another remains", async () => {
    const flat = await buildFlatOfThree(t.db);
    const { household, ana, ben, cleo } = flat;
    const role = (token: string, userId: string, is_admin: boolean) =>
      api("PUT", `/households/${household.id}/members/${userId}/role`, token, { is_admin });

    expectError(await role(ben.token, ben.user.id, true), 403, HOUSEHOLD_ADMIN_ONLY_MESSAGE);
    expectError(await role(ana.token, ana.user.id, false), 409, ONLY_ADMIN_CANNOT_STEP_DOWN_MESSAGE);

    const promoted = await role(ana.token, ben.user.id, true);
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().data).toMatchObject({ id: ben.user.id, is_admin: true });
    const told = await notificationsOf(cleo.user.id);
    expect(told.find((n) => n.typeId === "admin_changed")?.message).toBe(
      `${ana.user.displayName} made ${ben.user.displayName} an admin.`,
    );

    // An admin cannot take the role from another; each steps down only themselves.
    expectError(await role(ben.token, ana.user.id, false), 403, STEP_DOWN_ONLY_SELF_MESSAGE);
    const steppedDown = await role(ana.token, ana.user.id, false);
    expect(steppedDown.json().data).toMatchObject({ id: ana.user.id, is_admin: false });
    expectError(await role(ben.token, ben.user.id, false), 409, ONLY_ADMIN_CANNOT_STEP_DOWN_MESSAGE);
    expectError(await role(ben.token, unknownId(), true), 404, MEMBER_NOT_FOUND_MESSAGE);
    // Ana is no admin any more: her next admin-only call is refused.
    expectError(await api("PATCH", `/households/${household.id}`, ana.token, { name: "Ana's" }), 403);
  });
});

describe("household settings", () => {
  it("renames with creation's rules, tells the others, and every member's open socket hears it live", async () => {
    const flat = await buildFlatOfThree(t.db);
    const { household, ana, ben } = flat;
    const benSocket = await openSocket(socketUrl, ben.token);
    await benSocket.next("notification_count");

    expectError(await api("PATCH", `/households/${household.id}`, ana.token, { name: "   " }), 400);
    const renamed = await api("PATCH", `/households/${household.id}`, ana.token, { name: "Flat 3B" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.name).toBe("Flat 3B");

    expect((await benSocket.next("household_changed")).data.household_id).toBe(household.id);
    const pushed = await benSocket.next("notification", (m) => m.data.type_id === "household_updated");
    expect(pushed.data.message).toBe(`${ana.user.displayName} renamed the household to Flat 3B.`);
    benSocket.close();
    // The admin who made the change is not told of it.
    expect((await notificationsOf(ana.user.id)).some((n) => n.typeId === "household_updated")).toBe(false);
  });

  it("changes the currency freely without fines, and with fines only when told amounts keep their numbers", async () => {
    const empty = await buildFlatOfThree(t.db);
    const free = await api("PATCH", `/households/${empty.household.id}`, empty.ana.token, { iso_4217_code: "EUR" });
    expect(free.json().data.iso_4217_code).toBe("EUR");

    const flat = await flatWithFines();
    const url = `/households/${flat.household.id}`;
    const refused = await api("PATCH", url, flat.ana.token, { iso_4217_code: "USD" });
    expectError(refused, 409, CURRENCY_CHANGE_NEEDS_CONFIRMATION_MESSAGE);
    expect(refused.json().error.code).toBe("CONFLICT");

    const changed = await api("PATCH", url, flat.ana.token, { iso_4217_code: "USD", confirmKeepAmounts: true });
    expect(changed.json().data.iso_4217_code).toBe("USD");
    expect((await fineRow(flat.owed[0]?.id ?? "")).amountMinor).toBe(250);
    const told = await notificationsOf(flat.ben.user.id);
    expect(told.find((n) => n.typeId === "household_updated")?.message).toBe(
      `${flat.ana.user.displayName} changed its currency to USD (amounts keep their numbers).`,
    );
  });

  it("lists the members with role, joined date, open fines owed and fines issued, in one statement", async () => {
    const flat = await flatWithFines();
    let members: HouseholdMember[] = [];
    const statements = await statementsDuring(async () => {
      members = await membersOf(flat);
    });
    const byId = new Map(members.map((member) => [member.id, member]));
    expect(byId.get(flat.ana.user.id)).toMatchObject({ is_admin: true, pending_fines_owed: 0, fines_issued: 3 });
    expect(byId.get(flat.ben.user.id)).toMatchObject({
      is_admin: false,
      pending_fines_owed: 2,
      pending_amount_owed: 3.5,
      fines_issued: 1,
      display_name: flat.ben.user.displayName,
    });
    // Cleo's fine is disputed: still open, still owed.
    expect(byId.get(flat.cleo.user.id)).toMatchObject({ pending_fines_owed: 1, pending_amount_owed: 3 });
    expect(Number.isNaN(Date.parse(byId.get(flat.ben.user.id)?.joined_at ?? ""))).toBe(false);
    // The session (with its household) is one round trip; the members and their fines another.
    expect(statements.filter((sql) => /"fines"/.test(sql))).toHaveLength(1);
  });
});

describe("invite links", () => {
  it("lists the live links with who made them and how often they were used; an admin revokes one", async () => {
    const flat = await buildFlatOfThree(t.db);
    const { household, ana, ben } = flat;
    const made = await api("POST", `/households/${household.id}/invites`, ben.token);
    const code = (made.json().data.inviteUrl as string).split("/invite/")[1] ?? "";
    const newcomer = await buildMember(t.db);
    expect((await api("POST", `/invites/${code}/join`, newcomer.token, {})).statusCode).toBe(200);

    const listed = await api("GET", `/households/${household.id}/invites`, ben.token);
    expect(listed.json().data).toEqual([
      {
        id: expect.any(String),
        invite_url: made.json().data.inviteUrl,
        created_by: ben.user.id,
        created_by_name: ben.user.displayName,
        created_at: expect.any(String),
        expires: made.json().data.expires,
        times_used: 1,
      },
    ]);
    const inviteId = listed.json().data[0].id as string;

    expectError(await api("DELETE", `/households/${household.id}/invites/${inviteId}`, ben.token), 403);
    const revoked = await api("DELETE", `/households/${household.id}/invites/${inviteId}`, ana.token);
    expect(revoked.json()).toEqual({ data: { success: true } });
    expectError(await api("GET", `/invites/${code}`, undefined), 404, INVITE_INVALID_MESSAGE);
    expectError(
      await api("DELETE", `/households/${household.id}/invites/${inviteId}`, ana.token),
      404,
      INVITE_NOT_FOUND_MESSAGE,
    );
    expect((await api("GET", `/households/${household.id}/invites`, ana.token)).json().data).toEqual([]);
  });

  it("leaves expired links out of the list", async () => {
    const flat = await buildFlatOfThree(t.db);
    // Made eight days ago: a day past its seven.
    t.clock.set(new Date(Date.now() - 8 * 24 * 60 * 60 * 1000));
    try {
      expect((await api("POST", `/households/${flat.household.id}/invites`, flat.ana.token)).statusCode).toBe(201);
    } finally {
      t.clock.set(new Date());
    }
    expect((await api("GET", `/households/${flat.household.id}/invites`, flat.ana.token)).json().data).toEqual([]);
  });
});

describe("leaving", () => {
  it("lets someone who owes nothing leave: their household access ends at once and the others are told", async () => {
    const flat = await buildFlatOfThree(t.db);
    const { household, ana, cleo } = flat;
    const cleoSocket = await openSocket(socketUrl, cleo.token);
    await cleoSocket.next("notification_count");

    const left = await api("POST", `/households/${household.id}/leave`, cleo.token, {});
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().data).toMatchObject({
      user_id: cleo.user.id,
      household_deleted: false,
      fines_written_off: 0,
      amount_written_off: 0,
      user: { household_id: null, is_admin: false },
    });
    const ended = await cleoSocket.next("household_access_ended");
    expect(ended.data).toEqual({ household_id: household.id, reason: "left", message: ACCESS_ENDED_MESSAGES.left });
    cleoSocket.close();

    expect((await membersOf(flat)).map((member) => member.id)).not.toContain(cleo.user.id);
    expect((await notificationsOf(ana.user.id)).find((n) => n.typeId === "member_left")?.message).toBe(
      `${cleo.user.displayName} left the household.`,
    );
    // Signed in still, but a former member: the household's routes refuse them as anyone outside.
    expect((await api("GET", "/notifications", cleo.token)).statusCode).toBe(200);
    expectError(await api("GET", `/households/${household.id}`, cleo.token), 403);
  });

  it("asks someone who owes open fines to confirm; then writes them off, keeps paid ones, and hands their disputes to an admin", async () => {
    const flat = await flatWithFines();
    const { household, ana, ben, cleo } = flat;
    const url = `/households/${household.id}/leave`;
    expectError(await api("POST", url, ben.token, {}), 409, LEAVE_OWES_FINES_MESSAGE);
    expect((await fineRow(flat.owed[0]?.id ?? "")).status).toBe("pending");

    const left = await api("POST", url, ben.token, { confirmWriteOff: true });
    expect(left.json().data).toMatchObject({
      fines_written_off: 2,
      amount_written_off: 3.5,
      disputes_handed_over: 1,
      disputes_handed_to: ana.user.id,
    });
    for (const owed of flat.owed) {
      expect(await fineRow(owed.id)).toMatchObject({ status: "cancelled", cancelReason: WRITTEN_OFF_LEFT_REASON });
    }
    // Paid stays in the fund and in the history, with its offender's id (shown as a former member).
    expect(await fineRow(flat.paid.id)).toMatchObject({ status: "paid", offenderId: ben.user.id });
    const balance = await api("GET", `/balance/household/${household.id}/balance`, ana.token);
    expect(balance.json().data.balance).toBe(4);
    const listed = await api("GET", `/fines/household/${household.id}`, ana.token);
    expect(listed.json().data.map((fine: { id: string }) => fine.id)).toContain(flat.paid.id);

    expect((await notificationsOf(ana.user.id)).find((n) => n.typeId === "member_left")?.message).toBe(
      `${ben.user.displayName} left the household. 2 fines they owed (£3.50) written off. ` +
        `1 dispute to review handed to ${ana.user.displayName}.`,
    );

    // Ana now sees and reviews the dispute Ben would have; Cleo's answer comes from her.
    const fineUrl = `/fines/household/${household.id}/fines/${flat.issuedByBen.id}`;
    expect((await api("GET", `${fineUrl}/dispute`, ana.token)).statusCode).toBe(200);
    const reviewed = await api("PUT", `${fineUrl}/disputes/${flat.disputeId}`, ana.token, {
      action: "accept",
      reason: "Fair enough",
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect((await notificationsOf(cleo.user.id)).some((n) => n.typeId === "dispute_resolved")).toBe(true);
    // A written-off fine is out of the lifecycle, and says why.
    const pay = await api("PUT", `/fines/household/${household.id}/fines/${flat.owed[0]?.id}/pay`, ana.token);
    expect(pay.statusCode).toBe(403);
  });

  it("refuses the only admin while others remain, and lets the last member delete the household by leaving", async () => {
    const flat = await buildFlatOfThree(t.db);
    const { household, ana, ben, cleo } = flat;
    const leave = (token: string, payload: object = {}) =>
      api("POST", `/households/${household.id}/leave`, token, payload);
    expectError(await leave(ana.token), 409, ONLY_ADMIN_CANNOT_LEAVE_MESSAGE);
    expect((await leave(ben.token)).statusCode).toBe(200);
    expect((await leave(cleo.token)).statusCode).toBe(200);

    expectError(await leave(ana.token), 409, LAST_MEMBER_LEAVE_MESSAGE);
    const last = await leave(ana.token, { confirmDeleteHousehold: true });
    expect(last.json().data).toMatchObject({ household_deleted: true, user: { household_id: null } });
    expect(await t.db.select().from(households).where(eq(households.id, household.id))).toEqual([]);
    expect(await t.db.select().from(rules).where(eq(rules.householdId, household.id))).toEqual([]);
  });
});

describe("removing a member", () => {
  it("needs a reason; ends the person's access at once, tells them by email, in-app and on their socket", async () => {
    const flat = await flatWithFines();
    const { household, ana, ben, cleo } = flat;
    const url = `/households/${household.id}/members/${ben.user.id}/remove`;
    expectError(await api("POST", url, ana.token, { reason: "" }), 400);
    expectError(await api("POST", url, ana.token, {}), 400);
    expectError(await api("POST", url, cleo.token, { reason: "Noisy" }), 403, HOUSEHOLD_ADMIN_ONLY_MESSAGE);
    expectError(
      await api("POST", `/households/${household.id}/members/${ana.user.id}/remove`, ana.token, { reason: "Me" }),
      409,
      REMOVE_SELF_MESSAGE,
    );
    expectError(
      await api("POST", `/households/${household.id}/members/${unknownId()}/remove`, ana.token, { reason: "Who" }),
      404,
      MEMBER_NOT_FOUND_MESSAGE,
    );

    const benSocket = await openSocket(socketUrl, ben.token);
    await benSocket.next("notification_count");
    const removed = await api("POST", url, ana.token, { reason: "Moved out in March" });
    expect(removed.json().data).toMatchObject({ user_id: ben.user.id, fines_written_off: 2, disputes_handed_over: 1 });

    const ended = await benSocket.next("household_access_ended");
    expect(ended.data).toEqual({
      household_id: household.id,
      reason: "removed",
      message: ACCESS_ENDED_MESSAGES.removed,
    });
    const told = await benSocket.next("notification", (m) => m.data.type_id === "member_removed");
    expect(told.data.message).toBe(
      `${ana.user.displayName} removed you from ${household.name}. Reason: Moved out in March`,
    );
    expect(benSocket.received.some((m) => m.type === "household_changed")).toBe(false);
    benSocket.close();
    await t.smtp.waitFor(
      ben.user.email ?? "",
      (mail) => mail.subject === "Housemate: You were removed from a household",
    );

    expect(await fineRow(flat.owed[0]?.id ?? "")).toMatchObject({
      status: "cancelled",
      cancelReason: WRITTEN_OFF_REMOVED_REASON,
    });
    expect((await fineRow(flat.issuedByBen.id)).reviewerId).toBe(ana.user.id);
    // Ana finds the dispute she was handed where she reviews hers ('Disputed Fines to Review': ?reviewer=), Ben not.
    const toReview = await api(
      "GET",
      `/fines/household/${household.id}?status=disputed&reviewer=${ana.user.id}`,
      ana.token,
    );
    expect(toReview.json().data).toEqual([
      expect.objectContaining({ id: flat.issuedByBen.id, created_by: ben.user.id, reviewer_id: ana.user.id }),
    ]);
    const bens = await api(
      "GET",
      `/fines/household/${household.id}?status=disputed&reviewer=${ben.user.id}`,
      ana.token,
    );
    expect(bens.json().data).toEqual([]);
    // Their session is still good; the household is not theirs any more.
    expect((await api("GET", `/users/${ben.user.id}`, ben.token)).statusCode).toBe(200);
    expectError(await api("GET", `/households/${household.id}/members`, ben.token), 403);
    expect((await notificationsOf(cleo.user.id)).find((n) => n.typeId === "member_removed")?.title).toBe(
      "A housemate was removed",
    );
  });

  it("lets the person back only by an invite link made after the removal, never by the household ID", async () => {
    const flat = await buildFlatOfThree(t.db);
    const { household, ana, ben } = flat;
    const before = await api("POST", `/households/${household.id}/invites`, ana.token);
    const oldCode = (before.json().data.inviteUrl as string).split("/invite/")[1] ?? "";
    t.clock.advance(1000);
    try {
      await api("POST", `/households/${household.id}/members/${ben.user.id}/remove`, ana.token, { reason: "Rent" });
      expectError(
        await api("POST", `/households/${household.joinCode}/join`, ben.token, {}),
        403,
        REMOVED_MEMBER_REJOIN_MESSAGE,
      );
      expectError(await api("POST", `/invites/${oldCode}/join`, ben.token, {}), 403, REMOVED_MEMBER_REJOIN_MESSAGE);

      t.clock.advance(1000);
      const after = await api("POST", `/households/${household.id}/invites`, ana.token);
      const newCode = (after.json().data.inviteUrl as string).split("/invite/")[1] ?? "";
      const back = await api("POST", `/invites/${newCode}/join`, ben.token, {});
      expect(back.statusCode, back.body).toBe(200);
      const removal = await t.db
        .select()
        .from(householdRemovals)
        .where(and(eq(householdRemovals.householdId, household.id), eq(householdRemovals.userId, ben.user.id)));
      expect(removal).toEqual([]);
    } finally {
      t.clock.set(new Date());
    }
  });
});

describe("deleting the household", () => {
  it("is for the admin who is its last member, and takes all its data", async () => {
    const flat = await flatWithFines();
    const { household, ana, ben } = flat;
    expectError(await api("DELETE", `/households/${household.id}`, ben.token), 403, HOUSEHOLD_ADMIN_ONLY_MESSAGE);
    expectError(await api("DELETE", `/households/${household.id}`, ana.token), 409, DELETE_HOUSEHOLD_NOT_ALONE_MESSAGE);

    for (const member of [flat.ben, flat.cleo]) {
      await api("POST", `/households/${household.id}/members/${member.user.id}/remove`, ana.token, { reason: "End" });
    }
    const deleted = await api("DELETE", `/households/${household.id}`, ana.token);
    expect(deleted.json().data).toMatchObject({ success: true, user: { id: ana.user.id, household_id: null } });
    expect(await t.db.select().from(fines).where(eq(fines.householdId, household.id))).toEqual([]);
    expectError(await api("GET", `/households/${household.id}`, ana.token), 404);
  });
});

describe("account deletion follows leaving's rules", () => {
  it("writes off what the person owed and hands their disputes to an admin", async () => {
    const flat = await flatWithFines();
    const deleted = await api("DELETE", `/users/${flat.ben.user.id}`, flat.ben.token);
    expect(deleted.statusCode).toBe(200);
    expect(await fineRow(flat.owed[1]?.id ?? "")).toMatchObject({
      status: "cancelled",
      cancelReason: WRITTEN_OFF_LEFT_REASON,
    });
    expect((await fineRow(flat.issuedByBen.id)).reviewerId).toBe(flat.ana.user.id);
    expect((await notificationsOf(flat.cleo.user.id)).find((n) => n.typeId === "member_left")?.message).toContain(
      "deleted their account and left the household",
    );
  });

  it("makes the longest-standing member admin when the only admin deletes their account", async () => {
    const flat = await buildFlatOfThree(t.db);
    await t.db
      .update(users)
      .set({ joinedAt: new Date(Date.now() - 60_000) })
      .where(eq(users.id, flat.cleo.user.id));
    expect((await api("DELETE", `/users/${flat.ana.user.id}`, flat.ana.token)).statusCode).toBe(200);
    const members = await api("GET", `/households/${flat.household.id}/members`, flat.ben.token);
    expect(members.json().data.map((m: HouseholdMember) => [m.id, m.is_admin])).toEqual([
      [flat.cleo.user.id, true],
      [flat.ben.user.id, false],
    ]);
  });
});

describe("a former member", () => {
  it("is refused every household route like anyone outside it", async () => {
    const flat = await buildFlatOfThree(t.db);
    const { household, ana, cleo } = flat;
    const invite = await api("POST", `/households/${household.id}/invites`, ana.token);
    expect(invite.statusCode).toBe(201);
    await api("POST", `/households/${household.id}/leave`, cleo.token, {});
    const [link] = (await api("GET", `/households/${household.id}/invites`, ana.token)).json().data;
    const id = household.id;
    const calls: [Parameters<typeof api>[0], string, object?][] = [
      ["GET", `/households/${id}`],
      ["PATCH", `/households/${id}`, { name: "Mine now" }],
      ["POST", `/households/${id}/join-code`],
      ["GET", `/households/${id}/members`],
      ["PUT", `/households/${id}/members/${cleo.user.id}/role`, { is_admin: true }],
      ["POST", `/households/${id}/members/${ana.user.id}/remove`, { reason: "Revenge" }],
      ["POST", `/households/${id}/leave`, {}],
      ["DELETE", `/households/${id}`],
      ["GET", `/households/${id}/invites`],
      ["POST", `/households/${id}/invites`],
      ["DELETE", `/households/${id}/invites/${String(link.id)}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await api(method, url, cleo.token, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json().error.code).toBe("FORBIDDEN");
    }
  });
});

describe("races", () => {
  it("two admins removing each other at once: exactly one is removed, the other stays admin", async () => {
    for (let round = 0; round < 3; round++) {
      const flat = await buildFlatOfThree(t.db);
      const { household, ana, ben } = flat;
      await api("PUT", `/households/${household.id}/members/${ben.user.id}/role`, ana.token, { is_admin: true });
      const remove = (token: string, userId: string) =>
        api("POST", `/households/${household.id}/members/${userId}/remove`, token, { reason: "Coup" });
      const answers = await Promise.all([remove(ana.token, ben.user.id), remove(ben.token, ana.user.id)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403]);

      const stillIn = await t.db
        .select({ id: users.id, isAdmin: users.isAdmin })
        .from(users)
        .where(eq(users.householdId, household.id));
      const ids = stillIn.map((row) => row.id);
      expect(ids.includes(ana.user.id) !== ids.includes(ben.user.id)).toBe(true);
      expect(stillIn.filter((row) => row.isAdmin)).toHaveLength(1);
      const removals = await t.db
        .select()
        .from(householdRemovals)
        .where(eq(householdRemovals.householdId, household.id));
      expect(removals).toHaveLength(1);
    }
  });

  it("a fine issued while its offender leaves: either refused, or written off with the rest, never left pending", async () => {
    for (let round = 0; round < 4; round++) {
      const flat = await buildFlatOfThree(t.db);
      const { household, ana, ben } = flat;
      const rule = await buildRule(t.db, household.id, ana.user.id);
      const [issued, left] = await Promise.all([
        api("POST", "/fines", ana.token, {
          offender_id: ben.user.id,
          rule_id: rule.id,
          amount: 2.5,
          household_id: household.id,
        }),
        api("POST", `/households/${household.id}/leave`, ben.token, { confirmWriteOff: true }),
      ]);
      expect(left.statusCode, left.body).toBe(200);
      const toBen = await t.db.select().from(fines).where(eq(fines.offenderId, ben.user.id));
      if (issued.statusCode === 201) {
        expect(toBen).toMatchObject([{ status: "cancelled", cancelReason: WRITTEN_OFF_LEFT_REASON }]);
        expect(left.json().data.fines_written_off).toBe(1);
      } else {
        expectError(issued, 400, NOT_A_MEMBER_MESSAGE);
        expect(toBen).toEqual([]);
        // Nothing half-written: no notification of a fine that does not exist.
        expect((await notificationsOf(ben.user.id)).some((n) => n.typeId === "fine_received")).toBe(false);
      }
    }
  });

  it("a fine issued while the leave holds the person's membership waits, and is then refused", async () => {
    const flat = await buildFlatOfThree(t.db);
    const { household, ana, ben } = flat;
    const rule = await buildRule(t.db, household.id, ana.user.id);
    let issued: Promise<Awaited<ReturnType<typeof api>>> | undefined;
    await t.db.transaction(async (tx) => {
      await lockMembership(tx, ben.user.id);
      issued = api("POST", "/fines", ana.token, {
        offender_id: ben.user.id,
        rule_id: rule.id,
        amount: 2.5,
        household_id: household.id,
      });
      // On PostgreSQL the insert is now waiting on the lock (PGlite runs one statement at a time anyway).
      await new Promise((resolve) => setTimeout(resolve, 100));
      await tx.update(users).set({ householdId: null }).where(eq(users.id, ben.user.id));
    });
    expectError(await (issued ?? Promise.reject(new Error("not issued"))), 400, NOT_A_MEMBER_MESSAGE);
    expect(await t.db.select().from(fines).where(eq(fines.offenderId, ben.user.id))).toEqual([]);
  });

  it("the database refuses a fine to someone who is not a member of its household, whoever writes it", async () => {
    const flat = await buildFlatOfThree(t.db);
    const outsider = await buildMember(t.db);
    await expect(
      buildFine(t.db, { householdId: flat.household.id, issuerId: flat.ana.user.id, offenderId: outsider.user.id }),
    ).rejects.toThrow();
  });
});

describe("review fixes (docs/decisions/032)", () => {
  const dispute = (householdId: string, fineId: string, token: string) =>
    api("POST", `/fines/household/${householdId}/fines/${fineId}/disputes`, token, { reason: "Not me" });
  const review = (householdId: string, fineId: string, disputeId: string, token: string) =>
    api("PUT", `/fines/household/${householdId}/fines/${fineId}/disputes/${disputeId}`, token, {
      action: "accept",
      reason: "Fair enough",
    });

  it("never hands a fine's reviews to its own offender: the removing admin's fine goes to another member", async () => {
    const { household, ana, ben, cleo } = await buildFlatOfThree(t.db);
    const fine = await buildFine(t.db, { householdId: household.id, issuerId: ben.user.id, offenderId: ana.user.id });
    const removed = await api("POST", `/households/${household.id}/members/${ben.user.id}/remove`, ana.token, {
      reason: "Moved out",
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await fineRow(fine.id)).toMatchObject({ status: "pending", reviewerId: cleo.user.id });

    const disputed = await dispute(household.id, fine.id, ana.token);
    expect(disputed.statusCode, disputed.body).toBe(201);
    const disputeId = disputed.json().data.dispute.id as string;
    expectError(await review(household.id, fine.id, disputeId, ana.token), 403);
    expect((await review(household.id, fine.id, disputeId, cleo.token)).statusCode).toBe(200);
  });

  it("writes a fine off when its offender is the only one left to review it", async () => {
    const { household, owner: ana, members } = await buildHouseholdWithMembers(t.db, 1);
    const [ben] = members;
    if (!ben) throw new Error("no Ben");
    const fine = await buildFine(t.db, { householdId: household.id, issuerId: ben.user.id, offenderId: ana.user.id });
    const removed = await api("POST", `/households/${household.id}/members/${ben.user.id}/remove`, ana.token, {
      reason: "Moved out",
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await fineRow(fine.id)).toMatchObject({ status: "cancelled", cancelReason: WRITTEN_OFF_REMOVED_REASON });
    // Its refusals say how it was written off.
    const paid = await api("PUT", `/fines/household/${household.id}/fines/${fine.id}/pay`, ana.token);
    expectError(paid, 409, "This fine was written off when someone was removed from the household.");
  });

  it("refuses a review by the fine's offender, whatever the data says", async () => {
    const { household, ana, ben } = await buildFlatOfThree(t.db);
    const fine = await buildFine(t.db, { householdId: household.id, issuerId: ben.user.id, offenderId: ana.user.id });
    await t.db.update(fines).set({ reviewerId: ana.user.id }).where(eq(fines.id, fine.id));
    const disputed = await dispute(household.id, fine.id, ana.token);
    expect(disputed.statusCode, disputed.body).toBe(201);
    const refused = await review(household.id, fine.id, disputed.json().data.dispute.id as string, ana.token);
    expectError(refused, 403, OFFENDER_CANNOT_REVIEW);
    expect((await fineRow(fine.id)).status).toBe("disputed");
  });

  it("deletes the household when its last member deletes their account, and its evidence files with it", async () => {
    const { household, owner: ana } = await buildHouseholdWithMembers(t.db, 0);
    const filePath = newFilePath("fine-evidence", "image/png");
    await t.app.files.put(filePath, Buffer.from("picture"));
    await t.db.insert(uploads).values({
      filePath,
      userId: ana.user.id,
      category: "fine-evidence",
      contentType: "image/png",
      size: 7,
      expiresAt: new Date(Date.now() + 60_000),
      uploadedAt: new Date(),
    });
    const other = await buildMember(t.db, household.id);
    await buildFine(
      t.db,
      { householdId: household.id, issuerId: ana.user.id, offenderId: other.user.id },
      { evidenceImages: [filePath], status: "paid" },
    );
    await api("POST", `/households/${household.id}/leave`, other.token, {});
    expect((await t.request({ method: "GET", url: `/files/${filePath}` })).statusCode).toBe(200);

    expect((await api("DELETE", `/users/${ana.user.id}`, ana.token)).statusCode).toBe(200);
    expect(await t.db.select().from(households).where(eq(households.id, household.id))).toEqual([]);
    expect(await t.db.select().from(uploads).where(eq(uploads.filePath, filePath))).toEqual([]);
    expect((await t.request({ method: "GET", url: `/files/${filePath}` })).statusCode).toBe(404);
    expect(await t.app.files.open(filePath)).toBeNull();
    const { token } = await buildMember(t.db);
    expectError(await api("POST", `/households/${household.id}/join`, token, {}), 404);
  });

  it("makes someone who joins a household with no admin its admin", async () => {
    const { household } = await buildFlatOfThree(t.db);
    await t.db.update(users).set({ isAdmin: false }).where(eq(users.householdId, household.id));
    const { user, token } = await buildMember(t.db);
    const joined = await api("POST", `/households/${household.id}/join`, token, {});
    expect(joined.statusCode, joined.body).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ householdId: household.id, isAdmin: true });
  });

  it("checks the admin again under the household's lock for settings, code rotation and revoking links", async () => {
    const { household, ana } = await buildFlatOfThree(t.db);
    const [link] = await t.db
      .insert(invites)
      .values({
        code: `c${unknownId()}`,
        householdId: household.id,
        createdBy: ana.user.id,
        expiresAt: new Date(Date.now() + 60_000),
      })
      .returning();
    // Ana stepped down after her request was let in: what she asked for is refused, not done on her old role.
    await t.db.update(users).set({ isAdmin: false }).where(eq(users.id, ana.user.id));
    const common = { householdId: household.id, adminId: ana.user.id, now: new Date() };
    await expect(
      updateHousehold(t.db, { ...common, changes: { name: "Ana's" }, publicUrl: "http://x.test" }),
    ).rejects.toMatchObject({ statusCode: 403 });
    await expect(rotateJoinCode(t.db, common)).rejects.toMatchObject({ statusCode: 403 });
    await expect(revokeInvite(t.db, { ...common, inviteId: link?.id ?? "" })).rejects.toMatchObject({
      statusCode: 403,
    });
    const [after] = await t.db.select().from(households).where(eq(households.id, household.id));
    expect(after).toMatchObject({ name: household.name, joinCode: household.joinCode });
    expect(await t.db.select().from(invites).where(eq(invites.householdId, household.id))).toHaveLength(1);
  });

  it("settles an account's deletion in the household its row is in now, not the one its session read", async () => {
    const { household, ana, ben } = await buildFlatOfThree(t.db);
    const [stale] = await t.db.select().from(users).where(eq(users.id, ben.user.id));
    if (!stale) throw new Error("no Ben");
    await api("POST", `/households/${household.id}/leave`, ben.token, {});
    await deleteAccount(t.db, { user: stale, now: new Date(), publicUrl: "http://x.test" });
    const told = await notificationsOf(ana.user.id);
    expect(told.some((n) => n.message.includes("deleted their account"))).toBe(false);
  });

  it("the database refuses a fine from someone who is not a member of its household", async () => {
    const flat = await buildFlatOfThree(t.db);
    const outsider = await buildMember(t.db);
    await expect(
      buildFine(t.db, { householdId: flat.household.id, issuerId: outsider.user.id, offenderId: flat.ben.user.id }),
    ).rejects.toThrow();
  });

  it("a fine issued by someone whose leave holds their membership waits, and is then refused", async () => {
    const { household, ana, ben } = await buildFlatOfThree(t.db);
    const rule = await buildRule(t.db, household.id, ana.user.id);
    let issued: Promise<Awaited<ReturnType<typeof api>>> | undefined;
    await t.db.transaction(async (tx) => {
      await lockMembership(tx, ben.user.id);
      issued = api("POST", "/fines", ben.token, {
        offender_id: ana.user.id,
        rule_id: rule.id,
        amount: 2.5,
        household_id: household.id,
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      await tx.update(users).set({ householdId: null }).where(eq(users.id, ben.user.id));
    });
    expectError(await (issued ?? Promise.reject(new Error("not issued"))), 403);
    expect(await t.db.select().from(fines).where(eq(fines.createdBy, ben.user.id))).toEqual([]);
  });

  it("a currency change waits for a fine being written, then sees it and asks for the confirmation", async () => {
    const { household, ana, ben } = await buildFlatOfThree(t.db);
    const rule = await buildRule(t.db, household.id, ana.user.id);
    let changed: Promise<Awaited<ReturnType<typeof api>>> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.insert(fines).values({
        householdId: household.id,
        createdBy: ana.user.id,
        offenderId: ben.user.id,
        ruleId: rule.id,
        amountMinor: 250,
      });
      changed = api("PATCH", `/households/${household.id}`, ana.token, { iso_4217_code: "EUR" });
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expectError(
      await (changed ?? Promise.reject(new Error("not sent"))),
      409,
      CURRENCY_CHANGE_NEEDS_CONFIRMATION_MESSAGE,
    );
  });

  it("joining by invite while the last member deletes the household finds no household, not a server error", async () => {
    const { household, owner: ana } = await buildHouseholdWithMembers(t.db, 0);
    const made = await api("POST", `/households/${household.id}/invites`, ana.token);
    const code = (made.json().data.inviteUrl as string).split("/invite/")[1] ?? "";
    const { token } = await buildMember(t.db);
    let joined: Promise<Awaited<ReturnType<typeof api>>> | undefined;
    await t.db.transaction(async (tx) => {
      await lockedHousehold(tx, household.id);
      joined = api("POST", `/invites/${code}/join`, token, {});
      await new Promise((resolve) => setTimeout(resolve, 100));
      await tx.update(users).set({ householdId: null }).where(eq(users.id, ana.user.id));
      await tx.delete(households).where(eq(households.id, household.id));
    });
    expectError(await (joined ?? Promise.reject(new Error("not sent"))), 404, INVITE_INVALID_MESSAGE);
  });
});

describe("migration 0006", () => {
  it("dates existing members' joining from their accounts, and gives a household left without an admin its longest-standing member", async () => {
    const folder = new URL("../drizzle/", import.meta.url);
    const files = (await readdir(folder)).filter((name) => name.endsWith(".sql")).sort();
    const index = files.findIndex((name) => name.endsWith("_households_that_change.sql"));
    expect(index).toBeGreaterThan(0);
    let migrated: unknown;
    // The migrations replayed into a scratch schema of the test database, rolled back after: households as they were
    // before 0006 (one whose only admin deleted their account), then 0006 itself.
    const replay = t.db.transaction(async (tx) => {
      const run = async (name: string) => {
        const text = (await readFile(new URL(name, folder), "utf8")).replaceAll('"public".', "");
        for (const statement of text.split("--> statement-breakpoint")) await tx.execute(sql.raw(statement));
      };
      await tx.execute(sql.raw("create schema households_that_change"));
      await tx.execute(sql.raw("set local search_path to households_that_change"));
      for (const name of files.slice(0, index)) await run(name);
      await tx.execute(
        sql.raw(`insert into households (id, name, iso_4217_code) values
          ('00000000-0000-4000-8000-000000000001', 'Run', 'GBP'),
          ('00000000-0000-4000-8000-000000000002', 'Orphaned', 'GBP')`),
      );
      await tx.execute(
        sql.raw(`insert into users (display_name, household_id, is_admin, deleted_at, created_at) values
          ('Ana', '00000000-0000-4000-8000-000000000001', true, null, '2026-01-01'),
          ('Ben', '00000000-0000-4000-8000-000000000001', false, null, '2025-01-01'),
          ('Gone', '00000000-0000-4000-8000-000000000002', false, '2026-02-01', '2024-01-01'),
          ('Cleo', '00000000-0000-4000-8000-000000000002', false, null, '2026-03-01'),
          ('Dev', '00000000-0000-4000-8000-000000000002', false, null, '2025-06-01'),
          ('Nia', null, false, null, '2026-01-01')`),
      );
      await run(files[index] ?? "");
      migrated = await tx.execute(
        sql.raw("select display_name, is_admin, joined_at = created_at as joined_when_made from users order by 1"),
      );
      tx.rollback();
    });
    await expect(replay).rejects.toBeInstanceOf(TransactionRollbackError);

    const { rows } = z
      .object({
        rows: z.array(
          z.object({ display_name: z.string(), is_admin: z.boolean(), joined_when_made: z.boolean().nullable() }),
        ),
      })
      .parse(migrated);
    expect(rows).toEqual([
      { display_name: "Ana", is_admin: true, joined_when_made: true },
      { display_name: "Ben", is_admin: false, joined_when_made: true },
      { display_name: "Cleo", is_admin: false, joined_when_made: true },
      { display_name: "Dev", is_admin: true, joined_when_made: true },
      { display_name: "Gone", is_admin: false, joined_when_made: true },
      { display_name: "Nia", is_admin: false, joined_when_made: null },
    ]);
  });
});
