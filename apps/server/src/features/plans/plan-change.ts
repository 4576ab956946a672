import { PLAN_NAMES, type PlanId } from "@housemate/contract";
import { eq } from "drizzle-orm";
import type { Transaction } from "../../db/client.js";
import { households } from "../../db/schema.js";
import { recordActivity, SYSTEM_ACTOR } from "../activity/record.js";
import { currentMemberIds } from "../households/membership.js";
import { announceHouseholdChanged, recordNotification } from "../notifications/record.js";

/** What every member is told of a move (`plan_changed`): the plan they are on now; a downgrade keeps everything. */
export const planChangedText = (plan: PlanId): string =>
  plan === "basic"
    ? `Your household is now on ${PLAN_NAMES.basic}. Nothing was deleted.`
    : `Your household is now on ${PLAN_NAMES[plan]}.`;

/**
 * The one way a household's plan moves (issue 21, docs/decisions/046), inside the caller's transaction (the payment
 * provider's event that moved it). Nobody in the household made the change, so its activity entry is Housemate's, as
 * a proposal failing at its closing time is. The same plan again (a renewal, a replayed or reordered event) writes
 * nothing: the log records moves, not confirmations.
 *
 * Every member is told (`plan_changed`, by their preferences), in the same transaction.
 *
 * Downgrading deletes nothing: rules and members over Basic's limits stay, read-only (rules) or as full members, until
 * the household is within the limits again.
 *
 * Answers whether the plan changed; false too when the household has gone meanwhile.
 */
export async function setHouseholdPlan(
  tx: Transaction,
  params: { householdId: string; plan: PlanId; now: Date; publicUrl: string },
): Promise<boolean> {
  // FOR UPDATE: two events for one household (an upgrade and a cancellation) apply one after the other, each seeing
  // the plan the other left, so a move is logged once.
  const [current] = await tx
    .select({ plan: households.plan })
    .from(households)
    .where(eq(households.id, params.householdId))
    .for("update");
  if (!current || current.plan === params.plan) return false;
  await tx
    .update(households)
    .set({ plan: params.plan, updatedAt: params.now })
    .where(eq(households.id, params.householdId));
  await recordActivity(tx, {
    householdId: params.householdId,
    kind: "household.plan_changed",
    actor: SYSTEM_ACTOR,
    subject: { type: "household", id: params.householdId },
    details: { from: current.plan, to: params.plan },
    at: params.now,
  });
  // Nobody here made the move, so everyone is told (DESIGN §7: a notification type of its own, with preferences).
  await recordNotification(
    tx,
    {
      type: "plan_changed",
      householdId: params.householdId,
      recipientIds: await currentMemberIds(tx, params.householdId),
      title: "Plan changed",
      message: planChangedText(params.plan),
    },
    params.publicUrl,
  );
  // Members' pages show the plan and its limits: they reload the household.
  await announceHouseholdChanged(tx, [params.householdId]);
  return true;
}
