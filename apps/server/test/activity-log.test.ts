import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import {
  ACTIVITY_INVALID_CURSOR_MESSAGE,
  FORMER_MEMBER_NAME,
  PROPOSAL_OUTCOME_REASONS,
  SYSTEM_ACTOR_NAME,
  WRITTEN_OFF_LEFT_REASON,
  WRITTEN_OFF_REMOVED_REASON,
  type ActivityEntry,
  type ActivityPage,
} from "@housemate/contract";
import { activityLog, disputes, fundEntries, invites, rules } from "../src/db/schema.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import {
  buildFine,
  buildFlatOfThree,
  buildHouseholdWithMembers,
  buildMember,
  buildNote,
  buildRule,
  buildSession,
} from "./helpers/factories.js";
import { recordRoutes } from "./helpers/routes.js";
import { listen, openSocket } from "./helpers/socket-client.js";
import { ACTIVITY_COALESCE_MS } from "../src/features/notifications/live-socket.js";

/**
 * Issue 20's activity log (docs/decisions/042): every change in a household writes its entries in the change's own
 * transaction, a change that fails writes none, nothing can change or delete an entry, and the log reads back paged
 * and filtered to the household's members only.
 */

const routes = recordRoutes();
/** Each route's paid feature (`config.feature`), for issue 21's plan check. */
const features = new Map<string, string | undefined>();
let t: TestContext;
let realNow: Date;
beforeAll(async () => {
  t = await createTestContext({
    onRoute: (route) => {
      routes.onRoute(route);
      features.set(`${[route.method].flat().join(",")} ${route.url}`, route.config?.feature);
    },
  });
  realNow = t.clock.now;
});
afterEach(() => t.clock.set(realNow));
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

/** The app's socket address, listening from the first test that needs one. */
let socketUrl: Promise<string> | undefined;
const liveUrl = () => (socketUrl ??= listen(t.app));

type Flat = Awaited<ReturnType<typeof buildFlatOfThree>>;
type Person = Flat["ana"];

function call(method: "POST" | "PUT" | "PATCH" | "DELETE", url: string, token: string, payload?: object) {
  return t.request({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });
}

/** The household's entries as stored, oldest first (the order they were made). */
async function storedEntries(householdId: string) {
  return t.db
    .select()
    .from(activityLog)
    .where(eq(activityLog.householdId, householdId))
    .orderBy(asc(activityLog.createdAt), asc(activityLog.id));
}

const as = (person: Person) => ({ id: person.user.id, name: person.user.displayName });

interface Expected {
  kind: string;
  actor: { id: string | null; name: string };
  subject: { type: string; id: string };
  details?: Record<string, unknown>;
}

/** A flat whose fund holds £100 (a paid fine of Ben's, issued by Cleo), so spending can pass. */
async function flatWithFund() {
  const flat = await buildFlatOfThree(t.db);
  await buildFine(
    t.db,
    { householdId: flat.household.id, issuerId: flat.cleo.user.id, offenderId: flat.ben.user.id },
    { amountMinor: 10_000, status: "paid", paidAt: new Date() },
  );
  return flat;
}

async function proposal(flat: Flat, by: Person, amount = 20) {
  const res = await call("POST", `/balance/household/${flat.household.id}/proposals`, by.token, {
    title: "New kettle",
    amount,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: string } }>().data.id;
}

async function inviteCode(householdId: string, token: string) {
  const res = await call("POST", `/households/${householdId}/invites`, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { inviteUrl: string } }>().data.inviteUrl.slice(`${PUBLIC_URL}/invite/`.length);
}

interface Case {
  /** The route as Fastify registered it. */
  route: string;
  name: string;
  /** Builds what the change needs, and answers the change and the entries it must write, in order. */
  arrange: () => Promise<{ householdId: string; act: () => Promise<LightMyRequestResponse>; expected: Expected[] }>;
}

