import type { EffectivePlan } from "@housemate/contract";
import type { PlansConfig } from "../../config.js";
import type { HouseholdRow } from "../../plugins/auth.js";

/**
 * The plan a support message reports and is prioritised by: null with plans off (every household has everything),
 * Basic until the household's plan column arrives (helper (1)'s migration 0013), then the column.
 */
export function supportPlanOf(plans: PlansConfig | null, _household: HouseholdRow): EffectivePlan {
  if (plans === null) return null;
  return "basic";
}
