import { randomUUID } from "node:crypto";
import type { PgTable } from "drizzle-orm/pg-core";
import { openDatabase, type Database } from "../../apps/server/src/db/client.js";
import {
  disputes,
  fines,
  households,
  notifications,
  rules,
  sessions,
  stickyNotes,
  users,
} from "../../apps/server/src/db/schema.js";
import { randomToken, sha256 } from "../../apps/server/src/lib/tokens.js";
import type { Sizes } from "./options.js";

/** A signed-in member the load generators act as. */
export interface MemberFixture {
  id: string;
  token: string;
}

export interface HouseholdFixture {
  id: string;
  members: MemberFixture[];
  ruleIds: string[];
}

/** A pending fine and its offender's session: one 'pay fine' request. */
export interface Payable {
  householdId: string;
  fineId: string;
  token: string;
}

/** A household of a given history length and the member the signed-in measurements act as (issue 14). */
export interface SignedInFixture {
  fines: number;
  household: HouseholdFixture;
  /** Its first member, the household's admin. */
  member: MemberFixture;
}

/** What the data set is made of (the rest of `Sizes` is how long the measurements run). */
export type DataSet = Pick<
  Sizes,
  | "households"
  | "members"
  | "rulesPerHousehold"
  | "finesPerHousehold"
  | "notesPerHousehold"
  | "notificationsPerUser"
  | "paysPerRun"
>;

/** Fines in the issue 14 households: a busy flat after a year, and a long history. */
export const SIGNED_IN_HISTORIES = [300, 5000] as const;
/** Issue 20: Insights is measured on the 5,000-fine household (its budget is set at that size). */
export const INSIGHTS_HISTORY = 5000;

/** What the load generators need to know about the seeded data (ids and session tokens). */
export interface Fixture {
  households: HouseholdFixture[];
  /** One list per pay run; they live in households of their own, so the list measurements never see them. */
  payables: Payable[][];
  /** Issue 14's households (300 and 5,000 fines), kept out of `households` so the list and dashboard loads never see them. */
  signedIn: SignedInFixture[];
}

const DAY = 24 * 3600_000;
const NAMES = ["Alex", "Sam", "Jordan", "Priya", "Tomasz", "Aisha", "Chen", "Maya", "Luca", "Zoe", "Kwame", "Ines"];
const RULES = [
  "Dishes",
  "Bins",
  "Bathroom",
  "Quiet hours",
  "Milk",
  "Hoover",
  "Recycling",
  "Guests",
  "Heating",
  "Shoes",
];
const STATUSES = [
  ...Array<string>(40).fill("pending"),
  ...Array<string>(45).fill("paid"),
  ...Array<string>(8).fill("disputed"),
  ...Array<string>(7).fill("cancelled"),
];
const NOTE_COLORS = ["yellow", "blue", "green", "pink", "purple"];
const NOTIFICATION_TYPES = ["fine_received", "fine_paid", "fine_disputed", "dispute_resolved", "rule_created"];
/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for the widest table. */
const CHUNK = 1000;

/** A small deterministic generator, so every run seeds the same shapes. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}

type Rows = Record<string, unknown>[];

/** Collects rows per table and writes them in multi-row INSERTs, parents before children. */
class Batch {
  private readonly tables = new Map<PgTable, Rows>();
  add(table: PgTable, row: Record<string, unknown>) {
    const rows = this.tables.get(table) ?? [];
    rows.push(row);
    this.tables.set(table, rows);
  }
  async write(db: Database, order: PgTable[]) {
    for (const table of order) {
      const rows = this.tables.get(table) ?? [];
      for (let i = 0; i < rows.length; i += CHUNK) await db.insert(table).values(rows.slice(i, i + CHUNK));
    }
  }
}

interface HouseholdPlan {
  finesPerHousehold: number;
  /** Payable households hold only pending fines, each to be paid once by a pay run. */
  allPending: boolean;
}

