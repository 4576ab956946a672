import {
  householdFullMessage,
  PLAN_SHORT_NAMES,
  rulesOverLimitMessage,
  rulesPlanLimitMessage,
  seatsText,
  type HouseholdPlan,
} from "@housemate/contract";

/** Where an admin upgrades: the household settings page's Plan section. */
export const UPGRADE_PATH = "/dashboard/household";
/** The Plan section's id on that page, for links that lead to it. */
export const PLAN_SECTION_ID = "plan";

/** '4 of 5 flatmates on Basic'; null on a plan with no seat limit of its own. */
export const seatsLine = (plan: HouseholdPlan, members = plan.usage.members): string | null =>
  plan.plan && plan.limits.members !== null ? seatsText(plan.plan, members) : null;

/** Why nobody more can join: the message joining would be refused with (402), or null while there is a free seat. */
export function householdFullReason(plan: HouseholdPlan | undefined): string | null {
  if (!plan?.plan || plan.limits.members === null) return null;
  return plan.usage.members >= plan.limits.members ? householdFullMessage(plan.plan) : null;
}

export interface RulesAllowance {
  /** '7 of 10 rules on Basic'. */
  line: string;
  /** Why no rule can be added (the 402's words), or null. */
  addBlocked: string | null;
  /** More rules than the plan allows (after a downgrade): they are read-only until some go. */
  overLimit: string | null;
}

/** What the plan allows of rules, counting `count` of them; null when the plan has no rule limit (Pro, plans off). */
export function rulesAllowance(plan: HouseholdPlan | undefined, count: number): RulesAllowance | null {
  if (!plan?.plan || plan.limits.rules === null) return null;
  const limit = plan.limits.rules;
  return {
    line: `${String(count)} of ${String(limit)} rules on ${PLAN_SHORT_NAMES[plan.plan]}`,
    addBlocked: count >= limit ? rulesPlanLimitMessage(plan.plan) : null,
    overLimit: count > limit ? rulesOverLimitMessage(plan.plan, count) : null,
  };
}