const CASES: Case[] = [
  {
    route: "POST /api/households",
    name: "creating a household",
    arrange: async () => {
      const maker = await buildMember(t.db);
      let householdId = "";
      return {
        get householdId() {
          return householdId;
        },
        act: async () => {
          const res = await call("POST", "/households", maker.token, { name: "Elm Street", iso_4217_code: "EUR" });
          householdId = res.json<{ data: { id: string } }>().data.id;
          return res;
        },
        get expected() {
          return [
            {
              kind: "household.created",
              actor: as(maker),
              subject: { type: "household", id: householdId },
              details: { name: "Elm Street", iso_4217_code: "EUR" },
            },
          ];
        },
      };
    },
  },
  {
    route: "PATCH /api/households/:id",
    name: "changing settings",
    arrange: async () => {
      const { household, ana } = await buildFlatOfThree(t.db);
      return {
        householdId: household.id,
        act: () => call("PATCH", `/households/${household.id}`, ana.token, { name: "Oak Lane", join_by_id: true }),
        expected: [
          {
            kind: "household.updated",
            actor: as(ana),
            subject: { type: "household", id: household.id },
            // join_by_id was already on: only the name changed.
            details: { before: { name: household.name }, after: { name: "Oak Lane" } },
          },
        ],
      };
    },
  },
  {
    route: "POST /api/households/:id/join-code",
    name: "resetting the join code",
    arrange: async () => {
      const { household, ana } = await buildFlatOfThree(t.db);
      return {
        householdId: household.id,
        act: () => call("POST", `/households/${household.id}/join-code`, ana.token),
        expected: [
          { kind: "household.join_code_reset", actor: as(ana), subject: { type: "household", id: household.id } },
        ],
      };
    },
  },
  {
    route: "POST /api/households/:id/join",
    name: "joining by the household ID",
    arrange: async () => {
      const { household } = await buildFlatOfThree(t.db);
      const dan = await buildMember(t.db);
      return {
        householdId: household.id,
        act: () => call("POST", `/households/${household.joinCode}/join`, dan.token, {}),
        expected: [
          {
            kind: "member.joined",
            actor: as(dan),
            subject: { type: "member", id: dan.user.id },
            details: { member: as(dan), via: "join_code" },
          },
        ],
      };
    },
  },
  {
    route: "POST /api/invites/:code/join",
    name: "joining by an invite link",
    arrange: async () => {
      const { household, ana } = await buildFlatOfThree(t.db);
      const code = await inviteCode(household.id, ana.token);
      const dan = await buildMember(t.db);
      return {
        householdId: household.id,
        act: () => call("POST", `/invites/${code}/join`, dan.token, {}),
        expected: [
          {
            kind: "member.joined",
            actor: as(dan),
            subject: { type: "member", id: dan.user.id },
            details: { member: as(dan), via: "invite" },
          },
        ],
      };
    },
  },
  {
    route: "POST /api/households/:id/invites",
    name: "making an invite link",
    arrange: async () => {
      const { household, ben } = await buildFlatOfThree(t.db);
      return {
        householdId: household.id,
        act: () => call("POST", `/households/${household.id}/invites`, ben.token),
        get expected() {
          return [{ kind: "invite.created", actor: as(ben), subject: { type: "invite", id: expect.any(String) } }];
        },
      };
    },
  },
  {
    route: "DELETE /api/households/:id/invites/:inviteId",
    name: "revoking an invite link",
    arrange: async () => {
      const { household, ana, ben } = await buildFlatOfThree(t.db);
      await inviteCode(household.id, ben.token);
      const [invite] = await t.db.select().from(invites).where(eq(invites.householdId, household.id));
      if (!invite) throw new Error("invite missing");
      return {
        householdId: household.id,
        act: () => call("DELETE", `/households/${household.id}/invites/${invite.id}`, ana.token),
        expected: [
          {
            kind: "invite.revoked",
            actor: as(ana),
            subject: { type: "invite", id: invite.id },
            details: { created_by: as(ben) },
          },
        ],
      };
    },
  },
  {
    route: "PUT /api/households/:id/members/:userId/role",
    name: "making a member admin",
    arrange: async () => {
      const { household, ana, ben } = await buildFlatOfThree(t.db);
      return {
        householdId: household.id,
        act: () =>
          call("PUT", `/households/${household.id}/members/${ben.user.id}/role`, ana.token, { is_admin: true }),
        expected: [
          {
            kind: "member.role_changed",
            actor: as(ana),
            subject: { type: "member", id: ben.user.id },
            details: { member: as(ben), from: "member", to: "admin" },
          },
        ],
      };
    },
  },
  {
    route: "POST /api/households/:id/members/:userId/remove",
    name: "removing a member who owes a fine and made a proposal",
    arrange: async () => {
      const flat = await flatWithFund();
      const { household, ana, ben } = flat;
      const owed = await buildFine(t.db, { householdId: household.id, issuerId: ana.user.id, offenderId: ben.user.id });
      const proposalId = await proposal(flat, ben);
      const [rule] = await t.db
        .select()
        .from(rules)
        .where(eq(rules.id, owed.ruleId ?? ""));
      return {
        householdId: household.id,
        act: () =>
          call("POST", `/households/${household.id}/members/${ben.user.id}/remove`, ana.token, { reason: "Moved" }),
        expected: [
          {
            kind: "fine.written_off",
            actor: as(ana),
            subject: { type: "fine", id: owed.id },
            details: { offender: as(ben), amount: 2.5, rule_title: rule?.title, reason: WRITTEN_OFF_REMOVED_REASON },
          },
          {
            kind: "member.removed",
            actor: as(ana),
            subject: { type: "member", id: ben.user.id },
            details: { member: as(ben), fines_written_off: 1, amount_written_off: 2.5 },
          },
          {
            kind: "proposal.decided",
            actor: as(ana),
            subject: { type: "proposal", id: proposalId },
            details: { outcome: "withdrawn", reason: PROPOSAL_OUTCOME_REASONS.proposerLeft, transaction_id: null },
          },
        ],
      };
    },
  },
  {
    route: "POST /api/households/:id/leave",
    name: "leaving, writing off a fine",
    arrange: async () => {
      const { household, ana, ben } = await buildFlatOfThree(t.db);
      const owed = await buildFine(t.db, { householdId: household.id, issuerId: ana.user.id, offenderId: ben.user.id });
      return {
        householdId: household.id,
        act: () => call("POST", `/households/${household.id}/leave`, ben.token, { confirmWriteOff: true }),
        expected: [
          {
            kind: "fine.written_off",
            actor: as(ben),
            subject: { type: "fine", id: owed.id },
            details: { offender: as(ben), reason: WRITTEN_OFF_LEFT_REASON },
          },
          {
            kind: "member.left",
            actor: as(ben),
            subject: { type: "member", id: ben.user.id },
            details: { member: as(ben), account_deleted: false, fines_written_off: 1, amount_written_off: 2.5 },
          },
        ],
      };
    },
  },
  {
    route: "DELETE /api/users/:id",
    name: "deleting one's account (the only admin: the longest-standing member takes over)",
    arrange: async () => {
      const { household, ana, ben } = await buildFlatOfThree(t.db);
      return {
        householdId: household.id,
        act: () => call("DELETE", `/users/${ana.user.id}`, ana.token),
        expected: [
          {
            kind: "member.role_changed",
            actor: as(ana),
            subject: { type: "member", id: ben.user.id },
            details: { member: as(ben), from: "member", to: "admin" },
          },
          {
            kind: "member.left",
            actor: as(ana),
            subject: { type: "member", id: ana.user.id },
            details: { member: as(ana), account_deleted: true, fines_written_off: 0 },
          },
        ],
      };
    },
  },
  {
    route: "POST /api/rules",
    name: "adding a rule",
    arrange: async () => {
      const { household, ben } = await buildFlatOfThree(t.db);
      let ruleId = "";
      return {
        householdId: household.id,
        act: async () => {
          const res = await call("POST", "/rules", ben.token, {
            household_id: household.id,
            title: "Bins",
            description: "Out on Tuesday",
            fine_amount: 3.5,
          });
          ruleId = res.json<{ data: { id: string } }>().data.id;
          return res;
        },
        get expected() {
          return [
            {
              kind: "rule.created",
              actor: as(ben),
              subject: { type: "rule", id: ruleId },
              details: { title: "Bins", description: "Out on Tuesday", fine_amount: 3.5 },
            },
          ];
        },
      };
    },
  },
  {
    route: "PUT /api/rules/:id",
    name: "editing a rule (only what changed, before and after)",
    arrange: async () => {
      const { household, ana, ben } = await buildFlatOfThree(t.db);
      const rule = await buildRule(t.db, household.id, ana.user.id, { title: "Dishes", fineAmountMinor: 250 });
      return {
        householdId: household.id,
        act: () => call("PUT", `/rules/${rule.id}`, ben.token, { title: "Washing up", fine_amount: 2.5 }),
        expected: [
          {
            kind: "rule.edited",
            actor: as(ben),
            subject: { type: "rule", id: rule.id },
            details: { title: "Washing up", before: { title: "Dishes" }, after: { title: "Washing up" } },
          },
        ],
      };
    },
  },
  {
    route: "DELETE /api/rules/:id",
    name: "deleting a rule",
    arrange: async () => {
      const { household, ana } = await buildFlatOfThree(t.db);
      const rule = await buildRule(t.db, household.id, ana.user.id, { title: "Dishes", fineAmountMinor: 400 });
      return {
        householdId: household.id,
        act: () => call("DELETE", `/rules/${rule.id}`, ana.token),
        expected: [
          {
            kind: "rule.deleted",
            actor: as(ana),
            subject: { type: "rule", id: rule.id },
            details: { title: "Dishes", fine_amount: 4 },
          },
        ],
      };
    },
  },
  {
    route: "POST /api/fines",
    name: "issuing a fine",
    arrange: async () => {
      const { household, ana, ben } = await buildFlatOfThree(t.db);
      const rule = await buildRule(t.db, household.id, ana.user.id, { title: "Dishes" });
      let fineId = "";
      return {
        householdId: household.id,
        act: async () => {
          const res = await call("POST", "/fines", ana.token, {
            household_id: household.id,
            offender_id: ben.user.id,
            rule_id: rule.id,
            amount: 4.2,
            description: "Pans",
          });
          fineId = res.json<{ data: { id: string } }>().data.id;
          return res;
        },
        get expected() {
          return [
            {
              kind: "fine.issued",
              actor: as(ana),
              subject: { type: "fine", id: fineId },
              details: { offender: as(ben), amount: 4.2, rule_title: "Dishes", description: "Pans" },
            },
          ];
        },
      };
    },
  },
  {
    route: "PATCH /api/fines/:id",
    name: "editing a fine",
    arrange: async () => {
      const { household, ana, ben } = await buildFlatOfThree(t.db);
      const fine = await buildFine(t.db, { householdId: household.id, issuerId: ana.user.id, offenderId: ben.user.id });
      return {
        householdId: household.id,
        act: () => call("PATCH", `/fines/${fine.id}`, ana.token, { amount: 3 }),
        expected: [
          {
            kind: "fine.edited",
            actor: as(ana),
            subject: { type: "fine", id: fine.id },
            details: { offender: as(ben), amount: 3, before: { amount: 2.5 }, after: { amount: 3 } },
          },
        ],
      };
    },
  },
  {
    route: "PUT /api/fines/household/:hid/fines/:fid/pay",
    name: "paying a fine",
    arrange: async () => {
      const { household, ana, ben } = await buildFlatOfThree(t.db);
      const fine = await buildFine(t.db, { householdId: household.id, issuerId: ana.user.id, offenderId: ben.user.id });
      return {
        householdId: household.id,
        act: () => call("PUT", `/fines/household/${household.id}/fines/${fine.id}/pay`, ben.token),
        get expected() {
          return [
            {
              kind: "fine.paid",
              actor: as(ben),
              subject: { type: "fine", id: fine.id },
              details: { offender: as(ben), amount: 2.5, transaction_id: expect.any(String) },
            },
          ];
        },
      };
    },
  },
  {
    route: "POST /api/fines/household/:hid/fines/:fid/disputes",
    name: "disputing a fine",
    arrange: async () => {
      const { household, ana, ben } = await buildFlatOfThree(t.db);
      const fine = await buildFine(t.db, { householdId: household.id, issuerId: ana.user.id, offenderId: ben.user.id });
      return {
        householdId: household.id,
        act: () =>
          call("POST", `/fines/household/${household.id}/fines/${fine.id}/disputes`, ben.token, {
            reason: "I was away",
          }),
        expected: [
          {
            kind: "fine.disputed",
            actor: as(ben),
            subject: { type: "fine", id: fine.id },
            details: { offender: as(ben), reason: "I was away" },
          },
        ],
      };
    },
  },
  {
    route: "PUT /api/fines/household/:hid/fines/:fid/disputes/:did",
    name: "reviewing a dispute",
    arrange: async () => {
      const { household, ana, ben } = await buildFlatOfThree(t.db);
      const fine = await buildFine(t.db, { householdId: household.id, issuerId: ana.user.id, offenderId: ben.user.id });
      const disputed = await call("POST", `/fines/household/${household.id}/fines/${fine.id}/disputes`, ben.token, {
        reason: "I was away",
      });
      expect(disputed.statusCode, disputed.body).toBe(201);
      const [dispute] = await t.db.select().from(disputes).where(eq(disputes.fineId, fine.id));
      return {
        householdId: household.id,
        act: () =>
          call("PUT", `/fines/household/${household.id}/fines/${fine.id}/disputes/${dispute?.id}`, ana.token, {
            action: "accept",
            reason: "Fair enough",
          }),
        expected: [
          {
            kind: "fine.reviewed",
            actor: as(ana),
            subject: { type: "fine", id: fine.id },
            details: { offender: as(ben), outcome: "accepted" },
          },
        ],
      };
    },
  },
  {
    route: "POST /api/balance/household/:id/proposals",
    name: "proposing spending",
    arrange: async () => {
      const flat = await flatWithFund();
      let proposalId = "";
      return {
        householdId: flat.household.id,
        act: async () => {
          const res = await call("POST", `/balance/household/${flat.household.id}/proposals`, flat.ben.token, {
            title: "Kettle",
            amount: 25,
          });
          proposalId = res.json<{ data: { id: string } }>().data.id;
          return res;
        },
        get expected() {
          return [
            {
              kind: "proposal.created",
              actor: as(flat.ben),
              subject: { type: "proposal", id: proposalId },
              details: { title: "Kettle", amount: 25 },
            },
          ];
        },
      };
    },
  },
  {
    route: "PUT /api/balance/household/:id/proposals/:proposalId/vote",
    name: "a vote that passes the proposal (and spends)",
    arrange: async () => {
      const flat = await flatWithFund();
      const proposalId = await proposal(flat, flat.ben);
      return {
        householdId: flat.household.id,
        act: () =>
          call("PUT", `/balance/household/${flat.household.id}/proposals/${proposalId}/vote`, flat.cleo.token, {
            vote: "yes",
          }),
        get expected() {
          return [
            {
              kind: "proposal.voted",
              actor: as(flat.cleo),
              subject: { type: "proposal", id: proposalId },
              details: { vote: "yes", amount: 20 },
            },
            {
              kind: "proposal.decided",
              actor: as(flat.cleo),
              subject: { type: "proposal", id: proposalId },
              details: { outcome: "passed", transaction_id: expect.any(String) },
            },
          ];
        },
      };
    },
  },
  {
    route: "POST /api/balance/household/:id/proposals/:proposalId/withdraw",
    name: "withdrawing a proposal",
    arrange: async () => {
      const flat = await flatWithFund();
      const proposalId = await proposal(flat, flat.ben);
      return {
        householdId: flat.household.id,
        act: () =>
          call("POST", `/balance/household/${flat.household.id}/proposals/${proposalId}/withdraw`, flat.ben.token),
        expected: [
          {
            kind: "proposal.withdrawn",
            actor: as(flat.ben),
            subject: { type: "proposal", id: proposalId },
            details: { title: "New kettle", amount: 20 },
          },
        ],
      };
    },
  },
  {
    route: "POST /api/balance/household/:id/transactions/:transactionId/reverse",
    name: "reversing a transaction",
    arrange: async () => {
      const flat = await flatWithFund();
      const [income] = await t.db.select().from(fundEntries).where(eq(fundEntries.householdId, flat.household.id));
      if (!income) throw new Error("income missing");
      return {
        householdId: flat.household.id,
        act: () =>
          call("POST", `/balance/household/${flat.household.id}/transactions/${income.id}/reverse`, flat.ana.token, {
            reason: "Paid twice",
          }),
        get expected() {
          return [
            {
              kind: "fund.reversed",
              actor: as(flat.ana),
              subject: { type: "transaction", id: income.id },
              details: { amount: 100, reason: "Paid twice", correction_id: expect.any(String) },
            },
          ];
        },
      };
    },
  },
  {
    route: "POST /api/sticky-notes",
    name: "adding a note",
    arrange: async () => {
      const { household, ben } = await buildFlatOfThree(t.db);
      let noteId = "";
      return {
        householdId: household.id,
        act: async () => {
          const res = await call("POST", "/sticky-notes", ben.token, { content: "Milk", color: "blue" });
          noteId = res.json<{ data: { id: string } }>().data.id;
          return res;
        },
        get expected() {
          return [
            {
              kind: "note.added",
              actor: as(ben),
              subject: { type: "note", id: noteId },
              details: { content: "Milk", color: "blue" },
            },
          ];
        },
      };
    },
  },
  {
    route: "PATCH /api/sticky-notes/:id",
    name: "editing a note",
    arrange: async () => {
      const { household, ana, ben } = await buildFlatOfThree(t.db);
      const note = await buildNote(t.db, household.id, ana.user.id, { content: "Milk" });
      return {
        householdId: household.id,
        act: () => call("PATCH", `/sticky-notes/${note.id}`, ben.token, { content: "Oat milk" }),
        expected: [
          {
            kind: "note.edited",
            actor: as(ben),
            subject: { type: "note", id: note.id },
            details: { before: { content: "Milk" }, after: { content: "Oat milk" } },
          },
        ],
      };
    },
  },
  {
    route: "DELETE /api/sticky-notes/:id",
    name: "deleting a note",
    arrange: async () => {
      const { household, ana } = await buildFlatOfThree(t.db);
      const note = await buildNote(t.db, household.id, ana.user.id, { content: "Milk", color: "pink" });
      return {
        householdId: household.id,
        act: () => call("DELETE", `/sticky-notes/${note.id}`, ana.token),
        expected: [
          {
            kind: "note.deleted",
            actor: as(ana),
            subject: { type: "note", id: note.id },
            details: { content: "Milk", color: "pink" },
          },
        ],
      };
    },
  },
  {
    route: "POST /api/sticky-notes/reorder",
    name: "reordering the notes",
    arrange: async () => {
      const { household, ana } = await buildFlatOfThree(t.db);
      const first = await buildNote(t.db, household.id, ana.user.id);
      const second = await buildNote(t.db, household.id, ana.user.id);
      return {
        householdId: household.id,
        act: () => call("POST", "/sticky-notes/reorder", ana.token, { noteIds: [second.id, first.id] }),
        expected: [
          {
            kind: "note.reordered",
            actor: as(ana),
            subject: { type: "household", id: household.id },
            details: { count: 2 },
          },
        ],
      };
    },
  },
  {
    route: "POST /api/fines/household/:hid/fines/:fid/appeal",
    name: "appealing a declined dispute",
    arrange: async () => {
      const { flat, fine } = await declinedFine();
      return {
        householdId: flat.household.id,
        act: () =>
          call("POST", `/fines/household/${flat.household.id}/fines/${fine.id}/appeal`, flat.ben.token, {
            reason: "I was away",
          }),
        expected: [
          {
            kind: "fine.appealed",
            actor: as(flat.ben),
            subject: { type: "fine", id: fine.id },
            details: { offender: as(flat.ben), reason: "I was away" },
          },
        ],
      };
    },
  },
  {
    route: "POST /api/fines/household/:hid/fines/:fid/appeal/votes",
    name: "the last vote closing an appeal (a vote that does not close it is exempt)",
    arrange: async () => {
      const { flat, fine } = await declinedFine();
      const url = `/fines/household/${flat.household.id}/fines/${fine.id}/appeal`;
      const opened = await call("POST", url, flat.ben.token, { reason: "I was away" });
      expect(opened.statusCode, opened.body).toBe(201);
      return {
        householdId: flat.household.id,
        act: () => call("POST", `${url}/votes`, flat.cleo.token, { vote: "cancel" }),
        expected: [
          {
            kind: "fine.appeal_decided",
            actor: as(flat.cleo),
            subject: { type: "fine", id: fine.id },
            details: {
              status: "cancelled",
              outcome_reason: "majority",
              tally: { uphold: 0, cancel: 1 },
              votes: [{ voter: as(flat.cleo), vote: "cancel" }],
            },
          },
        ],
      };
    },
  },
];

