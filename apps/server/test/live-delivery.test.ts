import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  ACCESS_ENDED_MESSAGES,
  NOTIFICATION_TYPES,
  SOCKET_CLOSE,
  SOCKET_PATH,
  utcDate,
  type NotificationTypeId,
} from "@housemate/contract";
import { mailOutbox } from "../src/db/schema.js";
import { recordNotification } from "../src/features/notifications/record.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import { expectEveryRoute, recordRoutes } from "./helpers/routes.js";
import { buildFine, buildFlatOfThree, buildMember, buildRule } from "./helpers/factories.js";
import { listen, openSocket, type TestSocket } from "./helpers/socket-client.js";

/**
 * Issue 15: an event reaches its recipient's open socket because its transaction committed, not because its route
 * remembered to deliver it. One row per route that tells someone something, called over real HTTP while the one it
 * tells holds a real socket on the real server. A route registered without a row, here or in QUIET, fails "has a row
 * for every route"; a notification type of the contract that no row makes fails too.
 */

/** Ana (the admin) fined Ben under "Dishes"; Cleo lives with them; Nia is signed in and has no household yet. */
async function buildScene() {
  const { household, ana, ben, cleo } = await buildFlatOfThree(t.db);
  const rule = await buildRule(t.db, household.id, ana.user.id, { title: "Dishes" });
  const fine = await buildFine(t.db, {
    householdId: household.id,
    issuerId: ana.user.id,
    offenderId: ben.user.id,
    ruleId: rule.id,
  });
  const nia = await buildMember(t.db);
  return { household, ana, ben, cleo, rule, fine, nia };
}
type Scene = Awaited<ReturnType<typeof buildScene>>;

/** What the listener's socket must receive once the call has answered. */
type Heard =
  | { notification: NotificationTypeId }
  | "count of none unread"
  | "session ended"
  /** The household's own socket messages (decision 032). */
  | "household changed"
  | "household access ended"
  /** The fund's ledger changed (issue 17): every member reloads it, whatever their preferences. */
  | "fund changed";

interface Happening {
  call: InjectOptions & { token: string };
  listener: string;
}

interface Row {
  method: string;
  /** The route as registered, e.g. /api/rules/:id. */
  route: string;
  /** What the listener hears. */
  heard: Heard;
  /** Sets the scene up (through the API where it takes a step first), then: the call, and who listens. */
  happen: (s: Scene) => Happening | Promise<Happening>;
}

const fineUrl = (s: Scene, rest: string) => `/api/fines/household/${s.household.id}/fines/${s.fine.id}${rest}`;

async function ok<T>(options: InjectOptions & { token: string }): Promise<T> {
  const res = await t.request(options);
  expect(res.statusCode, `${options.method} ${JSON.stringify(options.url)}: ${res.body}`).toBeLessThan(300);
  return res.json<{ data: T }>().data;
}

/** Ben disputes the scene's fine; returns the dispute's id. */
async function disputed(s: Scene): Promise<string> {
  const answer = await ok<{ dispute: { id: string } }>({
    method: "POST",
    url: fineUrl(s, "/disputes"),
    token: s.ben.token,
    payload: { reason: "I washed them in the morning" },
  });
  return answer.dispute.id;
}

/** Ana proposes spending the fund; returns the proposal's id. */
async function proposed(s: Scene): Promise<string> {
  const proposal = await ok<{ id: string }>({
    method: "POST",
    url: `/api/balance/household/${s.household.id}/proposals`,
    token: s.ana.token,
    payload: { title: "Pizza night", amount: 5 },
  });
  return proposal.id;
}

/** Ben's dispute of the scene's fine, declined by Ana: his to appeal (decision 047). */
async function declined(s: Scene): Promise<void> {
  const disputeId = await disputed(s);
  await ok({
    method: "PUT",
    url: fineUrl(s, `/disputes/${disputeId}`),
    token: s.ana.token,
    payload: { action: "decline", reason: "They were left overnight" },
  });
}

