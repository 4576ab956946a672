import type { FastifyInstance } from "fastify";
import healthRoutes from "./features/health/routes.js";
import householdRoutes from "./features/households/routes.js";
import inviteRoutes from "./features/invites/routes.js";
import userRoutes from "./features/users/routes.js";
import notificationRoutes from "./features/notifications/routes.js";
import { sendNotFound } from "./plugins/errors.js";

/** Every JSON route, mounted under /api. One line per feature. */
export default async function api(app: FastifyInstance) {
  app.setNotFoundHandler(sendNotFound);
  await app.register(healthRoutes);
  await app.register(householdRoutes);
  await app.register(inviteRoutes);
  await app.register(userRoutes);
  await app.register(notificationRoutes);
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
