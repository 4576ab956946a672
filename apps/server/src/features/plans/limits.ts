import {
  hasFreeSeat,
  hasRoomForRule,
  householdFullMessage,
  planLimitsOf,
  rulesEditable,
  rulesOverLimitMessage,
  rulesPlanLimitMessage,
  type EffectivePlan,
} from "@housemate/contract";
import { and, count, eq, isNull } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { rules } from "../../db/schema.js";
import { AppError } from "../../lib/errors.js";
import { countMembers } from "../households/membership.js";

/**
 * What a plan limits (issue 21, docs/decisions/046). Every check here is a no-op with plans off (`config.plans` null):
 * the one-command install limits nothing. A refusal is 402 PLAN_LIMIT, whose message says which plan and what to do.
 */

export const planLimit = (message: string) => new AppError("PLAN_LIMIT", message);

/** How many live rules (not deleted) a household keeps. */
export async function countRules(db: Executor, householdId: string): Promise<number> {
  const [kept] = await db
    .select({ rules: count() })
    .from(rules)
    .where(and(eq(rules.householdId, householdId), isNull(rules.deletedAt)));
  return kept?.rules ?? 0;
}

/** Whether the household's plan has no seat left: its members are at (or, after a downgrade, over) the limit. */
export async function isFull(db: Executor, plan: EffectivePlan, householdId: string): Promise<boolean> {
  return plan !== null && !hasFreeSeat(plan, await countMembers(db, householdId));
}

/**
 * 402 when one more member would be beyond the plan's seats. The caller holds the household's lock (FOR UPDATE), so
 * two people joining the last seat at once are counted one after the other: exactly one gets in.
 */
export async function requireFreeSeat(tx: Executor, plan: EffectivePlan, householdId: string): Promise<void> {
  if (plan && (await isFull(tx, plan, householdId))) throw planLimit(householdFullMessage(plan));
}

/** 402 when one more rule would be beyond the plan's rules, given how many the household keeps (under its lock). */
export function requireRoomForPlanRule(plan: EffectivePlan, kept: number): void {
  if (plan && !hasRoomForRule(plan, kept)) throw planLimit(rulesPlanLimitMessage(plan));
}

/**
 * 402 while the household keeps more rules than its plan allows (after a downgrade): they stay, and fines are still
 * issued under them, but they are read-only until some are deleted or the household upgrades. At the limit exactly,
 * editing works again.
 */
export async function requireRulesWithinPlan(db: Executor, plan: EffectivePlan, householdId: string): Promise<void> {
  if (!plan || planLimitsOf(plan).rules === null) return;
  const kept = await countRules(db, householdId);
  if (!rulesEditable(plan, kept)) throw planLimit(rulesOverLimitMessage(plan, kept));
}