const ROWS: Row[] = [
  {
    method: "POST",
    route: "/api/fines",
    heard: { notification: "fine_received" },
    happen: (s) => ({
      call: {
        method: "POST",
        url: "/api/fines",
        token: s.ana.token,
        payload: { offender_id: s.cleo.user.id, rule_id: s.rule.id, amount: 2.5, household_id: s.household.id },
      },
      listener: s.cleo.token,
    }),
  },
  {
    method: "PATCH",
    route: "/api/fines/:id",
    heard: { notification: "fine_updated" },
    happen: (s) => ({
      call: { method: "PATCH", url: `/api/fines/${s.fine.id}`, token: s.ana.token, payload: { amount: 3 } },
      listener: s.ben.token,
    }),
  },
  {
    method: "PUT",
    route: "/api/fines/household/:hid/fines/:fid/pay",
    heard: { notification: "fine_paid" },
    happen: (s) => ({
      call: { method: "PUT", url: fineUrl(s, "/pay"), token: s.ben.token },
      listener: s.ana.token,
    }),
  },
  {
    // Ben paid the scene's fine; Ana, the admin, reverses its income entry.
    method: "POST",
    route: "/api/balance/household/:id/transactions/:transactionId/reverse",
    heard: "fund changed",
    happen: async (s) => {
      await ok({ method: "PUT", url: fineUrl(s, "/pay"), token: s.ben.token });
      const ledger = await t.request({
        method: "GET",
        url: `/api/balance/household/${s.household.id}/transactions`,
        token: s.ana.token,
      });
      const [income] = ledger.json<{ data: { id: string }[] }>().data;
      return {
        call: {
          method: "POST",
          url: `/api/balance/household/${s.household.id}/transactions/${income?.id}/reverse`,
          token: s.ana.token,
          payload: { reason: "Paid by mistake" },
        },
        listener: s.cleo.token,
      };
    },
  },
  {
    method: "POST",
    route: "/api/fines/household/:hid/fines/:fid/disputes",
    heard: { notification: "fine_disputed" },
    happen: (s) => ({
      call: { method: "POST", url: fineUrl(s, "/disputes"), token: s.ben.token, payload: { reason: "Not my pans" } },
      listener: s.ana.token,
    }),
  },
  {
    method: "PUT",
    route: "/api/fines/household/:hid/fines/:fid/disputes/:did",
    heard: { notification: "dispute_resolved" },
    happen: async (s) => ({
      call: {
        method: "PUT",
        url: fineUrl(s, `/disputes/${await disputed(s)}`),
        token: s.ana.token,
        payload: { action: "decline", reason: "Seen them at midnight" },
      },
      listener: s.ben.token,
    }),
  },
  {
    method: "POST",
    route: "/api/households/:id/join",
    heard: { notification: "household_joined" },
    happen: (s) => ({
      call: { method: "POST", url: `/api/households/${s.household.joinCode}/join`, token: s.nia.token, payload: {} },
      listener: s.ana.token,
    }),
  },
  {
    method: "POST",
    route: "/api/invites/:code/join",
    heard: { notification: "household_joined" },
    happen: async (s) => {
      const invite = await ok<{ inviteUrl: string }>({
        method: "POST",
        url: `/api/households/${s.household.id}/invites`,
        token: s.ana.token,
      });
      const code = invite.inviteUrl.split("/invite/")[1] ?? "";
      return {
        call: { method: "POST", url: `/api/invites/${code}/join`, token: s.nia.token, payload: {} },
        listener: s.cleo.token,
      };
    },
  },
  // Decision 032: the life of a household.
  {
    method: "PATCH",
    route: "/api/households/:id",
    heard: { notification: "household_updated" },
    happen: (s) => ({
      call: {
        method: "PATCH",
        url: `/api/households/${s.household.id}`,
        token: s.ana.token,
        payload: { name: "Flat 3B" },
      },
      listener: s.ben.token,
    }),
  },
  {
    // The members' settings pages show the code: they reload it.
    method: "POST",
    route: "/api/households/:id/join-code",
    heard: "household changed",
    happen: (s) => ({
      call: { method: "POST", url: `/api/households/${s.household.id}/join-code`, token: s.ana.token },
      listener: s.cleo.token,
    }),
  },
  {
    method: "PUT",
    route: "/api/households/:id/members/:userId/role",
    heard: { notification: "admin_changed" },
    happen: (s) => ({
      call: {
        method: "PUT",
        url: `/api/households/${s.household.id}/members/${s.ben.user.id}/role`,
        token: s.ana.token,
        payload: { is_admin: true },
      },
      listener: s.cleo.token,
    }),
  },
  {
    method: "POST",
    route: "/api/households/:id/members/:userId/remove",
    heard: { notification: "member_removed" },
    happen: (s) => ({
      call: {
        method: "POST",
        url: `/api/households/${s.household.id}/members/${s.ben.user.id}/remove`,
        token: s.ana.token,
        payload: { reason: "Moved out" },
      },
      listener: s.ben.token,
    }),
  },
  {
    method: "POST",
    route: "/api/households/:id/leave",
    heard: { notification: "member_left" },
    happen: (s) => ({
      call: {
        method: "POST",
        url: `/api/households/${s.household.id}/leave`,
        token: s.ben.token,
        payload: { confirmWriteOff: true },
      },
      listener: s.ana.token,
    }),
  },
  {
    // Nia's own household, of which she is the last member.
    method: "DELETE",
    route: "/api/households/:id",
    heard: "household access ended",
    happen: async (s) => {
      const own = await ok<{ id: string }>({
        method: "POST",
        url: "/api/households",
        token: s.nia.token,
        payload: { name: "Nia's flat" },
      });
      return {
        call: { method: "DELETE", url: `/api/households/${own.id}`, token: s.nia.token },
        listener: s.nia.token,
      };
    },
  },
  {
    method: "POST",
    route: "/api/rules",
    heard: { notification: "rule_created" },
    happen: (s) => ({
      call: {
        method: "POST",
        url: "/api/rules",
        token: s.ben.token,
        payload: { title: "Bins", description: "Out on Tuesday", fine_amount: 2, household_id: s.household.id },
      },
      listener: s.ana.token,
    }),
  },
  {
    method: "PUT",
    route: "/api/rules/:id",
    heard: { notification: "rule_updated" },
    happen: (s) => ({
      call: { method: "PUT", url: `/api/rules/${s.rule.id}`, token: s.ben.token, payload: { fine_amount: 3 } },
      listener: s.cleo.token,
    }),
  },
  {
    method: "DELETE",
    route: "/api/rules/:id",
    heard: { notification: "rule_deleted" },
    happen: (s) => ({
      call: { method: "DELETE", url: `/api/rules/${s.rule.id}`, token: s.ben.token },
      listener: s.ana.token,
    }),
  },
  {
    // Read on one device, the count changes on every other.
    method: "PUT",
    route: "/api/notifications/:id/read",
    heard: "count of none unread",
    happen: async (s) => {
      await disputed(s);
      const { notifications } = await ok<{ notifications: { id: string }[] }>({
        method: "GET",
        url: "/api/notifications",
        token: s.ana.token,
      });
      return {
        call: { method: "PUT", url: `/api/notifications/${notifications[0]?.id}/read`, token: s.ana.token },
        listener: s.ana.token,
      };
    },
  },
  {
    method: "PUT",
    route: "/api/notifications/read-all",
    heard: "count of none unread",
    happen: async (s) => {
      await disputed(s);
      return { call: { method: "PUT", url: "/api/notifications/read-all", token: s.ana.token }, listener: s.ana.token };
    },
  },
  {
    method: "POST",
    route: "/api/balance/household/:id/proposals",
    heard: { notification: "spending_proposed" },
    happen: (s) => ({
      call: {
        method: "POST",
        url: `/api/balance/household/${s.household.id}/proposals`,
        token: s.ana.token,
        payload: { title: "Pizza night", amount: 5 },
      },
      listener: s.cleo.token,
    }),
  },
  {
    method: "PUT",
    route: "/api/balance/household/:id/proposals/:proposalId/vote",
    heard: { notification: "spending_decided" },
    // Ben's yes makes two of three: it passes, or (the scene's fund being empty) fails as the fund cannot cover it.
    happen: async (s) => ({
      call: {
        method: "PUT",
        url: `/api/balance/household/${s.household.id}/proposals/${await proposed(s)}/vote`,
        token: s.ben.token,
        payload: { vote: "yes" },
      },
      listener: s.cleo.token,
    }),
  },
  {
    method: "POST",
    route: "/api/balance/household/:id/proposals/:proposalId/withdraw",
    heard: { notification: "spending_decided" },
    happen: async (s) => ({
      call: {
        method: "POST",
        url: `/api/balance/household/${s.household.id}/proposals/${await proposed(s)}/withdraw`,
        token: s.ana.token,
      },
      listener: s.cleo.token,
    }),
  },
  {
    method: "POST",
    route: "/api/fines/household/:hid/fines/:fid/appeal",
    heard: { notification: "appeal_opened" },
    happen: async (s) => {
      await declined(s);
      return {
        call: { method: "POST", url: fineUrl(s, "/appeal"), token: s.ben.token, payload: { reason: "I was away" } },
        listener: s.cleo.token,
      };
    },
  },
  {
    method: "POST",
    route: "/api/fines/household/:hid/fines/:fid/appeal/votes",
    heard: { notification: "appeal_decided" },
    // Cleo is the flat's one voter: her vote closes the appeal.
    happen: async (s) => {
      await declined(s);
      await ok({ method: "POST", url: fineUrl(s, "/appeal"), token: s.ben.token, payload: { reason: "I was away" } });
      return {
        call: { method: "POST", url: fineUrl(s, "/appeal/votes"), token: s.cleo.token, payload: { vote: "cancel" } },
        listener: s.ben.token,
      };
    },
  },
  {
    method: "POST",
    route: "/api/auth/logout",
    heard: "session ended",
    happen: (s) => ({ call: { method: "POST", url: "/api/auth/logout", token: s.ben.token }, listener: s.ben.token }),
  },
  {
    // Issue 22: a housemate going away shows on every member list, so the members reload it.
    method: "PUT",
    route: "/api/users/:id",
    heard: "household changed",
    happen: (s) => ({
      call: {
        method: "PUT",
        url: `/api/users/${s.ben.user.id}`,
        token: s.ben.token,
        payload: { away_until: utcDate(t.clock.now) },
      },
      listener: s.cleo.token,
    }),
  },
  {
    method: "DELETE",
    route: "/api/users/:id",
    heard: "session ended",
    happen: (s) => ({
      call: { method: "DELETE", url: `/api/users/${s.cleo.user.id}`, token: s.cleo.token },
      listener: s.cleo.token,
    }),
  },
];

