/**
 * Plans (issue 21, docs/decisions/046): what Housemate Basic and Pro allow, the paid features, and the texts a limit
 * is refused and shown with.
 *
 * A module of values/: no schema library (docs/decisions/033). The schemas are in ../plans.ts.
 */

export const PLAN_IDS = ["basic", "pro"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const PLAN_NAMES: Record<PlanId, string> = { basic: "Housemate Basic", pro: "Housemate Pro" };
/** The short name a usage line uses ('4 of 5 flatmates on Basic'). */
export const PLAN_SHORT_NAMES: Record<PlanId, string> = { basic: "Basic", pro: "Pro" };
export const PRO_PRICE_TEXT = "£5 a month";

/**
 * A plan's own limits; null is none of its own. The safety caps every household has whatever its plan (decision
 * 018: RULES_PER_HOUSEHOLD_MAX rules, NOTES_PER_HOUSEHOLD_MAX notes) still hold.
 */
export interface PlanLimits {
  members: number | null;
  rules: number | null;
}
export const PLAN_LIMITS: Record<PlanId, PlanLimits> = {
  basic: { members: 5, rules: 10 },
  pro: { members: 10, rules: null },
};
/** With plans off (`PLANS=off`, the one-command install) a household has every feature and no plan limit. */
export const NO_PLAN_LIMITS: PlanLimits = { members: null, rules: null };

/** The features only Housemate Pro has. A server route names its feature (`config: { feature }`). */
export const PRO_FEATURES = ["activity-log", "analytics", "exports", "appeals"] as const;
export type ProFeature = (typeof PRO_FEATURES)[number];
export const PRO_FEATURE_NAMES: Record<ProFeature, string> = {
  "activity-log": "The activity log",
  analytics: "Insights",
  exports: "Exports",
  appeals: "Appeals",
};

/** A household's effective plan: null when plans are off (everything, no limits). */
export type EffectivePlan = PlanId | null;
export const planLimitsOf = (plan: EffectivePlan): PlanLimits => (plan ? PLAN_LIMITS[plan] : NO_PLAN_LIMITS);
export const planHasFeature = (plan: EffectivePlan, _feature: ProFeature): boolean => plan !== "basic";

/**
 * The plan's limits as rules, one copy for the server (which enforces them) and GET /plan's `allows` (which the web
 * shows): another member may join while the members are under the seats; another rule may be added while the rules are
 * under the plan's; the rules are editable while not over it (after a downgrade they stay, read-only).
 */
export const hasFreeSeat = (plan: EffectivePlan, members: number): boolean => {
  const seats = planLimitsOf(plan).members;
  return seats === null || members < seats;
};
export const hasRoomForRule = (plan: EffectivePlan, rules: number): boolean => {
  const allowed = planLimitsOf(plan).rules;
  return allowed === null || rules < allowed;
};
export const rulesEditable = (plan: EffectivePlan, rules: number): boolean => {
  const allowed = planLimitsOf(plan).rules;
  return allowed === null || rules <= allowed;
};

/** 402 PLAN_LIMIT: joining (by ID or invite) a household whose plan's seats are taken. */
export const householdFullMessage = (plan: PlanId) =>
  `This household is full: ${PLAN_NAMES[plan]} allows up to ${String(PLAN_LIMITS[plan].members)} flatmates.`;
/** 402 PLAN_LIMIT: a rule added beyond the plan's rules. */
export const rulesPlanLimitMessage = (plan: PlanId) =>
  `${PLAN_NAMES[plan]} allows up to ${String(PLAN_LIMITS[plan].rules)} house rules. Upgrade to ${PLAN_NAMES.pro} for unlimited rules.`;
/**
 * 402 PLAN_LIMIT: a rule edited while the household keeps more rules than its plan allows (after a downgrade): its
 * rules stay, read-only, until it is within the limit again. Deleting one is always allowed.
 */
export const rulesOverLimitMessage = (plan: PlanId, count: number) =>
  `This household has ${String(count)} house rules, more than ${PLAN_NAMES[plan]}'s ${String(PLAN_LIMITS[plan].rules)}: they are read-only until some are deleted or the household upgrades.`;
/** 402 PLAN_LIMIT: a Pro feature on Basic. */
export const featureNeedsProMessage = (feature: ProFeature) =>
  `${PRO_FEATURE_NAMES[feature]} ${feature === "exports" || feature === "appeals" ? "are" : "is"} part of ${PLAN_NAMES.pro}. Ask your household's admin to upgrade.`;
/** '4 of 5 flatmates on Basic'. */
export const seatsText = (plan: PlanId, members: number) =>
  `${String(members)} of ${String(PLAN_LIMITS[plan].members)} flatmates on ${PLAN_SHORT_NAMES[plan]}`;

/** 409: checkout for a household already on Pro, or the portal for one that never subscribed. */
export const ALREADY_PRO_MESSAGE = "This household is already on Housemate Pro.";
export const NO_SUBSCRIPTION_MESSAGE = "This household has no subscription to manage.";
/** 409: the household (its last member leaving, its deletion, its last member's account deletion) still pays for Pro. */
export const CANCEL_SUBSCRIPTION_FIRST_MESSAGE =
  "Cancel the household's Pro subscription first: Manage subscription on the household page.";
/** 503: plans are on but the payment provider could not be reached or refused the call. */
export const BILLING_UNAVAILABLE_MESSAGE = "Payments are not available right now. Please try again later.";
/** Query parameter the provider returns the admin to the settings page with: `?billing=success|cancelled`. */
export const BILLING_RETURN_PARAM = "billing";
