import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { activityApi } from "@housemate/contract";
import { requireMember } from "../../lib/access.js";
import { routeOptions } from "../../lib/route.js";
import { listActivity } from "./queries.js";

/** The household's activity log (issue 20, docs/decisions/042): any current member reads it; nobody writes it here. */
const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOptions(activityApi.listActivity),
    config: { feature: "activity-log" },
    handler: async (request) => {
      const household = await requireMember(app.db, request.session, request.params.id);
      return listActivity(app.db, household.id, request.query, request.log);
    },
  });
};

export default activityRoutes;
