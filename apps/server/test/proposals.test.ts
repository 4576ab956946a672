import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  fundShortReason,
  ONLY_PROPOSER_WITHDRAWS_MESSAGE,
  OPEN_PROPOSALS_LIMIT_MESSAGE,
  OPEN_PROPOSALS_MAX,
  PROPOSAL_NOT_FOUND_MESSAGE,
  PROPOSAL_NOT_OPEN_MESSAGE,
  PROPOSAL_OUTCOME_REASONS,
  PROPOSAL_VOTING_DAYS,
  RECEIPT_IMAGE_MESSAGE,
  votesNeeded,
  type Proposal,
  type UploadCategory,
} from "@housemate/contract";
import {
  fundBalances,
  fundEntries,
  mailOutbox,
  notificationPreferences,
  notifications,
  spendingProposals,
  uploads,
} from "../src/db/schema.js";
import { expireDueProposals } from "../src/features/proposals/deciding.js";
import { newFilePath } from "../src/features/storage/file-path.js";
import { createTestContext, PUBLIC_URL, type TestContext } from "./helpers/app.js";
import { buildFine, buildHouseholdWithMembers, buildMember, buildSession, unknownId } from "./helpers/factories.js";
import { listen, openSocket } from "./helpers/socket-client.js";

let t: TestContext;
let realNow: Date;
let socketUrl: string;
beforeAll(async () => {
  t = await createTestContext();
  realNow = t.clock.now;
  socketUrl = await listen(t.app);
});
afterEach(() => t.clock.set(realNow));
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
type Member = Awaited<ReturnType<typeof buildMember>>;

/** A household of `size` signed-in members (the first its admin) whose fund holds `fundMinor`, paid in as fines. */
async function household(size: number, fundMinor = 10_000) {
  const { household, owner, members } = await buildHouseholdWithMembers(t.db, size - 1);
  // Sessions that outlive a proposal's week, for the clock to move past it.
  const people = await Promise.all(
    [owner, ...members].map(async ({ user }) => ({
      user,
      token: await buildSession(t.db, user.id, new Date(Date.now() + 30 * DAY)),
    })),
  );
  const [payer] = people;
  const issuer = people[1] ?? payer;
  if (!payer || !issuer) throw new Error("members missing");
  if (fundMinor > 0) {
    await buildFine(
      t.db,
      { householdId: household.id, issuerId: payer.user.id, offenderId: issuer.user.id },
      { amountMinor: fundMinor, status: "paid" },
    );
  }
  return { household, people };
}
type House = Awaited<ReturnType<typeof household>>;

const person = (house: House, index: number): Member => {
  const found = house.people[index];
  if (!found) throw new Error(`no member ${index}`);
  return found;
};

const base = (house: House) => `/api/balance/household/${house.household.id}/proposals`;

function propose(house: House, by: Member, body: Record<string, unknown> = {}) {
  return t.request({
    method: "POST",
    url: base(house),
    token: by.token,
    payload: { title: "Pizza night", amount: 5, ...body },
  });
}

