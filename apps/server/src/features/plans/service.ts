import { readFileSync } from "node:fs";
import {
  hasFreeSeat,
  hasRoomForRule,
  PRO_FEATURES,
  planHasFeature,
  planLimitsOf,
  rulesEditable,
  type AppConfig,
  type HouseholdPlan,
} from "@housemate/contract";
import { effectivePlan } from "../../lib/effective-plan.js";
import type { Config } from "../../config.js";
import type { Executor } from "../../db/client.js";
import type { HouseholdRow } from "../../lib/access.js";
import { countMembers } from "../households/membership.js";
import { countRules } from "./limits.js";

/** The server package's version, as the support message reports it; read once (the bundle keeps this file's URL). */
const SERVER_VERSION = (() => {
  const manifest = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
    version?: string;
  };
  return manifest.version ?? "unknown";
})();

/** GET /config: what this server offers, the same for everyone. */
export const appConfig = (config: Pick<Config, "plans" | "supportEmail">): AppConfig => ({
  plans: config.plans !== null,
  support: config.supportEmail !== undefined,
  version: SERVER_VERSION,
});

/**
 * GET /households/{id}/plan: the household's effective plan (none with plans off), what it allows, what it uses, the
 * Pro features it has, and its subscription as the provider's latest event left it (null until it ever had one).
 */
export async function householdPlan(
  db: Executor,
  config: Pick<Config, "plans">,
  household: HouseholdRow,
): Promise<HouseholdPlan> {
  const plan = effectivePlan(config, household);
  const [members, rules] = await Promise.all([countMembers(db, household.id), countRules(db, household.id)]);
  const hadSubscription = household.stripeSubscriptionId !== null || household.subscriptionStatus !== null;
  return {
    plans: config.plans !== null,
    plan,
    limits: planLimitsOf(plan),
    usage: { members, rules },
    allows: {
      join: hasFreeSeat(plan, members),
      add_rule: hasRoomForRule(plan, rules),
      edit_rules: rulesEditable(plan, rules),
    },
    features: PRO_FEATURES.filter((feature) => planHasFeature(plan, feature)),
    subscription:
      config.plans !== null && hadSubscription
        ? {
            status: household.subscriptionStatus ?? "incomplete",
            current_period_end: household.currentPeriodEnd?.toISOString() ?? null,
            cancel_at_period_end: household.cancelAtPeriodEnd,
          }
        : null,
  };
}