function addHousehold(
  batch: Batch,
  random: ReturnType<typeof prng>,
  sizes: DataSet,
  plan: HouseholdPlan,
  index: number,
) {
  const now = Date.now();
  const householdId = randomUUID();
  const size = random.int(sizes.members[0], sizes.members[1]);
  const members = Array.from({ length: size }, (_, m) => ({
    id: randomUUID(),
    token: randomToken(),
    name: `${random.pick(NAMES)} ${String.fromCharCode(65 + m)}.`,
    email: `member-${index}-${m}${plan.allPending ? "-pay" : ""}@bench.housemate.test`,
  }));
  const creator = members[0];
  if (!creator) throw new Error("a household needs members");
  batch.add(households, { id: householdId, name: `Flat ${index}`, currency: "GBP", createdBy: creator.id });
  for (const [m, member] of members.entries()) {
    batch.add(users, {
      id: member.id,
      email: member.email,
      displayName: member.name,
      householdId,
      isAdmin: m === 0,
      emailVerified: true,
    });
    batch.add(sessions, {
      tokenHash: sha256(member.token),
      userId: member.id,
      expiresAt: new Date(now + 30 * DAY),
    });
    for (let n = 0; n < sizes.notificationsPerUser; n++) {
      batch.add(notifications, {
        userId: member.id,
        householdId,
        typeId: random.pick(NOTIFICATION_TYPES),
        title: "You've been fined",
        message: `${random.pick(NAMES)} fined you £5.00 for breaking "${random.pick(RULES)}".`,
        isRead: random.chance(0.7),
        createdAt: new Date(now - random.int(0, 90) * DAY),
      });
    }
  }

  const ruleIds = Array.from({ length: sizes.rulesPerHousehold }, (_, r) => {
    const id = randomUUID();
    batch.add(rules, {
      id,
      householdId,
      title: `${random.pick(RULES)} ${r + 1}`,
      description: "Leave the kitchen as you would like to find it.",
      fineAmountMinor: random.int(1, 20) * 50,
      createdBy: creator.id,
      createdAt: new Date(now - 400 * DAY + r * DAY),
    });
    return id;
  });

  for (let n = 0; n < sizes.notesPerHousehold; n++) {
    batch.add(stickyNotes, {
      householdId,
      content: `Bin day is Thursday (${n + 1})`,
      color: random.pick(NOTE_COLORS),
      position: n,
      createdBy: random.pick(members).id,
    });
  }

  const payables: Payable[] = [];
  for (let f = 0; f < plan.finesPerHousehold; f++) {
    const offender = random.pick(members);
    const issuer = random.pick(members.filter((member) => member !== offender));
    const status = plan.allPending ? "pending" : random.pick(STATUSES);
    const createdAt = new Date(now - random.int(1, 365 * 24) * 3600_000);
    const fineId = randomUUID();
    const described = random.chance(0.5) ? "Left the pans soaking for three days." : "";
    batch.add(fines, {
      id: fineId,
      householdId,
      offenderId: offender.id,
      createdBy: issuer.id,
      ruleId: random.pick(ruleIds),
      amountMinor: random.int(1, 40) * 25,
      status,
      description: status === "disputed" ? `${described}\n\nDispute reason: It was not me` : described,
      evidenceNote: random.chance(0.2) ? "Photo on the fridge." : null,
      paidAt: status === "paid" ? new Date(createdAt.getTime() + DAY) : null,
      createdAt,
      updatedAt: createdAt,
    });
    if (status === "disputed" || status === "cancelled") {
      batch.add(disputes, {
        fineId,
        raisedBy: offender.id,
        reason: "It was not me",
        status: status === "cancelled" ? "accepted" : "pending",
        createdAt: new Date(createdAt.getTime() + 3600_000),
      });
    }
    if (plan.allPending) payables.push({ householdId, fineId, token: offender.token });
  }

  return {
    household: { id: householdId, members: members.map(({ id, token }) => ({ id, token })), ruleIds },
    payables,
  };
}

/**
 * Seeds the data set straight into the database (multi-row INSERTs, no HTTP), after the
 * server's own migrations. Returns the ids and session tokens the load generators use.
 */
export async function seed(
  target: { url?: string; dataDir?: string },
  sizes: DataSet,
  payRuns: number,
): Promise<Fixture> {
  const database = await openDatabase({ url: target.url, dataDir: target.dataDir });
  try {
    const random = prng(8);
    const batch = new Batch();
    const fixture: Fixture = { households: [], payables: [], signedIn: [] };
    for (let h = 0; h < sizes.households; h++) {
      fixture.households.push(
        addHousehold(batch, random, sizes, { finesPerHousehold: sizes.finesPerHousehold, allPending: false }, h)
          .household,
      );
    }
    const payHouseholds = Math.ceil((sizes.paysPerRun * payRuns) / sizes.finesPerHousehold);
    const payables: Payable[] = [];
    for (let h = 0; h < payHouseholds; h++) {
      const plan = { finesPerHousehold: sizes.finesPerHousehold, allPending: true };
      payables.push(...addHousehold(batch, random, sizes, plan, sizes.households + h).payables);
    }
    // Issue 14's households: the same shape as the others (members, rules, notes, notifications, the mix of
    // statuses), only their history is longer; seeded after the rest, so the others' data stays as it was.
    for (const [k, finesPerHousehold] of SIGNED_IN_HISTORIES.entries()) {
      const index = sizes.households + payHouseholds + k;
      const { household } = addHousehold(batch, random, sizes, { finesPerHousehold, allPending: false }, index);
      const member = household.members[0];
      if (!member) throw new Error("a household needs members");
      fixture.signedIn.push({ fines: finesPerHousehold, household, member });
    }
    // Interleave households, so each run's payments spread over all of them.
    payables.sort((a, b) => a.fineId.localeCompare(b.fineId));
    for (let run = 0; run < payRuns; run++) {
      fixture.payables.push(payables.slice(run * sizes.paysPerRun, (run + 1) * sizes.paysPerRun));
    }
    await batch.write(database.db, [households, users, sessions, rules, stickyNotes, fines, disputes, notifications]);
    // Vacuumed as well as analysed now, so that autovacuum's pass over the freshly written tables does not run
    // during the first measurement.
    await database.db.execute("vacuum analyze");
    return fixture;
  } finally {
    await database.close();
  }
}
