import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  createHouseholdBody,
  envelope,
  householdSchema,
  idParams,
  joinHouseholdBody,
  joinHouseholdResponse,
  updateHouseholdBody,
} from "@housemate/contract";
import { requireAdmin, requireMember } from "../../lib/access.js";
import { forbidden } from "../../lib/errors.js";
import { presentHousehold } from "./presenter.js";
import { createHousehold, joinHousehold, rotateJoinCode, updateHousehold } from "./service.js";

const security = [{ bearer: [] }];

/**
 * SPEC §7 Households: create, read, join by ID; and the admin's settings for joining by ID (docs/decisions/020).
 * Invites live in features/invites.
 */
const householdRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/households",
    {
      schema: { security, body: createHouseholdBody, response: { 201: envelope(householdSchema) } },
    },
    async (request, reply) => {
      const user = request.session.user;
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
  );

  app.get(
    "/households/:id",
    {
      schema: { security, params: idParams, response: { 200: envelope(householdSchema) } },
    },
    async (request) => {
      const household = await requireMember(app.db, request.session, request.params.id);
      return { data: presentHousehold(household) };
    },
  );

  app.patch(
    "/households/:id",
    {
      schema: { security, params: idParams, body: updateHouseholdBody, response: { 200: envelope(householdSchema) } },
    },
    async (request) => {
      await requireAdmin(app.db, request.session, request.params.id);
      const household = await updateHousehold(app.db, { householdId: request.params.id, changes: request.body, now: app.now() });
      return { data: presentHousehold(household) };
    },
  );

  app.post(
    "/households/:id/join-code",
    {
      schema: { security, params: idParams, response: { 200: envelope(householdSchema) } },
    },
    async (request) => {
      await requireAdmin(app.db, request.session, request.params.id);
      const household = await rotateJoinCode(app.db, { householdId: request.params.id, now: app.now() });
      return { data: presentHousehold(household) };
    },
  );

  app.post(
    "/households/:id/join",
    {
      schema: { security, params: idParams, body: joinHouseholdBody, response: { 200: envelope(joinHouseholdResponse) } },
    },
    async (request) => {
      const user = request.session.user;
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
  );
};

export default householdRoutes;
