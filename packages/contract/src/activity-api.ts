/**
 * The household's activity log (issue 20, docs/decisions/042). Imported as the `activityApi` namespace (index.ts), so
 * a bundle keeps only the endpoints it uses.
 */
import { activityPageSchema, activityQuery } from "./activity.js";
import { idParams } from "./common.js";
import { defineEndpoint } from "./endpoint.js";

/** The log, newest first: every member may read it; a former member or another household's member may not. */
export const listActivity = defineEndpoint({
  method: "GET",
  path: "/households/:id/activity",
  params: idParams,
  query: activityQuery,
  response: activityPageSchema,
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "PLAN_LIMIT"],
});
