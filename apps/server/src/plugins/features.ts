import type { FastifyInstance, FastifyRequest } from "fastify";
import { featureNeedsProMessage, planHasFeature, type ProFeature } from "@housemate/contract";
import { effectivePlan } from "../lib/effective-plan.js";
import { AppError } from "../lib/errors.js";

/**
 * The paid features a route belongs to (issue 20 built them; issue 21 decides who gets them, docs/decisions/046). A
 * route names its feature in its options (`config: { feature: "analytics" }`, one of the contract's PRO_FEATURES), and
 * the one hook below answers 402 PLAN_LIMIT in front of every such route when the household is on Basic.
 */
export type { ProFeature };

declare module "fastify" {
  interface FastifyContextConfig {
    /** The paid feature this route serves; unset for everything SPEC describes. */
    feature?: ProFeature;
  }
}

/** The household a feature route is about: its `:hid` (routes under a fine) or its `:id`. */
function householdIdOf(request: FastifyRequest): string | undefined {
  const params = request.params;
  if (typeof params !== "object" || params === null) return undefined;
  if ("hid" in params && typeof params.hid === "string") return params.hid;
  if ("id" in params && typeof params.id === "string") return params.id;
  return undefined;
}

/**
 * With PLANS=on, refuses a Pro feature to a member of a household on Basic. Only the caller's own household is judged,
 * as the session read it (no extra query): a signed-out person was already answered 401 by the session hook, and a
 * non-member, a former member or another household's member go on to the handler, which answers them 403 or 404 as
 * before plans existed, so the answer tells an outsider nothing about the household's plan.
 */
export function requireProFeatures(scope: FastifyInstance): void {
  if (scope.config.plans === null) return;
  scope.addHook("preHandler", async (request) => {
    const feature = request.routeOptions.config.feature;
    if (!feature) return;
    const household = request.session.household;
    if (!household || household.id !== householdIdOf(request)) return;
    if (!planHasFeature(effectivePlan(scope.config, household), feature))
      throw new AppError("PLAN_LIMIT", featureNeedsProMessage(feature));
  });
}
