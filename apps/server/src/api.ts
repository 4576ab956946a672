import type { FastifyInstance } from "fastify";
import healthRoutes from "./features/health/routes.js";
import authRoutes from "./features/auth/routes.js";
import householdRoutes from "./features/households/routes.js";
import inviteRoutes from "./features/invites/routes.js";
import userRoutes from "./features/users/routes.js";
import notificationRoutes from "./features/notifications/routes.js";
import ruleRoutes from "./features/rules/routes.js";
import fineRoutes from "./features/fines/routes.js";
import fineLifecycleRoutes from "./features/fines/lifecycle-routes.js";
import balanceRoutes from "./features/balance/routes.js";
import storageRoutes from "./features/storage/routes.js";
import stickyNoteRoutes from "./features/sticky-notes/routes.js";
import statsRoutes from "./features/stats/routes.js";
import { sendNotFound } from "./plugins/errors.js";
import loadShedding from "./plugins/load-shedding.js";

/** Every JSON route, mounted under /api. One line per feature. */
export default async function api(app: FastifyInstance) {
  app.setNotFoundHandler(sendNotFound);
  await app.register(loadShedding, { maxInFlight: app.config.maxInFlight });
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(householdRoutes);
  await app.register(inviteRoutes);
  await app.register(userRoutes);
  await app.register(notificationRoutes);
  await app.register(ruleRoutes);
  await app.register(fineRoutes);
  await app.register(fineLifecycleRoutes);
  await app.register(balanceRoutes);
  await app.register(storageRoutes);
  await app.register(stickyNoteRoutes);
  await app.register(statsRoutes);
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
