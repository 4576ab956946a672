import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { usersApi } from "@housemate/contract";
import { forbidden } from "../../lib/errors.js";
import { routeOptions } from "../../lib/route.js";
import { NO_STATS, userStats } from "./queries.js";

/**
 * GET /users/{id}/stats: the Profile 'Statistics' tab (SPEC §2). Only the signed-in person's own
 * figures; any other id is 403 whether or not it exists, so the route reveals nobody.
 */
const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOptions(usersApi.getUserStats),
    handler: async (request) => {
      const { user } = request.session;
      if (request.params.id !== user.id) throw forbidden();
      if (!user.householdId) return { data: NO_STATS };
      return { data: await userStats(app.db, { userId: user.id, householdId: user.householdId }) };
    },
  });
};

export default statsRoutes;
