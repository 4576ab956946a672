/**
 * Issue 20's Insights: a household's fine analytics. Imported as the `insightsApi` namespace (index.ts), so a bundle
 * keeps only the endpoints it uses.
 */
import { envelope, idParams } from "./common.js";
import { defineEndpoint } from "./endpoint.js";
import { insightsQuery, insightsSchema } from "./insights.js";

export const getInsights = defineEndpoint({
  method: "GET",
  path: "/households/:id/insights",
  params: idParams,
  query: insightsQuery,
  response: envelope(insightsSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "PLAN_LIMIT"],
});
