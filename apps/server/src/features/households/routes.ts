import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { householdsApi } from "@housemate/contract";
import { requireAdmin, requireMember } from "../../lib/access.js";
import { forbidden } from "../../lib/errors.js";
import { routeOptions } from "../../lib/route.js";
import { presentHousehold } from "./presenter.js";
import { createHousehold, joinHousehold, rotateJoinCode, updateHousehold } from "./service.js";

/**
 * SPEC §7 Households: create, read, join by ID; and the admin's settings for joining by ID (docs/decisions/020).
 * Invites live in features/invites.
 */
const householdRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOptions(householdsApi.createHousehold),
    handler: async (request, reply) => {
      const { user } = request.session;
      const { name, created_by, iso_4217_code } = request.body;
      // SPEC's client sends its own id as created_by; nobody creates a household in someone else's name.
      if (created_by !== undefined && created_by !== user.id) throw forbidden();

      const household = await createHousehold(app.db, {
        creatorId: user.id,
        name,
        currency: iso_4217_code,
        publicUrl: app.config.publicUrl,
        now: app.now(),
      });
      return reply.status(201).send({ data: presentHousehold(household) });
    },
  });

  app.route({
    ...routeOptions(householdsApi.getHousehold),
    handler: async (request) => {
      const household = await requireMember(app.db, request.session, request.params.id);
      return { data: presentHousehold(household) };
    },
  });

  app.route({
    ...routeOptions(householdsApi.updateHousehold),
    handler: async (request) => {
      await requireAdmin(app.db, request.session, request.params.id);
      const household = await updateHousehold(app.db, {
        householdId: request.params.id,
        changes: request.body,
        now: app.now(),
      });
      return { data: presentHousehold(household) };
    },
  });

  app.route({
    ...routeOptions(householdsApi.rotateJoinCode),
    handler: async (request) => {
      await requireAdmin(app.db, request.session, request.params.id);
      const household = await rotateJoinCode(app.db, { householdId: request.params.id, now: app.now() });
      return { data: presentHousehold(household) };
    },
  });

  app.route({
    ...routeOptions(householdsApi.joinHousehold),
    handler: async (request) => {
      const { user } = request.session;
      const userId = request.body.user_id;
      if (userId !== undefined && userId !== user.id) throw forbidden();

      const household = await joinHousehold(app.db, {
        userId: user.id,
        joinCode: request.params.id,
        publicUrl: app.config.publicUrl,
        now: app.now(),
      });
      return { data: { success: true as const, household: presentHousehold(household) } };
    },
  });
};

export default householdRoutes;
