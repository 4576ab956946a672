/**
 * The paid features a route belongs to (issue 20 builds them; issue 21 decides who gets them). A route names its
 * feature in its options (`config: { feature: "analytics" }`), so one plan check can later sit in front of every
 * such route without touching the routes themselves.
 */
export const PRO_FEATURES = ["activity-log", "analytics", "exports", "appeals"] as const;
export type ProFeature = (typeof PRO_FEATURES)[number];

declare module "fastify" {
  interface FastifyContextConfig {
    /** The paid feature this route serves; unset for everything SPEC describes. */
    feature?: ProFeature;
  }
}
