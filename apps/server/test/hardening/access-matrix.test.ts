import { createECDH, randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_ENDPOINTS, errorBodySchema, ERROR_STATUS, SOCKET_PATH, type OperationId } from "@housemate/contract";
import { createTestContext, type TestContext } from "../helpers/app.js";
import { expectEveryRoute, recordRoutes } from "../helpers/routes.js";
import { tinyPng } from "../helpers/images.js";
import { listen, openSocket, refusedUpgrade } from "../helpers/socket-client.js";
import { ACTORS, buildWorld, magicLinkToken, tokenOf, type Actor, type World } from "./world.js";
import { unsubscribeKey, unsubscribeToken } from "../../src/features/notifications/mail/unsubscribe.js";

/**
 * Issue 9 'Access': ONE table with a row for every route Fastify registered (HTTP and the socket) and
 * the answer each caller gets. A route added without a row fails "has a row for every route".
 * Per-feature matrices stay where they are; this one is the complete one.
 */
/** `housemate` (a member who is not the admin) is asked only where being the admin matters. */
type Expected = Record<Actor, number> & { housemate?: number };
interface Row {
  /** The contract endpoint asked about (its operationId), or, for a route no endpoint defines, the route as registered. */
  operation: OperationId | { method: string; route: string };
  /** The request for `actor`: the member's own objects, whoever asks. */
  request: (
    world: World,
    actor: Actor,
  ) => Promise<{ url: string; payload?: object }> | { url: string; payload?: object };
  expected: Expected;
  /** The member's call changes the world (deletes, pays, signs out): the row gets a world of its own. */
  changesWorld?: true;
  /** Another form of the same route (a query that picks what it answers), asked about as a row of its own. */
  variant?: string;
}

/** Signed-in routes: the expired session and the deleted account are 401 like the signed out. */
const signedIn = (member: number, otherMember: number): Expected => ({
  signedOut: 401,
  expired: 401,
  member,
  otherMember,
  former: 401,
});
/** Admin-only routes (DESIGN §7 Roles): the member of the world is its admin; the housemate is not. */
const adminOnly = (admin: number): Expected => ({ ...signedIn(admin, 403), housemate: 403 });
/** Routes anyone may call: the same answer for every caller. */
const open = (status: number): Expected => ({
  signedOut: status,
  expired: status,
  member: status,
  otherMember: status,
  former: status,
});

const plain = (url: string, payload?: object) => () => (payload ? { url, payload } : { url });
const fine = (w: World, fineId: string, rest = "") => `/api/fines/household/${w.householdId}/fines/${fineId}${rest}`;

/** Every query parameter of a list of fines, naming the member's own: their issuer id and a cursor into their list. */
async function pageQuery(w: World): Promise<string> {
  const first = await t.request({
    method: "GET",
    url: `/api/fines/household/${w.householdId}?limit=1`,
    token: w.member.token,
  });
  const cursor = String(first.json().page.next_cursor);
  return new URLSearchParams({ limit: "5", status: "pending", created_by: w.member.id, cursor }).toString();
}

