import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { insightsApi } from "@housemate/contract";
import { requireMember } from "../../lib/access.js";
import { routeOptions } from "../../lib/route.js";
import { householdInsights } from "./service.js";

/** GET /households/{id}/insights: issue 20's analytics, for any member of the household (decision 043). */
const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOptions(insightsApi.getInsights),
    config: { feature: "analytics" },
    handler: async (request) => {
      const household = await requireMember(app.db, request.session, request.params.id);
      return { data: await householdInsights(app.db, household.id, request.query, app.now()) };
    },
  });
};

export default insightsRoutes;