/** Routes that tell no one anything live: reads, and changes no one else has a socket message for. */
const QUIET = [
  // @fastify/cors's preflight answer (plugins/security.ts): headers only.
  "OPTIONS *",
  "GET /api/health",
  "GET /api/openapi.json",
  // The sign-in link is mailed (the outbox, sent after commit like any notification's email), never pushed.
  "POST /api/auth/login",
  "GET /api/auth/verify",
  // The person's own account and flags, for themselves alone.
  "GET /api/auth/me",
  // The creator is its only member: there is no one to tell that they joined.
  "POST /api/households",
  "GET /api/households/:id",
  // Invite links: no notification type exists for them (the settings page shows them on its next load).
  "POST /api/households/:id/invites",
  "GET /api/households/:id/invites",
  "DELETE /api/households/:id/invites/:inviteId",
  "GET /api/households/:id/members",
  // Issue 20's activity log: read only.
  "GET /api/households/:id/activity",
  "GET /api/invites/:code",
  "GET /api/users",
  "GET /api/users/:id",
  "GET /api/users/:id/stats",
  "GET /api/notifications",
  "GET /api/notifications/types",
  "GET /api/notifications/preferences",
  "PUT /api/notifications/preferences/:typeId",
  "GET /api/rules/household/:id",
  "GET /api/rules/:id",
  "GET /api/fines",
  "GET /api/fines/user/:offenderId",
  "GET /api/fines/household/:householdId",
  "GET /api/fines/household/:hid/fines/:fid",
  "GET /api/fines/household/:hid/fines/:fid/dispute",
  "GET /api/fines/household/:hid/fines/:fid/edits",
  "GET /api/balance/household/:id/balance",
  "GET /api/balance/household/:id/transactions",
  "GET /api/balance/household/:id/balance/stats",
  "GET /api/households/:id/insights",
  // Proposals past their closing time fail as the list is read: that decision's notification is the expiry's.
  "GET /api/balance/household/:id/proposals",
  // Appeals past their closing time close as they are read: that decision's notification is the expiry's.
  "GET /api/fines/household/:hid/fines/:fid/appeal",
  "GET /api/households/:id/appeals",
  "POST /api/storage/upload-url",
  "PUT /api/storage/upload/:category/:file",
  "GET /files/*",
  // Sticky notes have no notification type (SPEC-COVERAGE: members see changes on their next load).
  "GET /api/sticky-notes",
  "POST /api/sticky-notes",
  "POST /api/sticky-notes/reorder",
  "PATCH /api/sticky-notes/:id",
  "DELETE /api/sticky-notes/:id",
  // Exports only read (issue 20): nobody is told of a download.
  "GET /api/households/:id/exports/fines.csv",
  "GET /api/households/:id/exports/fines.pdf",
  // A support message is mailed to SUPPORT_EMAIL (the outbox), never pushed: nobody in the household is told.
  "POST /api/support",
  // Issue 21: Checkout and the portal only send the admin to Stripe. Stripe's webhook is 404 with PLANS=off here; with
  // plans on, a plan it moves reloads every member's household (setHouseholdPlan), as billing.test.ts shows.
  "POST /api/households/:id/billing/checkout",
  "POST /api/households/:id/billing/portal",
  "POST /api/billing/stripe/webhook",
  // Plans (issue 21) only read: what the server offers, and the household's plan.
  "GET /api/config",
  "GET /api/households/:id/plan",
  // Issue 22: an unsubscribe link reads or turns off one email preference of its person, as PUT …/preferences does.
  "GET /api/mail/unsubscribe",
  "POST /api/mail/unsubscribe",
  // Issue 23: the server's push key and a person's own devices; a device's pushes are what push.test.ts proves.
  "GET /api/push/key",
  "POST /api/push/subscriptions",
  "DELETE /api/push/subscriptions/:id",
  `GET ${SOCKET_PATH}`,
];

