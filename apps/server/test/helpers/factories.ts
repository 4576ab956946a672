import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../src/db/client.js";
import { fines, households, rules, sessions, stickyNotes, users } from "../../src/db/schema.js";
import { randomToken, sha256 } from "../../src/lib/tokens.js";

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function buildUser(db: Database, overrides: Partial<typeof users.$inferInsert> = {}) {
  const suffix = unique();
  const [user] = await db
    .insert(users)
    .values({
      email: `user-${suffix}@example.com`,
      displayName: `User ${suffix}`,
      displayNameChosen: true,
      emailVerified: true,
      ...overrides,
    })
    .returning();
  if (!user) throw new Error("user not created");
  return user;
}

/** A live session for `userId`; returns the raw bearer token. */
export async function buildSession(db: Database, userId: string, expiresAt = new Date(Date.now() + 86_400_000)) {
  const token = randomToken();
  await db.insert(sessions).values({ tokenHash: sha256(token), userId, expiresAt });
  return token;
}

/** A household made by `creatorId` (its admin); like POST /households, its join code starts as its id. */
export async function buildHousehold(
  db: Database,
  creatorId: string,
  overrides: Partial<typeof households.$inferInsert> = {},
) {
  const id = overrides.id ?? randomUUID();
  const [household] = await db
    .insert(households)
    .values({ id, joinCode: id, name: `Flat ${unique()}`, currency: "GBP", createdBy: creatorId, ...overrides })
    .returning();
  if (!household) throw new Error("household not created");
  await db.update(users).set({ householdId: household.id, isAdmin: true }).where(eq(users.id, creatorId));
  return household;
}

/** A signed-in user, optionally placed in a household: `{ user, token }`. */
export async function buildMember(
  db: Database,
  householdId?: string,
  overrides: Partial<typeof users.$inferInsert> = {},
) {
  const user = await buildUser(db, { householdId: householdId ?? null, ...overrides });
  const token = await buildSession(db, user.id);
  return { user, token };
}

/**
 * A household with a creator and `extra` more members, each signed in — the usual cast of a test.
 */
export async function buildHouseholdWithMembers(db: Database, extra = 1) {
  const owner = await buildMember(db);
  const household = await buildHousehold(db, owner.user.id);
  owner.user.householdId = household.id;
  owner.user.isAdmin = true;
  const members = [];
  for (let i = 0; i < extra; i++) members.push(await buildMember(db, household.id));
  return { household, owner, members };
}

/** The usual flat: Ana, its admin, with Ben and Cleo, each signed in. */
export async function buildFlatOfThree(db: Database) {
  const { household, owner: ana, members } = await buildHouseholdWithMembers(db, 2);
  const [ben, cleo] = members;
  if (!ben || !cleo) throw new Error("members missing");
  return { household, ana, ben, cleo };
}

export const unknownId = () => randomUUID();

/**
 * A little of everything a household keeps — a rule, a fine under it and a sticky note, all by
 * `authorId` (the fine issued to `offenderId`) — to prove that history outlives an account.
 */
export async function buildHouseholdHistory(db: Database, householdId: string, authorId: string, offenderId: string) {
  const [rule] = await db
    .insert(rules)
    .values({
      householdId,
      title: "Dishes",
      description: "Wash up the same day",
      fineAmountMinor: 250,
      createdBy: authorId,
    })
    .returning();
  if (!rule) throw new Error("rule not created");
  const [fine] = await db
    .insert(fines)
    .values({
      householdId,
      ruleId: rule.id,
      offenderId,
      createdBy: authorId,
      amountMinor: 250,
      description: "Pans left",
    })
    .returning();
  const [note] = await db
    .insert(stickyNotes)
    .values({ householdId, content: "Bins on Tuesday", createdBy: authorId })
    .returning();
  if (!fine || !note) throw new Error("history not created");
  return { rule, fine, note };
}

/** A house rule (fine amount in minor units, default 250 = 2.50). */
export async function buildRule(
  db: Database,
  householdId: string,
  createdBy: string,
  overrides: Partial<typeof rules.$inferInsert> = {},
) {
  const [rule] = await db
    .insert(rules)
    .values({
      householdId,
      createdBy,
      title: `Rule ${unique()}`,
      description: "Leave the kitchen as you found it",
      fineAmountMinor: 250,
      ...overrides,
    })
    .returning();
  if (!rule) throw new Error("rule not created");
  return rule;
}

/** A fine from `issuerId` to `offenderId` (pending unless overridden), under `ruleId` or a new rule. */
export async function buildFine(
  db: Database,
  params: { householdId: string; issuerId: string; offenderId: string; ruleId?: string },
  overrides: Partial<typeof fines.$inferInsert> = {},
) {
  const ruleId = params.ruleId ?? (await buildRule(db, params.householdId, params.issuerId)).id;
  const [fine] = await db
    .insert(fines)
    .values({
      householdId: params.householdId,
      createdBy: params.issuerId,
      offenderId: params.offenderId,
      ruleId,
      amountMinor: 250,
      description: "Pans left in the sink",
      ...overrides,
    })
    .returning();
  if (!fine) throw new Error("fine not created");
  return fine;
}

/** A sticky note by `authorId`, placed after the household's notes unless a position is given. */
export async function buildNote(
  db: Database,
  householdId: string,
  authorId: string | null,
  overrides: Partial<typeof stickyNotes.$inferInsert> = {},
) {
  const existing = await db
    .select({ id: stickyNotes.id })
    .from(stickyNotes)
    .where(eq(stickyNotes.householdId, householdId));
  const [note] = await db
    .insert(stickyNotes)
    .values({ householdId, createdBy: authorId, content: `Note ${unique()}`, position: existing.length, ...overrides })
    .returning();
  if (!note) throw new Error("note not created");
  return note;
}
