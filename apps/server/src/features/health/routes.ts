import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { envelope, errorBodySchema } from "@housemate/contract";
import { databaseUnavailable, serverDegraded } from "../../lib/errors.js";

const healthSchema = envelope(z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) }));

/**
 * 200 only while the server can take traffic: 503 in the error envelope while it sheds requests (details
 * `{ status: "degraded" }`, so a load balancer sends the traffic elsewhere) or while the database is down.
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/health", { schema: { response: { 200: healthSchema, 503: errorBodySchema } } }, async () => {
    if (app.loadShedding.shedding) throw serverDegraded();
    try {
      await app.database.ping();
    } catch {
      throw databaseUnavailable();
    }
    return { data: { status: "ok" as const, database: app.database.engine } };
  });
};

export default healthRoutes;
