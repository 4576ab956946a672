import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { insightsApi } from "@housemate/contract";
import { requireMember } from "../../lib/access.js";
import { routeOptions } from "../../lib/route.js";
import { FiguresCache } from "./figures-cache.js";
import { householdInsights, type FineFigures } from "./service.js";

/** GET /households/{id}/insights: issue 20's analytics, for any member of the household (decision 043). */
const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new FiguresCache<FineFigures>();
  app.route({
    ...routeOptions(insightsApi.getInsights),
    config: { feature: "analytics" },
    handler: async (request) => {
      const household = await requireMember(app.db, request.session, request.params.id);
      return { data: await householdInsights(app.db, cache, household, request.query, app.now()) };
    },
  });
};

export default insightsRoutes;
