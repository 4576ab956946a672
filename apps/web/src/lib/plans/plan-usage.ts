import {
  householdFullMessage,
  PLAN_SHORT_NAMES,
  rulesOverLimitMessage,
  rulesPlanLimitMessage,
  seatsText,
  type HouseholdPlan,
} from "@housemate/contract";

/**
 * What a household's plan lets it do now, in words. The web restates no limit: the counts are the server's (`usage`,
 * `limits`) and whether something is allowed is its `allows`, decided by the contract's one copy of each rule.
 */

/** Where an admin upgrades: the household settings page's Plan section. */
export const UPGRADE_PATH = "/dashboard/household";
/** The Plan section's id on that page, for links that lead to it. */
export const PLAN_SECTION_ID = "plan";

/** '4 of 5 flatmates on Basic'; null on a plan with no seat limit of its own. */
export const seatsLine = (plan: HouseholdPlan): string | null =>
  plan.plan && plan.limits.members !== null ? seatsText(plan.plan, plan.usage.members) : null;

/** Why nobody more can join: the message joining would be refused with (402), or null while the plan allows it. */
export function householdFullReason(plan: HouseholdPlan | undefined): string | null {
  return plan?.plan && !plan.allows.join ? householdFullMessage(plan.plan) : null;
}

export interface RulesAllowance {
  /** '7 of 10 rules on Basic'. */
  line: string;
  /** Why no rule can be added (the 402's words), or null. */
  addBlocked: string | null;
  /** More rules than the plan allows (after a downgrade): they are read-only until some go. */
  overLimit: string | null;
}

/** What the plan allows of rules; null when the plan has no rule limit (Pro, plans off). */
export function rulesAllowance(plan: HouseholdPlan | undefined): RulesAllowance | null {
  if (!plan?.plan || plan.limits.rules === null) return null;
  const { rules } = plan.usage;
  return {
    line: `${String(rules)} of ${String(plan.limits.rules)} rules on ${PLAN_SHORT_NAMES[plan.plan]}`,
    addBlocked: plan.allows.add_rule ? null : rulesPlanLimitMessage(plan.plan),
    overLimit: plan.allows.edit_rules ? null : rulesOverLimitMessage(plan.plan, rules),
  };
}
