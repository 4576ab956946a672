import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { envelope } from "@housemate/contract";
import { databaseUnavailable } from "../../lib/errors.js";

const healthSchema = envelope(z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) }));

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/health", { schema: { response: { 200: healthSchema } } }, async () => {
    try {
      await app.database.ping();
    } catch {
      throw databaseUnavailable();
    }
    return { data: { status: "ok" as const, database: app.database.engine } };
  });
};

export default healthRoutes;
