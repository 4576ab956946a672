import type { HouseholdPlan, ProFeature } from "@housemate/contract";
import { useAppConfig } from "./get-app-config";
import { useHouseholdPlan } from "./get-household-plan";

export interface PlanAccess {
  /**
   * Still finding out whether plans are on and, when they are, the household's plan: a Pro page waits, as it must not
   * ask the API for what the plan may not have.
   */
  isPending: boolean;
  /** The household's plan when plans are on; undefined with plans off (or before it is known): show no plan. */
  plan: HouseholdPlan | undefined;
  /** Whether the household has this paid feature: always with plans off, on Pro, or when the plan is unknown. */
  has: (feature: ProFeature) => boolean;
}

/**
 * The one way a screen asks about the household's plan (issue 21). The plan is fetched only when the server says plans
 * are on, so the one-command install (PLANS=off) makes no request for it and shows nothing of it. A plan that failed
 * to load counts as every feature: the server still refuses what the plan lacks, with its own message.
 */
export function usePlanAccess(householdId: string | null | undefined): PlanAccess {
  const config = useAppConfig();
  const plansOn = config.data?.plans === true;
  const answer = useHouseholdPlan(plansOn ? householdId : null);
  const plan = plansOn && answer.data?.plans ? answer.data : undefined;
  return {
    isPending: config.isPending || (plansOn && Boolean(householdId) && answer.isPending),
    plan,
    has: (feature) => !plan || plan.features.includes(feature),
  };
}
