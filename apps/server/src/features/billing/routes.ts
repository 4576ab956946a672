import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { plansApi } from "@housemate/contract";
import { requireAdmin } from "../../lib/access.js";
import { notFound } from "../../lib/errors.js";
import { routeOptions } from "../../lib/route.js";
import type { BillingProvider } from "./provider.js";
import { openPortal, receiveEvent, startCheckout } from "./service.js";

/** The provider the routes call; null with PLANS=off, when every billing route is 404. */
export interface BillingRoutesOptions {
  provider: BillingProvider | null;
}

/** Stripe's events are small (a few kB); 1 MiB leaves room for any it may send and stops a flood early. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** Issue 21: the household admin's way to Stripe's Checkout and customer portal (docs/decisions/048). */
export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (app, { provider }) => {
  app.route({
    ...routeOptions(plansApi.startCheckout),
    handler: async (request) => {
      const household = await requireAdmin(app.db, request.session, request.params.id);
      if (!provider) throw notFound();
      const url = await startCheckout(app.db, provider, {
        household,
        adminEmail: request.session.user.email,
        publicUrl: app.config.publicUrl,
        log: request.log,
      });
      return { data: { url } };
    },
  });

  app.route({
    ...routeOptions(plansApi.openBillingPortal),
    handler: async (request) => {
      const household = await requireAdmin(app.db, request.session, request.params.id);
      if (!provider) throw notFound();
      const url = await openPortal(provider, { household, publicUrl: app.config.publicUrl, log: request.log });
      return { data: { url } };
    },
  });
};

/**
 * Stripe's webhook: public (Stripe has no session; its signature is the proof), and read as the raw bytes Stripe
 * signed, in this scope only: the rest of the API keeps its JSON parser and 64 KB limit (app.ts).
 */
export const billingWebhookRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (app, { provider }) => {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => {
    done(null, body);
  });

  app.route({
    ...routeOptions(plansApi.receiveStripeWebhook),
    bodyLimit: WEBHOOK_BODY_LIMIT,
    handler: async (request) => {
      if (!provider) throw notFound();
      const signature = request.headers["stripe-signature"];
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { duplicate } = await receiveEvent(app.db, provider, {
        rawBody,
        signature: typeof signature === "string" ? signature : undefined,
        now: app.now(),
        publicUrl: app.config.publicUrl,
        log: request.log,
      });
      return { received: true as const, duplicate };
    },
  });
};
