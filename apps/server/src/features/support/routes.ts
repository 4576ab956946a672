import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SUPPORT_OFF_MESSAGE, supportApi } from "@housemate/contract";
import { notFound } from "../../lib/errors.js";
import { routeOptions } from "../../lib/route.js";
import { effectivePlan } from "../../lib/effective-plan.js";
import { appConfig } from "../plans/service.js";
import { sendSupportMessage } from "./service.js";

/**
 * 'Contact support' (issue 21): any signed-in person, with a household or without, writes to SUPPORT_EMAIL. It changes
 * nothing in a household, so it writes no activity entry. With SUPPORT_EMAIL unset there is nobody to write to: 404.
 */
const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOptions(supportApi.sendSupportMessage),
    handler: async (request, reply) => {
      const { supportEmail } = app.config;
      if (!supportEmail) throw notFound(SUPPORT_OFF_MESSAGE);
      const { user, household } = request.session;
      const { priority } = await sendSupportMessage(app.db, {
        senderId: user.id,
        supportEmail,
        sender: { displayName: user.displayName, email: user.email },
        household: household && { id: household.id, name: household.name, plan: effectivePlan(app.config, household) },
        // The version GET /config reports, so the mail and the app agree.
        version: appConfig(app.config).version,
        subject: request.body.subject,
        message: request.body.message,
        now: app.now(),
      });
      return reply.status(201).send({ data: { success: true as const, priority } });
    },
  });
};

export default supportRoutes;
