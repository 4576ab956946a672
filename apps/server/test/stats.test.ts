import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserStats } from "@housemate/contract";
import { createTestContext, type TestContext } from "./helpers/app.js";
import { buildFine, buildHouseholdWithMembers, buildMember, unknownId } from "./helpers/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const statsOf = (userId: string, token: string | undefined) =>
  t.request({ method: "GET", url: `/api/users/${userId}/stats`, token });

const NOTHING: UserStats = {
  totalReceived: 0,
  pendingAmount: 0,
  totalIssued: 0,
  housematesFined: 0,
  amountPaid: 0,
  settledCount: 0,
  disputedCount: 0,
};

/**
 * Ana's flat with Ben, Cleo and Dee, and a history of fines in minor units. Amounts like 0.10 + 0.20
 * show the sums are exact (a float sum would give 0.30000000000000004).
 */
async function seededFlat() {
  const { household, owner: ana, members } = await buildHouseholdWithMembers(t.db, 3);
  const [ben, cleo, dee] = members;
  if (!ben || !cleo || !dee) throw new Error("members missing");
  const fine = (
    issuer: { user: { id: string } },
    offender: { user: { id: string } },
    amountMinor: number,
    status = "pending",
  ) =>
    buildFine(
      t.db,
      { householdId: household.id, issuerId: issuer.user.id, offenderId: offender.user.id },
      { amountMinor, status },
    );

  // Received by Ana.
  await fine(ben, ana, 10); // pending 0.10
  await fine(cleo, ana, 20); // pending 0.20
  await fine(ben, ana, 10_000_000, "paid"); // paid 100000.00
  await fine(ben, ana, 1, "paid"); // paid 0.01
  await fine(cleo, ana, 500, "disputed");
  await fine(ben, ana, 700, "cancelled"); // dispute accepted: counts nowhere
  // Issued by Ana.
  await fine(ana, ben, 100);
  await fine(ana, ben, 150, "paid");
  await fine(ana, cleo, 200, "disputed");
  await fine(ana, dee, 300, "cancelled"); // Dee was never really fined
  // Between others, and in another household.
  await fine(ben, cleo, 999);
  const elsewhere = await buildHouseholdWithMembers(t.db, 1);
  const [stranger] = elsewhere.members;
  if (!stranger) throw new Error("member missing");
  await buildFine(t.db, {
    householdId: elsewhere.household.id,
    issuerId: elsewhere.owner.user.id,
    offenderId: stranger.user.id,
  });

  return { ana, ben, cleo, dee, stranger };
}

describe("profile statistics", () => {
  it("counts and sums the signed-in person's fines exactly", async () => {
    const { ana } = await seededFlat();
    const res = await statsOf(ana.user.id, ana.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: {
        totalReceived: 5,
        pendingAmount: 0.3,
        totalIssued: 3,
        housematesFined: 2,
        amountPaid: 100_000.01,
        settledCount: 2,
        disputedCount: 1,
      },
    });
  });

  it("gives each housemate their own figures", async () => {
    const { ben, dee } = await seededFlat();
    expect((await statsOf(ben.user.id, ben.token)).json().data).toEqual({
      totalReceived: 2,
      pendingAmount: 1,
      totalIssued: 4,
      housematesFined: 2,
      amountPaid: 1.5,
      settledCount: 1,
      disputedCount: 0,
    });
    expect((await statsOf(dee.user.id, dee.token)).json().data).toEqual(NOTHING);
  });

  it("is all zeros for someone with no household", async () => {
    const nia = await buildMember(t.db);
    const res = await statsOf(nia.user.id, nia.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(NOTHING);
  });
});

type Actor = "signed out" | "self" | "housemate" | "other household's member" | "no household" | "unknown id";

describe("authorization matrix", () => {
  // Only one's own figures: any other id is 403, existing or not, so the route reveals nobody.
  it.each<[Actor, number]>([
    ["signed out", 401],
    ["self", 200],
    ["housemate", 403],
    ["other household's member", 403],
    ["no household", 403],
    ["unknown id", 403],
  ])("GET /users/{id}/stats of Ana as %s → %i", async (actor, status) => {
    const { ana, ben, stranger } = await seededFlat();
    const nia = await buildMember(t.db);
    const token = {
      "signed out": undefined,
      self: ana.token,
      housemate: ben.token,
      "other household's member": stranger.token,
      "no household": nia.token,
      "unknown id": ana.token,
    }[actor];
    const res = await statsOf(actor === "unknown id" ? unknownId() : ana.user.id, token);
    expect(res.statusCode, res.body).toBe(status);
    if (status === 403) expect(res.json().error.code).toBe("FORBIDDEN");
  });
});