async function proposed(house: House, by: Member, body: Record<string, unknown> = {}): Promise<Proposal> {
  const res = await propose(house, by, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const vote = (house: House, by: Member, proposalId: string, choice: "yes" | "no") =>
  t.request({ method: "PUT", url: `${base(house)}/${proposalId}/vote`, token: by.token, payload: { vote: choice } });

async function voted(house: House, by: Member, proposalId: string, choice: "yes" | "no"): Promise<Proposal> {
  const res = await vote(house, by, proposalId, choice);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const withdraw = (house: House, by: Member, proposalId: string) =>
  t.request({ method: "POST", url: `${base(house)}/${proposalId}/withdraw`, token: by.token });

async function list(house: House, by: Member, status?: "open" | "decided"): Promise<Proposal[]> {
  const res = await t.request({
    method: "GET",
    url: `${base(house)}${status ? `?status=${status}` : ""}`,
    token: by.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function proposalById(house: House, id: string): Promise<Proposal | undefined> {
  const everything = [
    ...(await list(house, person(house, 0), "open")),
    ...(await list(house, person(house, 0), "decided")),
  ];
  return everything.find((proposal) => proposal.id === id);
}

async function balanceMinor(house: House): Promise<number> {
  const [row] = await t.db
    .select({ balance: fundBalances.balanceMinor })
    .from(fundBalances)
    .where(eq(fundBalances.householdId, house.household.id));
  return row?.balance ?? 0;
}

async function ledgerSum(house: House): Promise<number> {
  const [row] = await t.db
    .select({ sum: sql<string>`coalesce(sum(${fundEntries.amountMinor}), 0)` })
    .from(fundEntries)
    .where(eq(fundEntries.householdId, house.household.id));
  return Number(row?.sum ?? 0);
}

/** A finished upload of `by`'s in `category`, as its publicUrl. */
async function uploaded(by: Member, category: UploadCategory) {
  const filePath = newFilePath(category, "image/png");
  await t.db.insert(uploads).values({
    filePath,
    userId: by.user.id,
    category,
    contentType: "image/png",
    size: 7,
    expiresAt: new Date(Date.now() + 60_000),
    uploadedAt: new Date(),
  });
  return `${PUBLIC_URL}/files/${filePath}`;
}

function expectError(res: Awaited<ReturnType<typeof t.request>>, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  if (message !== undefined) expect(res.json().error.message).toBe(message);
}

/** The notifications of `type` each person holds, by their index in the household. */
async function notified(house: House, type: "spending_proposed" | "spending_decided") {
  const rows = await t.db
    .select({ userId: notifications.userId, title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.householdId, house.household.id), eq(notifications.typeId, type)));
  return house.people.map((member) => rows.filter((row) => row.userId === member.user.id));
}

describe("the voting rule", () => {
  it.each([2, 3, 4, 5, 6, 7, 8, 9, 10])(
    "in a household of %i passes at more than half voting yes, and fails once that cannot happen",
    async (size) => {
      const house = await household(size);
      const needed = votesNeeded(size);
      expect(needed).toBe(Math.floor(size / 2) + 1);

      // Yes: the proposer's vote is the first; it passes with the one that makes a majority, not before.
      const passing = await proposed(house, person(house, 0), { title: "Passing" });
      expect(passing).toMatchObject({ status: "open", member_count: size, votes_needed: needed });
      expect(passing.votes).toEqual([{ user_id: person(house, 0).user.id, vote: "yes" }]);
      for (let i = 1; i < needed; i++) {
        const after = await voted(house, person(house, i), passing.id, "yes");
        expect(after.status).toBe(i === needed - 1 ? "passed" : "open");
      }
      const passed = await proposalById(house, passing.id);
      expect(passed).toMatchObject({
        status: "passed",
        outcome_reason: PROPOSAL_OUTCOME_REASONS.passed,
        member_count: size,
        votes_needed: needed,
      });
      expect(passed?.transaction_id).toEqual(expect.any(String));
      expect(await balanceMinor(house)).toBe(10_000 - 500);

      // No: it stays open while yes could still reach a majority, and fails on the first no that makes it impossible.
      const failing = await proposed(house, person(house, 0), { title: "Failing" });
      const noesToFail = size - needed + 1;
      for (let i = 1; i <= noesToFail; i++) {
        const after = await voted(house, person(house, i), failing.id, "no");
        expect(after.status).toBe(i === noesToFail ? "failed" : "open");
      }
      expect(await proposalById(house, failing.id)).toMatchObject({
        status: "failed",
        outcome_reason: PROPOSAL_OUTCOME_REASONS.rejected,
        transaction_id: null,
      });
      expect(await balanceMinor(house)).toBe(10_000 - 500);
      expect(await ledgerSum(house)).toBe(await balanceMinor(house));
    },
  );

  it("fails a tie: 2 yes and 2 no of 4", async () => {
    const house = await household(4);
    const proposal = await proposed(house, person(house, 0));
    await voted(house, person(house, 1), proposal.id, "yes");
    expect((await voted(house, person(house, 2), proposal.id, "no")).status).toBe("open");
    const tied = await voted(house, person(house, 3), proposal.id, "no");
    expect(tied).toMatchObject({ status: "failed", outcome_reason: PROPOSAL_OUTCOME_REASONS.rejected });
  });

  it("lets a member change their vote while it is open, and no longer once decided", async () => {
    const house = await household(3);
    const proposal = await proposed(house, person(house, 0));
    const no = await voted(house, person(house, 1), proposal.id, "no");
    expect(no.status).toBe("open");
    expect(no.votes).toContainEqual({ user_id: person(house, 1).user.id, vote: "no" });
    const yes = await voted(house, person(house, 1), proposal.id, "yes");
    expect(yes.status).toBe("passed");
    expect(yes.votes).toHaveLength(2);
    expect(yes.votes).toContainEqual({ user_id: person(house, 1).user.id, vote: "yes" });
    expectError(await vote(house, person(house, 2), proposal.id, "no"), 409, PROPOSAL_NOT_OPEN_MESSAGE);
    expectError(await vote(house, person(house, 1), proposal.id, "no"), 409, PROPOSAL_NOT_OPEN_MESSAGE);
  });

  it("writes the spending entry when it passes: the title, the proposer, the app's clock", async () => {
    const house = await household(2, 750);
    t.clock.set(new Date("2026-03-14T12:00:00Z"));
    const proposal = await proposed(house, person(house, 0), { title: "Pizza night", amount: 5 });
    const passed = await voted(house, person(house, 1), proposal.id, "yes");
    const [entry] = await t.db.select().from(fundEntries).where(eq(fundEntries.proposalId, proposal.id));
    expect(entry).toMatchObject({
      id: passed.transaction_id,
      type: "spending",
      amountMinor: -500,
      description: "Pizza night",
      memberId: person(house, 0).user.id,
      createdAt: new Date("2026-03-14T12:00:00Z"),
    });
    expect(await balanceMinor(house)).toBe(250);
  });

  it("fails a proposal the fund no longer covers, saying how much it holds in the household's currency", async () => {
    const house = await household(2, 300);
    const proposal = await proposed(house, person(house, 0), { amount: 5 });
    const short = await voted(house, person(house, 1), proposal.id, "yes");
    expect(short).toMatchObject({ status: "failed", outcome_reason: fundShortReason("£5.00", "£3.00") });
    expect(short.transaction_id).toBeNull();
    expect(await balanceMinor(house)).toBe(300);
  });

  it("passes at once in a household of one: the proposer's yes is a majority", async () => {
    const house = await household(1);
    const proposal = await proposed(house, person(house, 0));
    expect(proposal).toMatchObject({ status: "passed", member_count: 1, votes_needed: 1 });
  });
});

describe("members leaving mid-vote", () => {
  it("passes a proposal once a departure makes its yes votes a majority", async () => {
    const house = await household(4);
    const proposal = await proposed(house, person(house, 0));
    await voted(house, person(house, 1), proposal.id, "yes");
    // 2 yes of 4 needs 3; with 3 members it needs 2.
    const left = await t.request({
      method: "POST",
      url: `/api/households/${house.household.id}/leave`,
      token: person(house, 3).token,
      payload: {},
    });
    expect(left.statusCode, left.body).toBe(200);
    const passed = await proposalById(house, proposal.id);
    expect(passed).toMatchObject({ status: "passed", member_count: 3, votes_needed: 2 });
    expect(await balanceMinor(house)).toBe(10_000 - 500);
    const told = await notified(house, "spending_decided");
    expect(told.map((rows) => rows.length)).toEqual([1, 1, 1, 0]);
  });

  it("fails a proposal once a departure leaves it out of reach, the leaver's yes no longer counting", async () => {
    const house = await household(5);
    const proposal = await proposed(house, person(house, 0));
    await voted(house, person(house, 1), proposal.id, "yes");
    await voted(house, person(house, 2), proposal.id, "no");
    expect((await voted(house, person(house, 3), proposal.id, "no")).status).toBe("open");
    // The admin removes a yes voter: 1 yes, 2 no and 1 still to vote of 4 cannot reach 3.
    const removed = await t.request({
      method: "POST",
      url: `/api/households/${house.household.id}/members/${person(house, 1).user.id}/remove`,
      token: person(house, 0).token,
      payload: { reason: "Moved out" },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const failed = await proposalById(house, proposal.id);
    expect(failed).toMatchObject({
      status: "failed",
      outcome_reason: PROPOSAL_OUTCOME_REASONS.rejected,
      member_count: 4,
    });
    expect(failed?.votes.map((v) => v.user_id)).not.toContain(person(house, 1).user.id);
  });

  it("withdraws the open proposals of a proposer who deletes their account, and tells those who stay", async () => {
    const house = await household(3);
    const theirs = await proposed(house, person(house, 1));
    const others = await proposed(house, person(house, 0), { title: "Board game" });
    await voted(house, person(house, 1), others.id, "no");
    const deleted = await t.request({
      method: "DELETE",
      url: `/api/users/${person(house, 1).user.id}`,
      token: person(house, 1).token,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await proposalById(house, theirs.id)).toMatchObject({
      status: "withdrawn",
      outcome_reason: PROPOSAL_OUTCOME_REASONS.proposerLeft,
    });
    // Their no is taken back: 1 yes of 2 members still open, needing 2.
    expect(await proposalById(house, others.id)).toMatchObject({ status: "open", member_count: 2, votes_needed: 2 });
    const told = await notified(house, "spending_decided");
    expect(told[0]?.map((row) => row.message)).toEqual([
      `The proposal to spend £5.00 on "Pizza night" was withdrawn. ${PROPOSAL_OUTCOME_REASONS.proposerLeft}`,
    ]);
  });

  it("decides once when a vote and a departure come at the same moment, whichever goes first", async () => {
    const house = await household(3);
    const proposal = await proposed(house, person(house, 0));
    const [votedYes, left] = await Promise.all([
      vote(house, person(house, 1), proposal.id, "yes"),
      t.request({
        method: "POST",
        url: `/api/households/${house.household.id}/leave`,
        token: person(house, 2).token,
        payload: {},
      }),
    ]);
    expect(votedYes.statusCode, votedYes.body).toBe(200);
    expect(left.statusCode, left.body).toBe(200);
    // 2 yes of 3, or of 2 once the leaver has gone: it passes either way, with one spending entry.
    expect(await proposalById(house, proposal.id)).toMatchObject({ status: "passed" });
    expect(await balanceMinor(house)).toBe(10_000 - 500);
    expect(await ledgerSum(house)).toBe(10_000 - 500);
  });

  it("decides once when an account is deleted as a vote passes a proposal, without a deadlock", async () => {
    // The vote holds the household's lock and tells every member, the one leaving included; the deletion holds that
    // person's row and wants the household's lock. Several rounds, as the two meet in either order.
    for (let round = 0; round < 5; round++) {
      const house = await household(3);
      const proposal = await proposed(house, person(house, 0));
      const [votedYes, deleted] = await Promise.all([
        vote(house, person(house, 1), proposal.id, "yes"),
        t.request({
          method: "DELETE",
          url: `/api/users/${person(house, 2).user.id}`,
          token: person(house, 2).token,
        }),
      ]);
      expect(votedYes.statusCode, votedYes.body).toBe(200);
      expect(deleted.statusCode, deleted.body).toBeLessThan(300);
      expect(await proposalById(house, proposal.id)).toMatchObject({ status: "passed" });
      expect(await ledgerSum(house)).toBe(10_000 - 500);
    }
  });

  it("takes the proposals and their receipts along when the household is deleted", async () => {
    const house = await household(1, 0);
    const receipt = await uploaded(person(house, 0), "receipts");
    const proposal = await proposed(house, person(house, 0), { amount: 1, receipt_url: receipt });
    expect(proposal.status).toBe("failed");
    const left = await t.request({
      method: "POST",
      url: `/api/households/${house.household.id}/leave`,
      token: person(house, 0).token,
      payload: { confirmDeleteHousehold: true },
    });
    expect(left.statusCode, left.body).toBe(200);
    const rows = await t.db.select().from(spendingProposals).where(eq(spendingProposals.id, proposal.id));
    expect(rows).toEqual([]);
    const receiptPath = receipt.slice(`${PUBLIC_URL}/files/`.length);
    expect(await t.db.select().from(uploads).where(eq(uploads.filePath, receiptPath))).toEqual([]);
  });
});

describe("expiry", () => {
  it("fails an open proposal after 7 days, decided by the list before it reads", async () => {
    const house = await household(3);
    const proposal = await proposed(house, person(house, 0));
    expect(new Date(proposal.closes_at).getTime() - new Date(proposal.created_at).getTime()).toBe(
      PROPOSAL_VOTING_DAYS * DAY,
    );
    t.clock.advance(PROPOSAL_VOTING_DAYS * DAY - 1000);
    expect((await list(house, person(house, 1))).map((p) => p.id)).toEqual([proposal.id]);
    t.clock.advance(1000);
    expect(await list(house, person(house, 1))).toEqual([]);
    const [expired] = await list(house, person(house, 1), "decided");
    expect(expired).toMatchObject({
      id: proposal.id,
      status: "failed",
      outcome_reason: PROPOSAL_OUTCOME_REASONS.expired,
    });
    expectError(await vote(house, person(house, 1), proposal.id, "yes"), 409, PROPOSAL_NOT_OPEN_MESSAGE);
    expect((await notified(house, "spending_decided")).map((rows) => rows.length)).toEqual([1, 1, 1]);
  });

  it("is decided by the sweep too, once however often it runs", async () => {
    const house = await household(2);
    const proposal = await proposed(house, person(house, 0));
    t.clock.advance(PROPOSAL_VOTING_DAYS * DAY);
    const sweep = () => expireDueProposals(t.db, { now: t.clock.now, publicUrl: PUBLIC_URL });
    // Two instances sweeping at once (other tests' proposals expire here too): each proposal is decided, and told, once.
    await Promise.all([sweep(), sweep()]);
    expect(await sweep()).toBe(0);
    const [row] = await t.db.select().from(spendingProposals).where(eq(spendingProposals.id, proposal.id));
    expect(row).toMatchObject({
      status: "failed",
      outcomeReason: PROPOSAL_OUTCOME_REASONS.expired,
      memberCountAtDecision: 2,
    });
    expect((await notified(house, "spending_decided")).map((rows) => rows.length)).toEqual([1, 1]);
  });
});

describe("the deadline's sweep", () => {
  it("goes on past a household whose proposals cannot be failed, which it reports, and fails the others'", async () => {
    const [failing, other] = [await household(2), await household(2)];
    const stuck = await proposed(failing, person(failing, 0));
    const proposal = await proposed(other, person(other, 0));
    t.clock.advance(PROPOSAL_VOTING_DAYS * DAY);
    // An expiry that fails in one household only: its proposals cannot be updated.
    await t.db.execute(
      sql.raw(`create function refuse_expiring_proposal() returns trigger language plpgsql as $$
        begin
          if old.household_id = '${failing.household.id}' then raise exception 'refused for the test'; end if;
          return new;
        end $$`),
    );
    await t.db.execute(sql`
      create trigger refuse_expiring_proposal before update on spending_proposals
      for each row execute function refuse_expiring_proposal()`);
    try {
      const failed: string[] = [];
      const onFailure = (_error: unknown, householdId: string) => void failed.push(householdId);
      await expireDueProposals(t.db, { now: t.clock.now, publicUrl: PUBLIC_URL, onFailure });
      expect(failed).toEqual([failing.household.id]);
      const statusOf = async (id: string) =>
        (await t.db.select().from(spendingProposals).where(eq(spendingProposals.id, id)))[0]?.status;
      expect(await statusOf(proposal.id)).toBe("failed");
      expect(await statusOf(stuck.id)).toBe("open");
      // A request deciding its own household's first is told of the failure.
      const own = { now: t.clock.now, publicUrl: PUBLIC_URL, householdId: failing.household.id };
      await expect(expireDueProposals(t.db, own)).rejects.toThrow();
    } finally {
      await t.db.execute(sql`drop trigger refuse_expiring_proposal on spending_proposals`);
      await t.db.execute(sql`drop function refuse_expiring_proposal()`);
    }
  });
});

describe("withdrawing", () => {
  it("is the proposer's alone, while it is open", async () => {
    const house = await household(3);
    const proposal = await proposed(house, person(house, 0));
    expectError(await withdraw(house, person(house, 1), proposal.id), 403, ONLY_PROPOSER_WITHDRAWS_MESSAGE);
    const res = await withdraw(house, person(house, 0), proposal.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: "withdrawn", outcome_reason: PROPOSAL_OUTCOME_REASONS.withdrawn });
    expectError(await withdraw(house, person(house, 0), proposal.id), 409, PROPOSAL_NOT_OPEN_MESSAGE);
    expectError(await vote(house, person(house, 1), proposal.id, "yes"), 409, PROPOSAL_NOT_OPEN_MESSAGE);
  });

  it("answers 404 for a proposal of another household or none", async () => {
    const house = await household(2);
    const elsewhere = await household(2);
    const theirs = await proposed(elsewhere, person(elsewhere, 0));
    expectError(await vote(house, person(house, 0), theirs.id, "yes"), 404, PROPOSAL_NOT_FOUND_MESSAGE);
    expectError(await withdraw(house, person(house, 0), unknownId()), 404, PROPOSAL_NOT_FOUND_MESSAGE);
  });
});

describe("the lists", () => {
  it("show open proposals closing soonest first and decided ones newest first; at most 20 open", async () => {
    const house = await household(3);
    const first = await proposed(house, person(house, 0), { title: "First" });
    t.clock.advance(1000);
    const second = await proposed(house, person(house, 1), { title: "Second" });
    expect((await list(house, person(house, 2))).map((p) => p.title)).toEqual(["First", "Second"]);
    await withdraw(house, person(house, 0), first.id);
    t.clock.advance(1000);
    await withdraw(house, person(house, 1), second.id);
    expect((await list(house, person(house, 2), "decided")).map((p) => p.title)).toEqual(["Second", "First"]);

    for (let i = 0; i < OPEN_PROPOSALS_MAX; i++) await proposed(house, person(house, 0), { title: `Idea ${i}` });
    expectError(await propose(house, person(house, 1)), 409, OPEN_PROPOSALS_LIMIT_MESSAGE);
  });

  it("are for members only: 403 for someone else, 404 for a household that does not exist", async () => {
    const house = await household(2);
    const outsider = await buildMember(t.db);
    expectError(await t.request({ method: "GET", url: base(house), token: outsider.token }), 403);
    expectError(await propose(house, outsider), 403);
    expectError(
      await t.request({ method: "GET", url: `/api/balance/household/${unknownId()}/proposals`, token: outsider.token }),
      404,
    );
  });
});

describe("receipts", () => {
  it("must be an image the proposer uploaded as a receipt", async () => {
    const house = await household(2);
    const own = await uploaded(person(house, 0), "receipts");
    const proposal = await proposed(house, person(house, 0), { receipt_url: own, note: "  From the corner shop " });
    expect(proposal).toMatchObject({ receipt_url: own, note: "From the corner shop" });

    const someoneElses = await uploaded(person(house, 1), "receipts");
    expectError(await propose(house, person(house, 0), { receipt_url: someoneElses }), 400, RECEIPT_IMAGE_MESSAGE);
    const evidence = await uploaded(person(house, 0), "fine-evidence");
    expectError(await propose(house, person(house, 0), { receipt_url: evidence }), 400, RECEIPT_IMAGE_MESSAGE);
    expectError(
      await propose(house, person(house, 0), { receipt_url: "https://elsewhere.example/x.png" }),
      400,
      RECEIPT_IMAGE_MESSAGE,
    );
  });
});

describe("notifications", () => {
  it("tell every other member of a proposal and every member of its decision, as their preferences say", async () => {
    const house = await household(3);
    const [ana, ben, cleo] = [person(house, 0), person(house, 1), person(house, 2)];
    await t.db.insert(notificationPreferences).values([
      { userId: cleo.user.id, typeId: "spending_proposed", inAppEnabled: false, emailEnabled: true },
      { userId: ben.user.id, typeId: "spending_decided", inAppEnabled: true, emailEnabled: false },
    ]);
    const proposal = await proposed(house, ana);
    const proposedTold = await notified(house, "spending_proposed");
    const text = {
      title: "Spending proposed",
      message: `${ana.user.displayName} proposed spending £5.00 on "Pizza night". Vote yes or no on the Fund page.`,
    };
    expect(proposedTold).toEqual([[], [{ userId: ben.user.id, ...text }], []]);

    await voted(house, ben, proposal.id, "yes");
    const decidedText = {
      title: "Spending approved",
      message: `The proposal to spend £5.00 on "Pizza night" passed. ${PROPOSAL_OUTCOME_REASONS.passed}`,
    };
    expect(await notified(house, "spending_decided")).toEqual(
      [ana, ben, cleo].map((member) => [{ userId: member.user.id, ...decidedText }]),
    );

    const mail = await t.db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.to,
          [ana, ben, cleo].map((member) => member.user.email ?? ""),
        ),
      );
    const subjects = (member: Member) =>
      mail
        .filter((m) => m.to === member.user.email)
        .map((m) => m.subject)
        .sort();
    const inFlat = (title: string) => `${house.household.name}: ${title}`;
    expect(subjects(ana)).toEqual([inFlat("Spending approved")]);
    expect(subjects(ben)).toEqual([inFlat("Spending proposed")]);
    expect(subjects(cleo)).toEqual([inFlat("Spending approved"), inFlat("Spending proposed")]);
  });

  it("send every member's sockets a fund_changed frame on every change", async () => {
    const house = await household(3);
    const socket = await openSocket(socketUrl, person(house, 2).token);
    await socket.next("notification_count");
    const isThis = (message: { data: { household_id: string } }) => message.data.household_id === house.household.id;

    const proposal = await proposed(house, person(house, 0));
    await socket.next("fund_changed", isThis);
    await voted(house, person(house, 1), proposal.id, "no");
    await socket.next("fund_changed", isThis);
    const other = await proposed(house, person(house, 0), { title: "Other" });
    await socket.next("fund_changed", isThis);
    await withdraw(house, person(house, 0), other.id);
    await socket.next("fund_changed", isThis);
    socket.close();
  });
});

describe("the race", () => {
  it("of 20 proposals the fund covers one of, voted yes on at once, passes exactly one", async () => {
    const house = await household(3, 500);
    const proposals: Proposal[] = [];
    for (let i = 0; i < OPEN_PROPOSALS_MAX; i++)
      proposals.push(await proposed(house, person(house, 0), { title: `Treat ${i}` }));
    const results = await Promise.all(proposals.map((proposal) => vote(house, person(house, 1), proposal.id, "yes")));
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    const decided = results.map((res) => res.json().data as Proposal);
    expect(decided.filter((p) => p.status === "passed")).toHaveLength(1);
    const failed = decided.filter((p) => p.status === "failed");
    expect(failed).toHaveLength(19);
    for (const p of failed) expect(p.outcome_reason).toBe(fundShortReason("£5.00", "£0.00"));
    expect(await balanceMinor(house)).toBe(0);
    expect(await ledgerSum(house)).toBe(0);
  });
});
