import type { FastifyInstance } from "fastify";
import healthRoutes from "./features/health/routes.js";
import { sendNotFound } from "./plugins/errors.js";

/** Every JSON route, mounted under /api. One line per feature. */
export default async function api(app: FastifyInstance) {
  app.setNotFoundHandler(sendNotFound);
  await app.register(healthRoutes);
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
