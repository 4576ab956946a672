import type { EffectivePlan, PlanId } from "@housemate/contract";
import type { Config } from "../config.js";

/**
 * The plan a household's limits and features follow: its own with PLANS=on, none (everything) with plans off
 * (docs/decisions/046). The one place the server decides it: every limit, the Pro-feature hook and GET /plan ask here.
 */
export const effectivePlan = (config: Pick<Config, "plans">, household: { plan: PlanId }): EffectivePlan =>
  config.plans ? household.plan : null;
