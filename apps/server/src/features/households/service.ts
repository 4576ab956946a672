import { eq } from "drizzle-orm";
import type { Currency } from "@housemate/contract";
import type { Database } from "../../db/client.js";
import { households } from "../../db/schema.js";
import type { HouseholdRow } from "../../lib/access.js";
import { notFound } from "../../lib/errors.js";
import type { Delivery } from "../../lib/notify.js";
import { HOUSEHOLD_NOT_FOUND_MESSAGE } from "@housemate/contract";
import { addMember, ALREADY_MEMBER_CREATE_MESSAGE } from "./membership.js";

export interface MembershipChange {
  household: HouseholdRow;
  /** Hand to `app.notifier.deliver` once the transaction has committed. */
  delivery: Delivery;
}

/**
 * Creates a household with its creator as its first member and admin (DESIGN §3), in one
 * transaction: a creator who is already in a household leaves no empty household behind.
 */
export async function createHousehold(
  db: Database,
  params: { creatorId: string; name: string; currency: Currency; publicUrl: string; now: Date },
): Promise<MembershipChange> {
  return db.transaction(async (tx) => {
    const [household] = await tx
      .insert(households)
      .values({
        name: params.name,
        currency: params.currency,
        createdBy: params.creatorId,
        createdAt: params.now,
        updatedAt: params.now,
      })
      .returning();
    if (!household) throw new Error("household insert returned no row");
    const delivery = await addMember(tx, {
      userId: params.creatorId,
      householdId: household.id,
      isAdmin: true,
      publicUrl: params.publicUrl,
      now: params.now,
      conflictMessage: ALREADY_MEMBER_CREATE_MESSAGE,
    });
    return { household, delivery };
  });
}

/** Joins a household by its ID (SPEC §1 allows it); the other members are told. */
export async function joinHousehold(
  db: Database,
  params: { userId: string; householdId: string; publicUrl: string; now: Date },
): Promise<MembershipChange> {
  return db.transaction(async (tx) => {
    const [household] = await tx.select().from(households).where(eq(households.id, params.householdId)).limit(1);
    if (!household) throw notFound(HOUSEHOLD_NOT_FOUND_MESSAGE);
    const delivery = await addMember(tx, {
      userId: params.userId,
      householdId: household.id,
      isAdmin: false,
      publicUrl: params.publicUrl,
      now: params.now,
    });
    return { household, delivery };
  });
}