/** A flat of three with Ana's fine to Ben, his dispute declined by her just now: his to appeal (decision 047). */
async function declinedFine() {
  const flat = await buildFlatOfThree(t.db);
  const fine = await buildFine(
    t.db,
    { householdId: flat.household.id, issuerId: flat.ana.user.id, offenderId: flat.ben.user.id },
    { disputeRejected: true, declinedAt: t.clock.now },
  );
  await t.db.insert(disputes).values({
    fineId: fine.id,
    raisedBy: flat.ben.user.id,
    reason: "Not mine",
    status: "declined",
    reviewerNote: "It was",
    reviewedBy: flat.ana.user.id,
  });
  return { flat, fine };
}

/** Routes that change no household's history, each with why (a route added later must be in one list or the other). */
const EXEMPT: Record<string, string> = {
  "POST /api/auth/login": "signing in is the person's, not the household's",
  "POST /api/auth/logout": "signing out is the person's, not the household's",
  "PUT /api/users/:id":
    "a person's own profile; entries keep the name they had when they acted (an away date is logged: away.test.ts)",
  "PUT /api/notifications/:id/read": "a person's own read state",
  "PUT /api/notifications/read-all": "a person's own read state",
  "PUT /api/notifications/preferences/:typeId": "a person's own preferences",
  "POST /api/storage/upload-url": "an upload is logged through the change that uses it (a fine's evidence, a receipt)",
  "PUT /api/storage/upload/:category/:file": "an upload is logged through the change that uses it",
  "DELETE /api/households/:id": "the household is gone, and its log with it",
  "OPTIONS *": "CORS preflights change nothing",
  "POST /api/fines/household/:hid/fines/:fid/appeal/votes":
    "votes are secret until the appeal closes: a vote that does not close it writes nothing, and the closing one's " +
    "entry records every vote (its CASES row)",
  "POST /api/support": "a message to support changes nothing in the household",
  "POST /api/mail/unsubscribe": "a person's own email preference, from an unsubscribe link",
  "POST /api/push/subscriptions": "a device subscribing to its person's pushes is not a household change",
  "DELETE /api/push/subscriptions/:id": "a device unsubscribing from its person's pushes is not a household change",
  "POST /api/households/:id/billing/checkout":
    "sends the admin to Stripe; nothing changes until Stripe's event says so",
  "POST /api/households/:id/billing/portal": "sends the admin to Stripe's portal; nothing changes here",
  "POST /api/billing/stripe/webhook":
    "Stripe's event: a plan it moves is logged as household.plan_changed by setHouseholdPlan (billing.test.ts; PLANS=off here)",
};