const ROWS: Row[] = [
  { operation: "getHealth", request: plain("/api/health"), expected: open(200) },
  {
    operation: { method: "GET", route: "/api/openapi.json" },
    request: plain("/api/openapi.json"),
    expected: open(200),
  },
  // @fastify/cors's route for preflights, which its hook answers before routing (headers.test.ts): an OPTIONS that is
  // no preflight from PUBLIC_URL's origin reaches it and is the JSON 404, whoever asks.
  { operation: { method: "OPTIONS", route: "*" }, request: plain("/api/rules"), expected: open(404) },
  {
    operation: "requestSignInLink",
    request: (_w, actor) => ({ url: "/api/auth/login", payload: { email: `${actor}@example.com` } }),
    expected: open(200),
  },
  {
    operation: "verifySignInLink",
    request: async (w, actor) => ({
      url: `/api/auth/verify?token=${await magicLinkToken(t, `${actor}-${w.householdId}@example.com`)}`,
    }),
    expected: open(200),
  },
  { operation: "signOut", request: plain("/api/auth/logout"), expected: signedIn(200, 200), changesWorld: true },
  { operation: "getCurrentUser", request: plain("/api/auth/me"), expected: signedIn(200, 200) },
  // Already in a household, whichever: creating or joining another is a conflict, not a permission.
  {
    operation: "createHousehold",
    request: plain("/api/households", { name: "Second flat" }),
    expected: signedIn(409, 409),
  },
  {
    operation: "getHousehold",
    request: (w) => ({ url: `/api/households/${w.householdId}` }),
    expected: signedIn(200, 403),
  },
  {
    operation: "updateHousehold",
    request: (w) => ({ url: `/api/households/${w.householdId}`, payload: { join_by_id: true } }),
    expected: adminOnly(200),
  },
  // A rotation retires the household's id as a join code: the join row must not see it.
  {
    operation: "rotateJoinCode",
    request: (w) => ({ url: `/api/households/${w.householdId}/join-code` }),
    expected: adminOnly(200),
    changesWorld: true,
  },
  {
    operation: "joinHousehold",
    request: (w) => ({ url: `/api/households/${w.householdId}/join`, payload: {} }),
    expected: signedIn(409, 409),
  },
  // Decision 032: the life of a household. The member is the world's admin, with one housemate; the former member (a
  // deleted account) is signed out; someone who left is asked in test/household-life.test.ts.
  {
    operation: "listHouseholdMembers",
    request: (w) => ({ url: `/api/households/${w.householdId}/members` }),
    expected: signedIn(200, 403),
  },
  // Issue 20's activity log, read by any member, its filters naming the member's own (the other member: still 403).
  {
    operation: "listActivity",
    request: (w) => ({ url: `/api/households/${w.householdId}/activity?kind=fines,rules&member=${w.member.id}` }),
    expected: signedIn(200, 403),
  },
  {
    operation: "setMemberRole",
    request: (w) => ({
      url: `/api/households/${w.householdId}/members/${w.housemate.id}/role`,
      payload: { is_admin: true },
    }),
    expected: adminOnly(200),
    changesWorld: true,
  },
  {
    operation: "removeMember",
    request: (w) => ({
      url: `/api/households/${w.householdId}/members/${w.housemate.id}/remove`,
      payload: { reason: "Moved out" },
    }),
    expected: adminOnly(200),
    changesWorld: true,
  },
  // The member is the only admin, with a housemate: they must hand over first. The housemate owes open fines and has
  // not confirmed that they are written off. Both are 409, and the world is unchanged.
  {
    operation: "leaveHousehold",
    request: (w) => ({ url: `/api/households/${w.householdId}/leave`, payload: {} }),
    expected: { ...signedIn(409, 403), housemate: 409 },
  },
  // Only the last member may delete the household: the member has a housemate.
  {
    operation: "deleteHousehold",
    request: (w) => ({ url: `/api/households/${w.householdId}` }),
    expected: adminOnly(409),
  },
  {
    operation: "listInvites",
    request: (w) => ({ url: `/api/households/${w.householdId}/invites` }),
    expected: signedIn(200, 403),
  },
  {
    operation: "revokeInvite",
    request: async (w) => {
      const links = await t.request({
        method: "GET",
        url: `/api/households/${w.householdId}/invites`,
        token: w.member.token,
      });
      const [link] = links.json<{ data: { id: string }[] }>().data;
      return { url: `/api/households/${w.householdId}/invites/${link?.id ?? ""}` };
    },
    expected: adminOnly(200),
    changesWorld: true,
  },
  {
    operation: "createInvite",
    request: (w) => ({ url: `/api/households/${w.householdId}/invites` }),
    expected: signedIn(201, 403),
  },
  { operation: "getInvite", request: (w) => ({ url: `/api/invites/${w.inviteCode}` }), expected: open(200) },
  // Joining by invite needs a session; the member (and the other member) already have a household.
  {
    operation: "joinByInvite",
    request: (w) => ({ url: `/api/invites/${w.inviteCode}/join`, payload: {} }),
    expected: signedIn(409, 409),
  },
  {
    operation: "listUsers",
    request: (w) => ({ url: `/api/users?householdId=${w.householdId}` }),
    expected: signedIn(200, 403),
  },
  { operation: "getUser", request: (w) => ({ url: `/api/users/${w.housemate.id}` }), expected: signedIn(200, 403) },
  {
    operation: "updateUser",
    request: (w) => ({ url: `/api/users/${w.member.id}`, payload: { bio: "Hi" } }),
    expected: signedIn(200, 403),
  },
  {
    operation: "deleteUser",
    request: (w) => ({ url: `/api/users/${w.member.id}` }),
    expected: signedIn(200, 403),
    changesWorld: true,
  },
  {
    operation: "getUserStats",
    request: (w) => ({ url: `/api/users/${w.member.id}/stats` }),
    expected: signedIn(200, 403),
  },
  // Notifications are each person's own: the other member reads their own list, never the member's.
  { operation: "listNotifications", request: plain("/api/notifications"), expected: signedIn(200, 200) },
  {
    operation: "markNotificationRead",
    request: (w) => ({ url: `/api/notifications/${w.notificationId}/read` }),
    expected: signedIn(200, 404),
  },
  {
    operation: "markAllNotificationsRead",
    request: plain("/api/notifications/read-all"),
    expected: signedIn(200, 200),
  },
  { operation: "listNotificationTypes", request: plain("/api/notifications/types"), expected: signedIn(200, 200) },
  {
    operation: "listNotificationPreferences",
    request: plain("/api/notifications/preferences"),
    expected: signedIn(200, 200),
  },
  {
    operation: "updateNotificationPreference",
    request: plain("/api/notifications/preferences/fine_paid", { in_app_enabled: true, email_enabled: false }),
    expected: signedIn(200, 200),
  },
  // Issue 23's Web Push: a device is its person's own; another person's is 404, as one that does not exist.
  { operation: "getPushKey", request: plain("/api/push/key"), expected: signedIn(200, 200) },
  {
    operation: "subscribePush",
    request: () => ({ url: "/api/push/subscriptions", payload: aPushSubscription() }),
    expected: signedIn(201, 201),
  },
  {
    operation: "unsubscribePush",
    request: async (w) => {
      const made = await t.request({
        method: "POST",
        url: "/api/push/subscriptions",
        token: w.member.token,
        payload: aPushSubscription(),
      });
      return { url: `/api/push/subscriptions/${made.json<{ data: { id: string } }>().data.id}` };
    },
    expected: signedIn(200, 404),
  },
  {
    operation: "listRules",
    request: (w) => ({ url: `/api/rules/household/${w.householdId}` }),
    expected: signedIn(200, 403),
  },
  { operation: "getRule", request: (w) => ({ url: `/api/rules/${w.ruleId}` }), expected: signedIn(200, 403) },
  {
    operation: "createRule",
    request: (w) => ({
      url: "/api/rules",
      payload: { title: "Bins", description: "Out on Tuesday", fine_amount: 2, household_id: w.householdId },
    }),
    expected: signedIn(201, 403),
  },
  {
    operation: "updateRule",
    request: (w) => ({ url: `/api/rules/${w.ruleId}`, payload: { fine_amount: 3 } }),
    expected: signedIn(200, 403),
  },
  {
    operation: "deleteRule",
    request: (w) => ({ url: `/api/rules/${w.ruleId}` }),
    expected: signedIn(200, 403),
    changesWorld: true,
  },
  // Each sees the fines of their own household, whatever page of the member's they ask for (decision 022).
  {
    operation: "listFines",
    request: async (w) => ({ url: `/api/fines?${await pageQuery(w)}` }),
    expected: signedIn(200, 200),
  },
  {
    operation: "listFinesOfOffender",
    request: async (w) => ({ url: `/api/fines/user/${w.member.id}?${await pageQuery(w)}` }),
    expected: signedIn(200, 403),
  },
  {
    operation: "listHouseholdFines",
    request: async (w) => ({ url: `/api/fines/household/${w.householdId}?${await pageQuery(w)}` }),
    expected: signedIn(200, 403),
  },
  {
    operation: "createFine",
    request: (w) => ({
      url: "/api/fines",
      payload: { offender_id: w.housemate.id, rule_id: w.ruleId, amount: 1.5, household_id: w.householdId },
    }),
    expected: signedIn(201, 403),
  },
  {
    operation: "updateFine",
    request: (w) => ({ url: `/api/fines/${w.pendingIssuedFineId}`, payload: { description: "Pans" } }),
    expected: signedIn(200, 403),
  },
  {
    operation: "payFine",
    request: (w) => ({ url: fine(w, w.receivedFineId, "/pay") }),
    expected: signedIn(200, 403),
    changesWorld: true,
  },
  {
    operation: "disputeFine",
    request: (w) => ({ url: fine(w, w.receivedFineId, "/disputes"), payload: { reason: "Not my pans" } }),
    expected: signedIn(201, 403),
    changesWorld: true,
  },
  {
    operation: "reviewDispute",
    request: (w) => ({
      url: fine(w, w.issuedFineId, `/disputes/${w.disputeId}`),
      payload: { action: "decline", reason: "They were" },
    }),
    expected: signedIn(200, 403),
    changesWorld: true,
  },
  // Any member sees any fine of the household, whatever its status.
  {
    operation: "getFine",
    request: (w) => ({ url: fine(w, w.issuedFineId) }),
    expected: signedIn(200, 403),
  },
  {
    operation: "getFineDispute",
    request: (w) => ({ url: fine(w, w.issuedFineId, "/dispute") }),
    expected: signedIn(200, 403),
  },
  // Any member sees the fine, so any member sees how its issuer changed it.
  {
    operation: "listFineEdits",
    request: (w) => ({ url: fine(w, w.pendingIssuedFineId, "/edits") }),
    expected: signedIn(200, 403),
  },
  // Appeals (decision 047): the world is a household of two with no declined dispute, so the member's appeal reaches
  // the rules and is refused (409), and there is no appeal to read or vote on (404); others are refused first.
  {
    operation: "openAppeal",
    request: (w) => ({ url: fine(w, w.receivedFineId, "/appeal"), payload: { reason: "I was away" } }),
    expected: signedIn(409, 403),
  },
  {
    operation: "getAppeal",
    request: (w) => ({ url: fine(w, w.receivedFineId, "/appeal") }),
    expected: signedIn(404, 403),
  },
  {
    operation: "voteOnAppeal",
    request: (w) => ({ url: fine(w, w.issuedFineId, "/appeal/votes"), payload: { vote: "cancel" } }),
    expected: signedIn(404, 403),
  },
  {
    operation: "listOpenAppeals",
    request: (w) => ({ url: `/api/households/${w.householdId}/appeals` }),
    expected: signedIn(200, 403),
  },
  {
    operation: "getBalance",
    request: (w) => ({ url: `/api/balance/household/${w.householdId}/balance` }),
    expected: signedIn(200, 403),
  },
  // The history's filters name the member and the world's rule: the other member's answer is still 403.
  {
    operation: "listTransactions",
    request: (w) => ({
      url: `/api/balance/household/${w.householdId}/transactions?type=income&member=${w.member.id}&rule=${w.ruleId}`,
    }),
    expected: signedIn(200, 403),
  },
  // The member is the world's admin and reverses the £5 paid fine; the housemate is refused as any non-admin is.
  {
    operation: "reverseTransaction",
    request: (w) => ({
      url: `/api/balance/household/${w.householdId}/transactions/${w.transactionId}/reverse`,
      payload: { reason: "Paid by mistake" },
    }),
    expected: adminOnly(201),
    changesWorld: true,
  },
  {
    operation: "getBalanceStats",
    request: (w) => ({ url: `/api/balance/household/${w.householdId}/balance/stats` }),
    expected: signedIn(200, 403),
  },
  // Issue 20's Insights: any member of the household; its dates are the only query.
  {
    operation: "getInsights",
    request: (w) => ({ url: `/api/households/${w.householdId}/insights?from=2026-01-01&to=2026-12-31` }),
    expected: signedIn(200, 403),
  },
  // Issue 21's plans (decision 046): what the server offers, to anyone; the household's plan, to any of its members.
  { operation: "getAppConfig", request: plain("/api/config"), expected: open(200) },
  {
    operation: "getHouseholdPlan",
    request: (w) => ({ url: `/api/households/${w.householdId}/plan` }),
    expected: { ...signedIn(200, 403), housemate: 200 },
  },
  {
    operation: "listProposals",
    request: (w) => ({ url: `/api/balance/household/${w.householdId}/proposals?status=open` }),
    expected: signedIn(200, 403),
  },
  {
    operation: "createProposal",
    request: (w) => ({
      url: `/api/balance/household/${w.householdId}/proposals`,
      payload: { title: "Board game", amount: 2, note: "For rainy days" },
    }),
    expected: signedIn(201, 403),
  },
  // The member votes yes again on their own proposal: one yes of two members leaves it open.
  {
    operation: "voteOnProposal",
    request: (w) => ({
      url: `/api/balance/household/${w.householdId}/proposals/${w.proposalId}/vote`,
      payload: { vote: "yes" },
    }),
    expected: signedIn(200, 403),
  },
  {
    operation: "withdrawProposal",
    request: (w) => ({ url: `/api/balance/household/${w.householdId}/proposals/${w.proposalId}/withdraw` }),
    expected: signedIn(200, 403),
    changesWorld: true,
  },
  {
    operation: "createUploadUrl",
    request: plain("/api/storage/upload-url", {
      fileName: "a.png",
      fileType: "image/png",
      fileSize: 100,
      category: "fine-evidence",
    }),
    expected: signedIn(200, 200),
  },
  {
    operation: "uploadFile",
    request: (w) => ({ url: `/api/storage/upload/${w.openUploadPath}` }),
    expected: signedIn(200, 403),
    changesWorld: true,
  },
  // The unguessable path is the capability (docs/decisions/005): whoever holds it sees the image.
  {
    operation: { method: "GET", route: "/files/*" },
    request: (w) => ({ url: `/files/${w.uploadedPath}` }),
    expected: open(200),
  },
  // Its thumbnail (docs/decisions/040): the same capability, the same answer for everyone.
  {
    operation: { method: "GET", route: "/files/*" },
    variant: "?size=thumbnail",
    request: (w) => ({ url: `/files/${w.uploadedPath}?size=thumbnail` }),
    expected: open(200),
  },
  // The board is the caller's own household's: the other member sees and adds to theirs.
  { operation: "listStickyNotes", request: plain("/api/sticky-notes"), expected: signedIn(200, 200) },
  {
    operation: "createStickyNote",
    request: plain("/api/sticky-notes", { content: "Milk" }),
    expected: signedIn(201, 201),
  },
  // The other member's board has none of these ids, so the permutation is refused.
  {
    operation: "reorderStickyNotes",
    request: async (w) => {
      const board = await t.request({ method: "GET", url: "/api/sticky-notes", token: w.member.token });
      const noteIds = (board.json().data as { id: string }[]).map((note) => note.id).reverse();
      return { url: "/api/sticky-notes/reorder", payload: { noteIds } };
    },
    expected: signedIn(200, 400),
  },
  {
    operation: "updateStickyNote",
    request: (w) => ({ url: `/api/sticky-notes/${w.noteId}`, payload: { content: "Oat milk" } }),
    expected: signedIn(200, 403),
  },
  {
    operation: "deleteStickyNote",
    request: (w) => ({ url: `/api/sticky-notes/${w.noteId}` }),
    expected: signedIn(200, 403),
    changesWorld: true,
  },
  // Fine history exports (issue 20): any member of the household, admin or not, with every filter named.
  {
    operation: "exportFinesCsv",
    request: (w) => ({
      url: `/api/households/${w.householdId}/exports/fines.csv?from=2020-01-01&to=2099-12-31&member=${w.housemate.id}`,
    }),
    expected: { ...signedIn(200, 403), housemate: 200 },
  },
  {
    operation: "exportFinesPdf",
    request: (w) => ({
      url: `/api/households/${w.householdId}/exports/fines.pdf?from=2020-01-01&to=2099-12-31&member=${w.housemate.id}`,
    }),
    expected: { ...signedIn(200, 403), housemate: 200 },
  },
  // 'Contact support' (issue 21): anyone signed in, whatever their household. SUPPORT_EMAIL is unset here, so a
  // signed-in caller gets its 404; test/support.test.ts sends with it set.
  {
    operation: "sendSupportMessage",
    request: plain("/api/support", { subject: "Hello", message: "Is anyone there to help?" }),
    expected: signedIn(404, 404),
  },
  // Issue 22's one-click unsubscribe (docs/decisions/052): the signed token is the permission, whoever sends it; a
  // tampered one is 404 for everyone.
  {
    operation: "getUnsubscribe",
    request: async (w) => ({ url: `/api/mail/unsubscribe?token=${await unsubscribeTokenOf(w)}` }),
    expected: open(200),
  },
  {
    operation: "unsubscribe",
    request: async (w) => ({ url: `/api/mail/unsubscribe?token=${await unsubscribeTokenOf(w)}` }),
    expected: open(200),
    changesWorld: true,
  },
  {
    operation: "unsubscribe",
    variant: "a tampered token",
    request: async (w) => ({
      url: `/api/mail/unsubscribe?token=${(await unsubscribeTokenOf(w)).replace("rule_created", "fine_paid")}`,
    }),
    expected: open(404),
  },
  // Issue 21's billing (docs/decisions/048), with PLANS=off here: the admin's answer is 404, everyone else is refused
  // as before; with plans on (against a stand-in for Stripe) in test/billing.test.ts.
  {
    operation: "startCheckout",
    request: (w) => ({ url: `/api/households/${w.householdId}/billing/checkout` }),
    expected: adminOnly(404),
  },
  {
    operation: "openBillingPortal",
    request: (w) => ({ url: `/api/households/${w.householdId}/billing/portal` }),
    expected: adminOnly(404),
  },
  // Stripe calls it without a session: its signature is the permission. No provider with plans off: 404 for anyone.
  {
    operation: "receiveStripeWebhook",
    request: plain("/api/billing/stripe/webhook", { id: "evt_matrix", type: "invoice.paid" }),
    expected: open(404),
  },
];

