import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthApi } from "@housemate/contract";
import { databaseUnavailable, serverDegraded } from "../../lib/errors.js";
import { routeOptions } from "../../lib/route.js";

/**
 * 200 only while the server can take traffic: 503 in the error envelope while it sheds requests (details
 * `{ status: "degraded" }`, so a load balancer sends the traffic elsewhere) or while the database is down.
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOptions(healthApi.getHealth),
    handler: async () => {
      if (app.loadShedding.shedding) throw serverDegraded();
      try {
        await app.database.ping();
      } catch {
        throw databaseUnavailable();
      }
      return { data: { status: "ok" as const, database: app.database.engine } };
    },
  });
};

export default healthRoutes;