let t: TestContext;
let socketUrl: string;
const { registered, onRoute } = recordRoutes();
beforeAll(async () => {
  t = await createTestContext({
    onRoute,
  });
  socketUrl = await listen(t.app);
});
afterAll(() => t.close());

/** Waits for what the row says the listener hears; each wait fails on its own time-out. */
async function expectHeard(socket: TestSocket, heard: Heard) {
  if (heard === "session ended") {
    expect((await socket.closed).code).toBe(SOCKET_CLOSE.SESSION_ENDED);
    return;
  }
  // The listener had one unread notification when the socket opened: only the call makes it none.
  if (heard === "household changed") return socket.next("household_changed");
  if (heard === "household access ended") {
    const ended = await socket.next("household_access_ended");
    expect(ended.data.message).toBe(ACCESS_ENDED_MESSAGES[ended.data.reason]);
    return;
  }
  if (heard === "fund changed") return socket.next("fund_changed");
  if (heard === "count of none unread") return socket.next("notification_count", (count) => count.data.unread === 0);
  const pushed = await socket.next("notification", (message) => message.data.type_id === heard.notification);
  expect(pushed.data.is_read).toBe(false);
}

describe("every notifying route's event reaches a live socket", () => {
  it("has a row for every route Fastify registered, here or in QUIET, and no row for a route that does not exist", () => {
    const table = new Set([...ROWS.map((row) => `${row.method} ${row.route}`), ...QUIET]);
    expectEveryRoute(registered, table);
  });

  it("has a row for every notification type", () => {
    const heard = new Set(ROWS.flatMap((row) => (typeof row.heard === "object" ? [row.heard.notification] : [])));
    // Issue 21: only Stripe's webhook moves a plan, 404 with PLANS=off here; plans.test.ts hears plan_changed live.
    const elsewhere = new Set<string>([
      "plan_changed",
      // Issue 22: the weekly digest is an email only, never a live notification; digest.test.ts reads it.
      "weekly_digest",
      // Issue 22: no route sends these, the reminders' scheduled task does; reminders.test.ts hears both live.
      "fine_reminder",
      "fine_unpaid",
    ]);
    const missing = NOTIFICATION_TYPES.map((type) => type.id).filter((id) => !heard.has(id) && !elsewhere.has(id));
    expect(missing).toEqual([]);
  });

  it.each(ROWS.map((row) => [`${row.method} ${row.route}`, row] as const))("%s", async (_name, row) => {
    const { call, listener } = await row.happen(await buildScene());
    const socket = await openSocket(socketUrl, listener);
    await socket.next("notification_count");
    const res = await t.request(call);
    expect(res.statusCode, res.body).toBeLessThan(300);
    await expectHeard(socket, row.heard);
    socket.close();
  });
});

