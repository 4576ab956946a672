import type { EffectivePlan } from "@housemate/contract";
import type { PlansConfig } from "../../config.js";
import type { HouseholdRow } from "../../plugins/auth.js";

/** The plan a support message reports and is prioritised by: null with plans off (every household has everything). */
export function supportPlanOf(plans: PlansConfig | null, household: HouseholdRow): EffectivePlan {
  return plans === null ? null : household.plan;
}