/** A browser's subscription on a default push service: a new device each time, with real keys. */
function aPushSubscription() {
  const device = createECDH("prime256v1");
  device.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
    keys: { p256dh: device.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

/** A row's method and route as Fastify registered it, e.g. PUT /api/rules/:id. */
function routeOf(row: Row): { method: string; route: string } {
  if (typeof row.operation !== "string") return row.operation;
  const endpoint = API_ENDPOINTS[row.operation];
  return { method: endpoint.method, route: `/api${endpoint.path}` };
}
const nameOf = (row: Row) => `${routeOf(row).method} ${routeOf(row).route}`;

/** The socket: refused with 401 without a live session; any signed-in person may open their own. */
const SOCKET_ROW = {
  method: "GET",
  route: SOCKET_PATH,
  expected: { signedOut: 401, expired: 401, member: 101, otherMember: 101, former: 401 },
};

let t: TestContext;
/** The member's unsubscribe link for one type, as their mail carries it. */
const unsubscribeTokenOf = async (w: World) =>
  unsubscribeToken(await unsubscribeKey(t.db), w.member.id, "rule_created");
let dataDir: string;
let socketUrl: string;
const { registered, onRoute } = recordRoutes();
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "housemate-matrix-"));
  t = await createTestContext({
    env: { DATA_DIR: dataDir },
    onRoute,
  });
  socketUrl = await listen(t.app);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Who asks last: the member, whose call may change the world the others were asked about. */