describe("a rolled-back transaction", () => {
  it("delivers nothing: no push, no email; the next committed event is the first the socket sees", async () => {
    const { user, token } = await buildMember(t.db);
    const socket = await openSocket(socketUrl, token);
    await socket.next("notification_count");
    const event = (title: string) => ({
      type: "rule_created" as const,
      householdId: null,
      recipientIds: [user.id],
      title,
      message: "m",
    });

    await expect(
      t.db.transaction(async (tx) => {
        await recordNotification(tx, event("Rolled back"), PUBLIC_URL);
        throw new Error("the change failed after its event was recorded");
      }),
    ).rejects.toThrow("the change failed");
    await t.db.transaction((tx) => recordNotification(tx, event("Committed"), PUBLIC_URL));

    // NOTIFYs arrive in commit order: had the rolled-back one been sent, it would be here first.
    expect((await socket.next("notification")).data.title).toBe("Committed");
    expect(socket.received.filter((message) => message.type === "notification")).toHaveLength(1);
    await t.smtp.waitFor(user.email ?? "", (mail) => mail.subject === "Housemate: Committed");
    const queued = await t.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, user.email ?? ""));
    expect(queued).toEqual([{ subject: "Housemate: Committed" }]);
    expect(t.smtp.messages.filter((mail) => mail.subject === "Housemate: Rolled back")).toEqual([]);
    socket.close();
  });
});