describe("every change writes its entries in its own transaction", () => {
  it("has a row, or an exemption with its reason, for every route that is not a read", () => {
    const changing = [...routes.registered].filter((route) => !route.startsWith("GET "));
    const covered = new Set([...CASES.map((row) => row.route), ...Object.keys(EXEMPT)]);
    expect(
      changing.filter((route) => !covered.has(route)),
      "routes neither logged nor exempt",
    ).toEqual([]);
    expect(
      [...covered].filter((route) => !changing.includes(route)),
      "rows without a route",
    ).toEqual([]);
  });

  it.each(CASES.map((row) => [`${row.route}: ${row.name}`, row] as const))("%s", async (_name, row) => {
    const arranged = await row.arrange();
    // The change happens a minute after everything the arrangement wrote: its entries are those from then on.
    t.clock.advance(60_000);
    const changedAt = t.clock.now;
    const res = await arranged.act();
    expect(res.statusCode, res.body).toBeLessThan(300);
    const stored = await storedEntries(arranged.householdId);
    const written = stored.filter((entry) => entry.createdAt >= changedAt);
    expect(
      written.map((entry) => ({
        kind: entry.kind,
        actor: { id: entry.actorId, name: entry.actorName },
        subject: { type: entry.subjectType, id: entry.subjectId },
        details: entry.details,
      })),
    ).toMatchObject(arranged.expected.map((entry) => ({ ...entry, details: entry.details ?? {} })));
  });
});

