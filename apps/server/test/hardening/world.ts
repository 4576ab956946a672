import { expect } from "vitest";
import { magicLinks } from "../../src/db/schema.js";
import { randomToken, sha256 } from "../../src/lib/tokens.js";
import type { TestContext } from "../helpers/app.js";
import { buildHousehold, buildMember, buildSession, buildUser } from "../helpers/factories.js";
import { tinyPng } from "../helpers/images.js";

/** Who knocks: the five callers of issue 9's matrix. */
export const ACTORS = ["signedOut", "expired", "member", "otherMember", "former"] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * One household with a bit of everything in it, seen from `member`: a housemate, a rule, a fine each
 * way (the one `member` issued is disputed), a note, notifications, an invite, a finished upload and an
 * open upload slot; plus a member of another household, an expired session and a deleted account.
 */
export interface World {
  householdId: string;
  member: { id: string; token: string; email: string };
  housemate: { id: string; token: string };
  otherMember: { id: string; token: string; householdId: string };
  former: { id: string; token: string };
  expiredToken: string;
  ruleId: string;
  /** Issued by the housemate to `member`, pending. */
  receivedFineId: string;
  /** Issued by `member` to the housemate and disputed by them. */
  issuedFineId: string;
  /** Issued by `member` to the housemate, pending. */
  pendingIssuedFineId: string;
  disputeId: string;
  /** An open spending proposal of `member`'s (their yes cast with it; the housemate has not voted). */
  proposalId: string;
  noteId: string;
  notificationId: string;
  inviteCode: string;
  /** A finished upload of `member`'s (fine evidence), served at /files/<path>. */
  uploadedPath: string;
  /** A reserved, still-empty upload slot of `member`'s (a PNG of tinyPng's size). */
  openUploadPath: string;
  /** The fund's income entry of a fine the housemate issued to `member` and `member` paid (£5). */
  transactionId: string;
}

async function ok<T>(t: TestContext, options: Parameters<TestContext["request"]>[0]): Promise<T> {
  const res = await t.request(options);
  expect(res.statusCode, `${options.method} ${JSON.stringify(options.url)}: ${res.body}`).toBeLessThan(300);
  return res.json<{ data: T }>().data;
}

/** Builds a fresh world through the API wherever that is quick, so its objects are real ones. */
export async function buildWorld(t: TestContext): Promise<World> {
  const member = await buildMember(t.db);
  const household = await buildHousehold(t.db, member.user.id);
  const housemate = await buildMember(t.db, household.id);
  const otherOwner = await buildMember(t.db);
  const otherHousehold = await buildHousehold(t.db, otherOwner.user.id);
  const formerUser = await buildUser(t.db, { householdId: household.id });
  const formerToken = await buildSession(t.db, formerUser.id);
  await ok(t, { method: "DELETE", url: `/api/users/${formerUser.id}`, token: formerToken });
  const expiredToken = await buildSession(t.db, member.user.id, new Date(t.clock.now.getTime() - 60_000));

  const rule = await ok<{ id: string }>(t, {
    method: "POST",
    url: "/api/rules",
    token: member.token,
    payload: { title: "Dishes", description: "Same day", fine_amount: 5, household_id: household.id },
  });
  const fine = (offender: string, token: string) =>
    ok<{ id: string }>(t, {
      method: "POST",
      url: "/api/fines",
      token,
      payload: { offender_id: offender, rule_id: rule.id, amount: 5, household_id: household.id },
    });
  const received = await fine(member.user.id, housemate.token);
  const issued = await fine(housemate.user.id, member.token);
  const pendingIssued = await fine(housemate.user.id, member.token);
  const disputed = await ok<{ dispute: { id: string } }>(t, {
    method: "POST",
    url: `/api/fines/household/${household.id}/fines/${issued.id}/disputes`,
    token: housemate.token,
    payload: { reason: "It was not me" },
  });
  const proposal = await ok<{ id: string }>(t, {
    method: "POST",
    url: `/api/balance/household/${household.id}/proposals`,
    token: member.token,
    payload: { title: "Pizza night", amount: 5 },
  });
  const note = await ok<{ id: string }>(t, {
    method: "POST",
    url: "/api/sticky-notes",
    token: member.token,
    payload: { content: "Bins on Tuesday" },
  });
  const notifications = await ok<{ notifications: { id: string }[] }>(t, {
    method: "GET",
    url: "/api/notifications",
    token: member.token,
  });
  const notification = notifications.notifications[0];
  if (!notification) throw new Error("the world has no notification for the member");
  const invite = await ok<{ inviteUrl: string }>(t, {
    method: "POST",
    url: `/api/households/${household.id}/invites`,
    token: member.token,
  });

  const paidFine = await fine(member.user.id, housemate.token);
  await ok(t, {
    method: "PUT",
    url: `/api/fines/household/${household.id}/fines/${paidFine.id}/pay`,
    token: member.token,
  });
  const ledger = await t.request({
    method: "GET",
    url: `/api/balance/household/${household.id}/transactions?type=income`,
    token: member.token,
  });
  const [income] = ledger.json<{ data: { id: string }[] }>().data;
  if (!income) throw new Error("the world's paid fine has no income entry");

  const png = tinyPng();
  const reserve = () =>
    ok<{ filePath: string }>(t, {
      method: "POST",
      url: "/api/storage/upload-url",
      token: member.token,
      payload: { fileName: "a.png", fileType: "image/png", fileSize: png.length, category: "fine-evidence" },
    });
  const uploaded = await reserve();
  await ok(t, {
    method: "PUT",
    url: `/api/storage/upload/${uploaded.filePath}`,
    token: member.token,
    headers: { "content-type": "image/png" },
    payload: png,
  });
  const open = await reserve();

  return {
    householdId: household.id,
    member: { id: member.user.id, token: member.token, email: member.user.email ?? "" },
    housemate: { id: housemate.user.id, token: housemate.token },
    otherMember: { id: otherOwner.user.id, token: otherOwner.token, householdId: otherHousehold.id },
    former: { id: formerUser.id, token: formerToken },
    expiredToken,
    ruleId: rule.id,
    receivedFineId: received.id,
    issuedFineId: issued.id,
    pendingIssuedFineId: pendingIssued.id,
    disputeId: disputed.dispute.id,
    proposalId: proposal.id,
    noteId: note.id,
    notificationId: notification.id,
    inviteCode: invite.inviteUrl.split("/invite/")[1] ?? "",
    uploadedPath: uploaded.filePath,
    openUploadPath: open.filePath,
    transactionId: income.id,
  };
}

/** The bearer token each caller sends (none when signed out). */
export function tokenOf(world: World, actor: Actor): string | undefined {
  switch (actor) {
    case "signedOut":
      return undefined;
    case "expired":
      return world.expiredToken;
    case "member":
      return world.member.token;
    case "otherMember":
      return world.otherMember.token;
    case "former":
      return world.former.token;
  }
}

/** A fresh, unused sign-in link token for `email`, written the way POST /auth/login writes one. */
export async function magicLinkToken(t: TestContext, email: string): Promise<string> {
  const token = randomToken();
  await t.db.insert(magicLinks).values({
    tokenHash: sha256(token),
    email,
    expiresAt: new Date(t.clock.now.getTime() + 10 * 60_000),
    createdAt: t.clock.now,
  });
  return token;
}