const ORDER: Actor[] = ["signedOut", "expired", "otherMember", "former", "member"];

/** The callers a row is asked about, in order: the housemate too where the row expects an answer for them. */
function callersOf(
  row: Row,
): { name: string; token: (world: World) => string | undefined; actor: Actor; expected: number }[] {
  const housemate = row.expected.housemate;
  return ORDER.flatMap((actor) => [
    ...(actor === "member" && housemate !== undefined
      ? [{ name: "housemate", token: (world: World) => world.housemate.token, actor, expected: housemate }]
      : []),
    { name: actor, token: (world: World) => tokenOf(world, actor), actor, expected: row.expected[actor] },
  ]);
}

describe("the authorization matrix", () => {
  it("has a row for every route Fastify registered, and no row for a route that does not exist", () => {
    const table = new Set([...ROWS.map(nameOf), `${SOCKET_ROW.method} ${SOCKET_ROW.route}`]);
    expectEveryRoute(registered, table);
  });

  it("has a row for every endpoint the contract defines, signed-out callers refused exactly where it needs a session", () => {
    const asked = new Map(
      ROWS.flatMap((row) => (typeof row.operation === "string" ? [[row.operation, row] as const] : [])),
    );
    expect(
      Object.keys(API_ENDPOINTS).filter((id) => !asked.has(id as OperationId)),
      "endpoints without a row",
    ).toEqual([]);
    for (const [id, row] of asked) {
      expect(row.expected.signedOut === 401, id).toBe(API_ENDPOINTS[id].auth === "session");
    }
  });

  let shared: World | undefined;
  it.each(ROWS.map((row) => [`${nameOf(row)}${row.variant ?? ""}`, row] as const))("%s", async (_name, row) => {
    const world = row.changesWorld ? await buildWorld(t) : (shared ??= await buildWorld(t));
    expect([...ORDER].sort()).toEqual([...ACTORS].sort());
    for (const caller of callersOf(row)) {
      const { url, payload } = await row.request(world, caller.actor);
      const upload = row.operation === "uploadFile";
      const res = await t.request({
        method: routeOf(row).method,
        url,
        token: caller.token(world),
        ...(upload ? { payload: tinyPng(), headers: { "content-type": "image/png" } } : {}),
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${routeOf(row).method} ${url} as ${caller.name}: ${res.body.slice(0, 300)}`).toBe(
        caller.expected,
      );
      if (res.statusCode >= 400) {
        const body = errorBodySchema.parse(res.json());
        expect(ERROR_STATUS[body.error.code]).toBe(res.statusCode);
      }
    }
  });

  it(`${SOCKET_ROW.method} ${SOCKET_ROW.route}`, async () => {
    const world = await buildWorld(t);
    for (const actor of ORDER) {
      const token = tokenOf(world, actor);
      const expected = SOCKET_ROW.expected[actor];
      if (expected === 101) {
        const socket = await openSocket(socketUrl, token ?? "");
        await socket.next("notification_count");
        socket.close();
        continue;
      }
      const refused = await refusedUpgrade(token ? `${socketUrl}?token=${token}` : socketUrl);
      expect(refused.status, actor).toBe(expected);
    }
  });

  it("answers another household's member asking with the member's issuer id and cursor with none of the member's fines", async () => {
    const world = await buildWorld(t);
    const res = await t.request({
      method: "GET",
      url: `/api/fines?${await pageQuery(world)}`,
      token: world.otherMember.token,
    });
    expect(res.json()).toMatchObject({
      data: [],
      page: { total: 0, amount: 0, by_status: { pending: 0, paid: 0, disputed: 0 } },
    });
  });
});