describe("a change that fails writes nothing", () => {
  it.each([
    [
      "refused by validation (400)",
      400,
      (flat: Flat) =>
        call("POST", "/rules", flat.ben.token, {
          household_id: flat.household.id,
          title: "",
          description: "x",
          fine_amount: 1,
        }),
    ],
    [
      "refused to a non-admin (403)",
      403,
      (flat: Flat) => call("PATCH", `/households/${flat.household.id}`, flat.ben.token, { name: "Mine now" }),
    ],
    [
      "refused by the rules (409: leaving while owing, unconfirmed)",
      409,
      async (flat: Flat) => {
        await buildFine(t.db, {
          householdId: flat.household.id,
          issuerId: flat.ana.user.id,
          offenderId: flat.ben.user.id,
        });
        return call("POST", `/households/${flat.household.id}/leave`, flat.ben.token, {});
      },
    ],
    [
      "a fine to someone outside the household (400)",
      400,
      async (flat: Flat) => {
        const rule = await buildRule(t.db, flat.household.id, flat.ana.user.id);
        const stranger = await buildMember(t.db);
        return call("POST", "/fines", flat.ana.token, {
          household_id: flat.household.id,
          offender_id: stranger.user.id,
          rule_id: rule.id,
          amount: 1,
        });
      },
    ],
    [
      "paying a fine twice (409)",
      409,
      async (flat: Flat) => {
        const fine = await buildFine(
          t.db,
          { householdId: flat.household.id, issuerId: flat.ana.user.id, offenderId: flat.ben.user.id },
          { status: "paid", paidAt: new Date() },
        );
        return call("PUT", `/fines/household/${flat.household.id}/fines/${fine.id}/pay`, flat.ben.token);
      },
    ],
  ] as const)("%s", async (_name, status, change) => {
    const flat = await buildFlatOfThree(t.db);
    const res = await change(flat);
    expect(res.statusCode, res.body).toBe(status);
    expect(await storedEntries(flat.household.id)).toEqual([]);
  });

  it("an edit that changes nothing is no change: a rule, a note, the settings saved as they were", async () => {
    const { household, ana } = await buildFlatOfThree(t.db);
    const rule = await buildRule(t.db, household.id, ana.user.id, { title: "Dishes" });
    const note = await buildNote(t.db, household.id, ana.user.id, { content: "Milk" });
    expect((await call("PUT", `/rules/${rule.id}`, ana.token, { title: "Dishes" })).statusCode).toBe(200);
    expect((await call("PATCH", `/sticky-notes/${note.id}`, ana.token, { content: "Milk" })).statusCode).toBe(200);
    const settings = await call("PATCH", `/households/${household.id}`, ana.token, { name: household.name });
    expect(settings.statusCode).toBe(200);
    expect(await storedEntries(household.id)).toEqual([]);
  });

  it("the board put in the order it has, an empty one too, or the same vote cast again, is no change", async () => {
    const flat = await flatWithFund();
    const { household, ana } = flat;
    expect((await call("POST", "/sticky-notes/reorder", ana.token, { noteIds: [] })).statusCode).toBe(200);
    const first = await buildNote(t.db, household.id, ana.user.id, { content: "Milk" });
    const second = await buildNote(t.db, household.id, ana.user.id, { content: "Eggs" });
    const board = await t.request({ method: "GET", url: "/api/sticky-notes", token: ana.token });
    const order = board.json<{ data: { id: string }[] }>().data.map((note) => note.id);
    expect(order.sort()).toEqual([first.id, second.id].sort());
    const reordered = await call("POST", "/sticky-notes/reorder", ana.token, {
      noteIds: board.json<{ data: { id: string }[] }>().data.map((note) => note.id),
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(await storedEntries(household.id)).toEqual([]);

    const proposalId = await proposal(flat, flat.ben);
    const vote = () =>
      call("PUT", `/balance/household/${household.id}/proposals/${proposalId}/vote`, ana.token, { vote: "no" });
    expect((await vote()).statusCode).toBe(200);
    expect((await vote()).statusCode).toBe(200);
    const votes = (await storedEntries(household.id)).filter((entry) => entry.kind === "proposal.voted");
    expect(votes).toHaveLength(1);
  });

  describe("an error after the entry was written, in the same transaction", () => {
    beforeAll(async () => {
      // A notification that cannot be stored: the rule change telling the housemates fails after its entry.
      await t.db.execute(sql`
        create function refuse_marked_notification() returns trigger language plpgsql as $$
        begin
          if new.message like '%Refuse me%' then raise exception 'refused for the test'; end if;
          return new;
        end $$`);
      await t.db.execute(sql`
        create trigger refuse_marked_notification before insert on notifications
        for each row execute function refuse_marked_notification()`);
    });
    afterAll(async () => {
      await t.db.execute(sql`drop trigger refuse_marked_notification on notifications`);
      await t.db.execute(sql`drop function refuse_marked_notification()`);
    });

    it("tells no socket: the announcement goes with the rollback", async () => {
      const flat = await buildFlatOfThree(t.db);
      const socket = await openSocket(await liveUrl(), flat.cleo.token);
      await socket.next("notification_count");
      const res = await call("POST", "/rules", flat.ben.token, {
        household_id: flat.household.id,
        title: "Refuse me",
        description: "Never stored",
        fine_amount: 1,
      });
      expect(res.statusCode).toBe(500);
      await new Promise((resolve) => setTimeout(resolve, 5 * ACTIVITY_COALESCE_MS));
      expect(socket.received.filter((message) => message.type === "activity_changed")).toEqual([]);
      socket.close();
    });

    it("rolls the entry back with the change", async () => {
      const flat = await buildFlatOfThree(t.db);
      const res = await call("POST", "/rules", flat.ben.token, {
        household_id: flat.household.id,
        title: "Refuse me",
        description: "Never stored",
        fine_amount: 1,
      });
      expect(res.statusCode).toBe(500);
      expect(await t.db.select().from(rules).where(eq(rules.householdId, flat.household.id))).toEqual([]);
      expect(await storedEntries(flat.household.id)).toEqual([]);
    });
  });

  describe("an entry that cannot be written", () => {
    beforeAll(async () => {
      await t.db.execute(sql`
        create function refuse_marked_entry() returns trigger language plpgsql as $$
        begin
          if new.details->>'content' = 'Refuse me' then raise exception 'refused for the test'; end if;
          return new;
        end $$`);
      await t.db.execute(sql`
        create trigger refuse_marked_entry before insert on activity_log
        for each row execute function refuse_marked_entry()`);
    });
    afterAll(async () => {
      await t.db.execute(sql`drop trigger refuse_marked_entry on activity_log`);
      await t.db.execute(sql`drop function refuse_marked_entry()`);
    });

    it("fails the change it records: no change goes unlogged", async () => {
      const flat = await buildFlatOfThree(t.db);
      const res = await call("POST", "/sticky-notes", flat.ben.token, { content: "Refuse me", color: "blue" });
      expect(res.statusCode).toBe(500);
      const board = await t.request({ method: "GET", url: "/api/sticky-notes", token: flat.ben.token });
      expect(board.json<{ data: unknown[] }>().data).toEqual([]);
    });
  });
});

describe("append-only", () => {
  it("refuses to change or delete an entry in the database, but goes with its household", async () => {
    const { household, ana } = await buildFlatOfThree(t.db);
    expect((await call("POST", `/households/${household.id}/join-code`, ana.token)).statusCode).toBe(200);
    const [entry] = await storedEntries(household.id);
    if (!entry) throw new Error("entry missing");
    await expect(
      t.db.update(activityLog).set({ actorName: "Someone else" }).where(eq(activityLog.id, entry.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(activityLog).where(eq(activityLog.id, entry.id))).rejects.toThrow();
    expect(await storedEntries(household.id)).toHaveLength(1);
  });

  it("refuses to be truncated, which no row trigger sees", async () => {
    const { household, ana } = await buildFlatOfThree(t.db);
    expect((await call("POST", `/households/${household.id}/join-code`, ana.token)).statusCode).toBe(200);
    await expect(t.db.execute(sql`truncate activity_log`)).rejects.toThrow();
    expect(await storedEntries(household.id)).toHaveLength(1);
  });

  it("deletes the log with its household (the last member leaving)", async () => {
    const { household, owner } = await buildHouseholdWithMembers(t.db, 0);
    expect((await call("POST", `/households/${household.id}/join-code`, owner.token)).statusCode).toBe(200);
    const res = await call("POST", `/households/${household.id}/leave`, owner.token, { confirmDeleteHousehold: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedEntries(household.id)).toEqual([]);
  });

  it("has no route that changes an entry, and names its paid feature on the one that reads", () => {
    const logRoutes = [...routes.registered].filter((route) => route.includes("/activity"));
    expect(logRoutes).toEqual(["GET /api/households/:id/activity"]);
    expect(features.get("GET /api/households/:id/activity")).toBe("activity-log");
  });
});

describe("the live log", () => {
  it("tells every member's open socket once a change wrote entries: a third member's, for a fine between two others", async () => {
    const { household, ana, ben, cleo } = await buildFlatOfThree(t.db);
    const outsider = (await buildHouseholdWithMembers(t.db, 0)).owner;
    const url = await liveUrl();
    const [watching, away] = await Promise.all([openSocket(url, cleo.token), openSocket(url, outsider.token)]);
    await Promise.all([watching.next("notification_count"), away.next("notification_count")]);
    const rule = await buildRule(t.db, household.id, ana.user.id, { title: "Dishes" });
    const issued = await call("POST", "/fines", ana.token, {
      household_id: household.id,
      offender_id: ben.user.id,
      rule_id: rule.id,
      amount: 2,
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const frame = await watching.next("activity_changed");
    expect(frame.data).toEqual({ household_id: household.id });
    await new Promise((resolve) => setTimeout(resolve, 3 * ACTIVITY_COALESCE_MS));
    expect(away.received.filter((message) => message.type === "activity_changed")).toEqual([]);
    watching.close();
    away.close();
  });
});

describe("issue 20's paid features", () => {
  it("are named on every one of its routes, for issue 21's plan check to read", () => {
    // HEAD routes are Fastify's copies of the GET ones, with the same options.
    const issue20 = [...features].filter(
      ([route]) =>
        route.startsWith("GET ") && ["/activity", "/insights", "/exports/"].some((part) => route.includes(part)),
    );
    expect(Object.fromEntries(issue20)).toEqual({
      "GET /api/households/:id/activity": "activity-log",
      "GET /api/households/:id/insights": "analytics",
      "GET /api/households/:id/exports/fines.csv": "exports",
      "GET /api/households/:id/exports/fines.pdf": "exports",
    });
  });
});

/** The log as `token` reads it. */
async function readLog(householdId: string, token: string, query = "") {
  return t.request({ method: "GET", url: `/api/households/${householdId}/activity${query}`, token });
}
async function page(householdId: string, token: string, query = ""): Promise<ActivityPage> {
  const res = await readLog(householdId, token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ActivityPage>();
}

describe("reading the log", () => {
  it("names a deleted account 'Former member', as actor and in the details, and keeps its entries", async () => {
    const { household, ana, ben } = await buildFlatOfThree(t.db);
    const rule = await buildRule(t.db, household.id, ana.user.id, { title: "Dishes" });
    const issued = await call("POST", "/fines", ben.token, {
      household_id: household.id,
      offender_id: ana.user.id,
      rule_id: rule.id,
      amount: 2,
    });
    expect(issued.statusCode, issued.body).toBe(201);
    expect((await call("DELETE", `/users/${ben.user.id}`, ben.token)).statusCode).toBe(200);

    const { data } = await page(household.id, ana.token);
    const fineIssued = data.find((entry) => entry.kind === "fine.issued");
    expect(fineIssued?.actor).toEqual({ id: null, name: FORMER_MEMBER_NAME });
    expect(fineIssued?.details).toMatchObject({ offender: as(ana), rule_title: "Dishes" });
    const left = data.find((entry) => entry.kind === "member.left");
    expect(left).toMatchObject({
      actor: { id: null, name: FORMER_MEMBER_NAME },
      details: { member: { id: null, name: FORMER_MEMBER_NAME }, account_deleted: true },
    });
    // Stored as it happened: only the reading says 'Former member'.
    const stored = await storedEntries(household.id);
    expect(stored.find((entry) => entry.kind === "fine.issued")?.actorName).toBe(ben.user.displayName);
  });

  it("shows a dispute's reasons only where every member reads them already: not an acceptance's", async () => {
    const { household, ana, ben, cleo } = await buildFlatOfThree(t.db);
    const reviewed = async (action: "accept" | "decline", reason: string) => {
      const fine = await buildFine(t.db, { householdId: household.id, issuerId: ana.user.id, offenderId: ben.user.id });
      const url = `/fines/household/${household.id}/fines/${fine.id}`;
      expect((await call("POST", `${url}/disputes`, ben.token, { reason: "I was away" })).statusCode).toBe(201);
      const [dispute] = await t.db.select().from(disputes).where(eq(disputes.fineId, fine.id));
      const res = await call("PUT", `${url}/disputes/${dispute?.id}`, ana.token, { action, reason });
      expect(res.statusCode, res.body).toBe(200);
      return fine.id;
    };
    const acceptedId = await reviewed("accept", "Private word with Ben");
    const declinedId = await reviewed("decline", "Seen them at midnight");

    const res = await readLog(household.id, cleo.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("Private word with Ben");
    const { data } = res.json<ActivityPage>();
    const review = (fineId: string) =>
      data.find((entry) => entry.kind === "fine.reviewed" && entry.subject.id === fineId)?.details;
    expect(review(acceptedId)).not.toHaveProperty("reason");
    expect(review(declinedId)).toMatchObject({ outcome: "declined", reason: "Seen them at midnight" });
    // The dispute's own reason is in the fine's description, which every member reads: the log may say it.
    expect(data.find((entry) => entry.kind === "fine.disputed")?.details).toMatchObject({ reason: "I was away" });
  });

  it("leaves out an old entry that no longer fits its kind's details, and still answers and pages", async () => {
    const { household, ana } = await buildFlatOfThree(t.db);
    expect((await call("POST", `/households/${household.id}/join-code`, ana.token)).statusCode).toBe(200);
    t.clock.advance(60_000);
    // As if written before the kind's details were tightened: a paid fine with none of its facts.
    await t.db.insert(activityLog).values({
      id: crypto.randomUUID(),
      householdId: household.id,
      kind: "fine.paid",
      actorId: ana.user.id,
      actorName: "Ana",
      subjectType: "fine",
      subjectId: crypto.randomUUID(),
      details: { amount: "not a number" },
      createdAt: t.clock.now,
    });
    t.clock.advance(60_000);
    expect((await call("POST", `/households/${household.id}/join-code`, ana.token)).statusCode).toBe(200);

    const whole = await page(household.id, ana.token);
    expect(whole.data.map((entry) => entry.kind)).toEqual(["household.join_code_reset", "household.join_code_reset"]);
    // One a page: the unreadable one's page is empty but still leads on to the oldest.
    const first = await page(household.id, ana.token, "?limit=1");
    const second = await page(household.id, ana.token, `?limit=1&before=${first.page.next_cursor}`);
    expect(second.data).toEqual([]);
    const third = await page(household.id, ana.token, `?limit=1&before=${second.page.next_cursor}`);
    expect(third.data.map((entry) => entry.kind)).toEqual(["household.join_code_reset"]);
  });

  it("keeps the names and titles of the time: a renamed rule's old entries keep its old title", async () => {
    const { household, ana } = await buildFlatOfThree(t.db);
    const created = await call("POST", "/rules", ana.token, {
      household_id: household.id,
      title: "Dishes",
      description: "Same day",
      fine_amount: 1,
    });
    const ruleId = created.json<{ data: { id: string } }>().data.id;
    expect((await call("PUT", `/rules/${ruleId}`, ana.token, { title: "Washing up" })).statusCode).toBe(200);
    const { data } = await page(household.id, ana.token);
    expect(data.map((entry) => [entry.kind, entry.details])).toEqual([
      ["rule.edited", { title: "Washing up", before: { title: "Dishes" }, after: { title: "Washing up" } }],
      ["rule.created", { title: "Dishes", description: "Same day", fine_amount: 1 }],
    ]);
  });

  it("says a proposal that ran out of time was decided by Housemate itself", async () => {
    const flat = await flatWithFund();
    const proposalId = await proposal(flat, flat.ben);
    t.clock.advance(8 * DAY);
    const sessionToken = await buildSession(t.db, flat.ana.user.id, new Date(Date.now() + 30 * DAY));
    const listed = await t.request({
      method: "GET",
      url: `/api/balance/household/${flat.household.id}/proposals`,
      token: sessionToken,
    });
    expect(listed.statusCode).toBe(200);
    const { data } = await page(flat.household.id, sessionToken, "?kind=proposal.decided");
    expect(data).toMatchObject([
      {
        kind: "proposal.decided",
        actor: { id: null, name: SYSTEM_ACTOR_NAME },
        subject: { type: "proposal", id: proposalId },
        details: { outcome: "failed", reason: PROPOSAL_OUTCOME_REASONS.expired },
      },
    ]);
  });

  describe("paging and filters", () => {
    let flat: Flat;
    let start: Date;
    beforeAll(async () => {
      flat = await buildFlatOfThree(t.db);
      start = new Date("2026-03-01T12:00:00.000Z");
      // Day by day: Ana adds five notes, then Ben a rule, then Ana fines Ben, then Cleo a note.
      for (let day = 0; day < 5; day++) {
        t.clock.set(new Date(start.getTime() + day * DAY));
        expect((await call("POST", "/sticky-notes", flat.ana.token, { content: `Note ${day}` })).statusCode).toBe(201);
      }
      t.clock.set(new Date(start.getTime() + 5 * DAY));
      const rule = await call("POST", "/rules", flat.ben.token, {
        household_id: flat.household.id,
        title: "Bins",
        description: "Tuesday",
        fine_amount: 1,
      });
      t.clock.set(new Date(start.getTime() + 6 * DAY));
      const fined = await call("POST", "/fines", flat.ana.token, {
        household_id: flat.household.id,
        offender_id: flat.ben.user.id,
        rule_id: rule.json<{ data: { id: string } }>().data.id,
        amount: 1,
      });
      expect(fined.statusCode, fined.body).toBe(201);
      t.clock.set(new Date(start.getTime() + 7 * DAY));
      expect((await call("POST", "/sticky-notes", flat.cleo.token, { content: "Cleo's" })).statusCode).toBe(201);
    });

    const kinds = (entries: ActivityEntry[]) => entries.map((entry) => entry.kind);

    it("pages newest first with a cursor until there is no next page", async () => {
      const seen: ActivityEntry[] = [];
      let cursor: string | null = "";
      let pages = 0;
      while (cursor !== null) {
        const query: string = `?limit=3${cursor ? `&before=${cursor}` : ""}`;
        const result = await page(flat.household.id, flat.ana.token, query);
        expect(result.data.length).toBeLessThanOrEqual(3);
        seen.push(...result.data);
        cursor = result.page.next_cursor;
        pages += 1;
      }
      expect(pages).toBe(3);
      expect(kinds(seen)).toEqual([
        "note.added",
        "fine.issued",
        "rule.created",
        "note.added",
        "note.added",
        "note.added",
        "note.added",
        "note.added",
      ]);
      expect(new Set(seen.map((entry) => entry.id)).size).toBe(8);
      const times = seen.map((entry) => entry.created_at);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it("answers 30 by default and refuses more than 100, or a cursor that is not one", async () => {
      expect((await page(flat.household.id, flat.ana.token)).data).toHaveLength(8);
      expect((await readLog(flat.household.id, flat.ana.token, "?limit=101")).statusCode).toBe(400);
      const bad = await readLog(flat.household.id, flat.ana.token, "?before=bm90LWEtY3Vyc29y");
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(ACTIVITY_INVALID_CURSOR_MESSAGE);
    });

    it("filters by member: what they did, and what concerns them", async () => {
      const ben = await page(flat.household.id, flat.ana.token, `?member=${flat.ben.user.id}`);
      expect(kinds(ben.data)).toEqual(["fine.issued", "rule.created"]);
      const cleo = await page(flat.household.id, flat.ana.token, `?member=${flat.cleo.user.id}`);
      expect(kinds(cleo.data)).toEqual(["note.added"]);
    });

    it("filters by group and by kind, as a comma-separated list", async () => {
      expect(kinds((await page(flat.household.id, flat.ana.token, "?kind=fines")).data)).toEqual(["fine.issued"]);
      expect(kinds((await page(flat.household.id, flat.ana.token, "?kind=rules,fine.issued")).data)).toEqual([
        "fine.issued",
        "rule.created",
      ]);
      const unknown = await readLog(flat.household.id, flat.ana.token, "?kind=fines,gossip");
      expect(unknown.statusCode).toBe(400);
    });

    it("filters by whole UTC days, both ends included", async () => {
      const day = (n: number) => new Date(start.getTime() + n * DAY).toISOString().slice(0, 10);
      const within = await page(flat.household.id, flat.ana.token, `?from=${day(5)}&to=${day(6)}`);
      expect(kinds(within.data)).toEqual(["fine.issued", "rule.created"]);
      const oneDay = await page(flat.household.id, flat.ana.token, `?from=${day(7)}&to=${day(7)}`);
      expect(kinds(oneDay.data)).toEqual(["note.added"]);
      expect((await readLog(flat.household.id, flat.ana.token, `?from=${day(6)}&to=${day(5)}`)).statusCode).toBe(400);
    });

    it("combines the filters, and pages what they match", async () => {
      const first = await page(flat.household.id, flat.ana.token, `?kind=notes&member=${flat.ana.user.id}&limit=4`);
      expect(first.data).toHaveLength(4);
      const rest = await page(
        flat.household.id,
        flat.ana.token,
        `?kind=notes&member=${flat.ana.user.id}&limit=4&before=${first.page.next_cursor}`,
      );
      expect(rest.data).toHaveLength(1);
      expect(rest.page.next_cursor).toBeNull();
    });

    it("is for the household's members only: not another household's, nor someone who left", async () => {
      const other = await buildHouseholdWithMembers(t.db, 0);
      expect((await readLog(flat.household.id, other.owner.token)).statusCode).toBe(403);
      expect((await readLog(crypto.randomUUID(), flat.ana.token)).statusCode).toBe(404);
      expect((await readLog(flat.household.id, "")).statusCode).toBe(401);
      const leaver = await buildFlatOfThree(t.db);
      expect((await call("POST", `/households/${leaver.household.id}/leave`, leaver.cleo.token, {})).statusCode).toBe(
        200,
      );
      expect((await readLog(leaver.household.id, leaver.cleo.token)).statusCode).toBe(403);
    });
  });
});
