import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Currency, UpdateHouseholdBody } from "@housemate/contract";
import type { Database } from "../../db/client.js";
import { households } from "../../db/schema.js";
import type { HouseholdRow } from "../../lib/access.js";
import { forbidden, notFound } from "../../lib/errors.js";
import { HOUSEHOLD_NOT_FOUND_MESSAGE, JOIN_BY_ID_OFF_MESSAGE } from "@housemate/contract";
import { addMember, ALREADY_MEMBER_CREATE_MESSAGE } from "./membership.js";

/**
 * Creates a household with its creator as its first member and admin (DESIGN §3), in one
 * transaction: a creator who is already in a household leaves no empty household behind.
 */
export async function createHousehold(
  db: Database,
  params: { creatorId: string; name: string; currency: Currency; publicUrl: string; now: Date },
): Promise<HouseholdRow> {
  // The join code starts as the id, so SPEC's "join by household ID" works until an admin rotates it.
  const id = randomUUID();
  return db.transaction(async (tx) => {
    const [household] = await tx
      .insert(households)
      .values({
        id,
        joinCode: id,
        name: params.name,
        currency: params.currency,
        createdBy: params.creatorId,
        createdAt: params.now,
        updatedAt: params.now,
      })
      .returning();
    if (!household) throw new Error("household insert returned no row");
    await addMember(tx, {
      userId: params.creatorId,
      householdId: household.id,
      isAdmin: true,
      publicUrl: params.publicUrl,
      now: params.now,
      conflictMessage: ALREADY_MEMBER_CREATE_MESSAGE,
    });
    return household;
  });
}

/**
 * Joins a household by the ID people share (SPEC §1), which is its join code: the household's id until an admin
 * rotates it, then only the new code (docs/decisions/020). Refused while the household has joining by ID off.
 * The other members are told.
 */
export async function joinHousehold(
  db: Database,
  params: { userId: string; joinCode: string; publicUrl: string; now: Date },
): Promise<HouseholdRow> {
  return db.transaction(async (tx) => {
    // FOR SHARE: a rotation or a switch-off committing meanwhile is waited for and then seen, so no one joins
    // with a code that has just stopped working.
    const [household] = await tx
      .select()
      .from(households)
      .where(eq(households.joinCode, params.joinCode))
      .limit(1)
      .for("share");
    if (!household) throw notFound(HOUSEHOLD_NOT_FOUND_MESSAGE);
    if (!household.joinById) throw forbidden(JOIN_BY_ID_OFF_MESSAGE);
    await addMember(tx, { ...params, householdId: household.id, isAdmin: false });
    return household;
  });
}

/** Changes a household's settings (the caller has checked that the user is its admin); returns the household. */
export async function updateHousehold(
  db: Database,
  params: { householdId: string; changes: UpdateHouseholdBody; now: Date },
): Promise<HouseholdRow> {
  const { changes } = params;
  return setHousehold(db, params.householdId, {
    ...(changes.join_by_id === undefined ? {} : { joinById: changes.join_by_id }),
    updatedAt: params.now,
  });
}

/**
 * Gives a household a fresh random join code (the caller has checked that the user is its admin): the old code,
 * the household's id included, stops joining at once. Returns the household with its new code.
 */
export async function rotateJoinCode(db: Database, params: { householdId: string; now: Date }): Promise<HouseholdRow> {
  return setHousehold(db, params.householdId, { joinCode: randomUUID(), updatedAt: params.now });
}

/** One update of one household, answered with the row as it now is (404 if it has gone meanwhile). */
async function setHousehold(
  db: Database,
  householdId: string,
  values: Partial<typeof households.$inferInsert>,
): Promise<HouseholdRow> {
  const [household] = await db.update(households).set(values).where(eq(households.id, householdId)).returning();
  if (!household) throw notFound(HOUSEHOLD_NOT_FOUND_MESSAGE);
  return household;
}
