import type { FastifyInstance } from "fastify";
import healthRoutes from "./features/health/routes.js";
import { signInRoutes, sessionRoutes } from "./features/auth/routes.js";
import householdRoutes from "./features/households/routes.js";
import inviteRoutes, { inviteLinkRoutes } from "./features/invites/routes.js";
import userRoutes from "./features/users/routes.js";
import notificationRoutes from "./features/notifications/routes.js";
import pushRoutes from "./features/notifications/push/routes.js";
import ruleRoutes from "./features/rules/routes.js";
import fineRoutes from "./features/fines/routes.js";
import fineLifecycleRoutes from "./features/fines/lifecycle-routes.js";
import transactionRoutes from "./features/balance/transaction-routes.js";
import balanceRoutes from "./features/balance/routes.js";
import proposalRoutes from "./features/proposals/routes.js";
import storageRoutes from "./features/storage/routes.js";
import stickyNoteRoutes from "./features/sticky-notes/routes.js";
import statsRoutes from "./features/stats/routes.js";
import activityRoutes from "./features/activity/routes.js";
import insightsRoutes from "./features/insights/routes.js";
import exportRoutes from "./features/exports/routes.js";
import { billingRoutes, billingWebhookRoutes } from "./features/billing/routes.js";
import { stripeProvider } from "./features/billing/stripe-provider.js";
import planRoutes, { appConfigRoutes } from "./features/plans/routes.js";
import appealRoutes from "./features/appeals/routes.js";
import supportRoutes from "./features/support/routes.js";
import unsubscribeRoutes from "./features/mail-unsubscribe/routes.js";
import { allowAnyone, requireSession } from "./plugins/auth.js";
import { sendNotFound } from "./plugins/errors.js";
import { requireProFeatures } from "./plugins/features.js";
import loadShedding from "./plugins/load-shedding.js";

/**
 * Every JSON route, mounted under /api, in two scopes: the few anyone may call, and the authenticated scope, whose
 * one hook sets `request.session` before any of its routes runs. A route needing a session goes in the second;
 * test/session-scope.test.ts fails for a route in neither, and an endpoint whose contract `auth` says otherwise than
 * its scope stops the server at boot.
 */
export default async function api(app: FastifyInstance) {
  app.setNotFoundHandler(sendNotFound);
  await app.register(loadShedding, { maxInFlight: app.config.maxInFlight });
  // Issue 21: one payment provider client for the app, none with PLANS=off (docs/decisions/048).
  const billing = { provider: app.config.plans ? stripeProvider(app.config.plans.stripe) : null };

  await app.register(async function publicScope(scope) {
    allowAnyone(scope);
    await scope.register(healthRoutes);
    await scope.register(signInRoutes);
    await scope.register(inviteLinkRoutes);
    await scope.register(billingWebhookRoutes, billing);
    await scope.register(appConfigRoutes);
    await scope.register(unsubscribeRoutes);
    scope.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  });

  await app.register(async function authenticatedScope(scope) {
    requireSession(scope);
    requireProFeatures(scope);
    await scope.register(sessionRoutes);
    await scope.register(householdRoutes);
    await scope.register(inviteRoutes);
    await scope.register(userRoutes);
    await scope.register(notificationRoutes);
    await scope.register(pushRoutes);
    await scope.register(ruleRoutes);
    await scope.register(fineRoutes);
    await scope.register(fineLifecycleRoutes);
    await scope.register(transactionRoutes);
    await scope.register(balanceRoutes);
    await scope.register(proposalRoutes);
    await scope.register(storageRoutes);
    await scope.register(stickyNoteRoutes);
    await scope.register(statsRoutes);
    await scope.register(activityRoutes);
    await scope.register(insightsRoutes);
    await scope.register(exportRoutes);
    await scope.register(billingRoutes, billing);
    await scope.register(planRoutes);
    await scope.register(appealRoutes);
    await scope.register(supportRoutes);
  });
}
