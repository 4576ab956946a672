import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  createInviteResponse,
  envelope,
  idParams,
  INVITE_NEEDS_HOUSEHOLD_MESSAGE,
  inviteCodeParams,
  inviteDetailsSchema,
} from "@housemate/contract";
import { requireHousehold, requireMember } from "../../lib/access.js";
import { currentUser } from "../../plugins/auth.js";
import { createInvite, inviteDetails } from "./service.js";

/** SPEC §7 invites: members make links; anyone holding a link may read what it opens. */
const inviteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/households/:id/invites",
    {
      onRequest: [app.authenticate],
      schema: {
        security: [{ bearer: [] }],
        params: idParams,
        response: { 201: envelope(createInviteResponse) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      requireHousehold(user, INVITE_NEEDS_HOUSEHOLD_MESSAGE);
      const household = await requireMember(app.db, user, request.params.id);
      const invite = await createInvite(app.db, {
        householdId: household.id,
        createdBy: user.id,
        publicUrl: app.config.publicUrl,
        now: app.now(),
      });
      return reply
        .status(201)
        .send({ data: { inviteUrl: invite.inviteUrl, expires: invite.expires.toISOString() } });
    },
  );

  app.get(
    "/invites/:code",
    { schema: { params: inviteCodeParams, response: { 200: envelope(inviteDetailsSchema) } } },
    async (request) => ({ data: await inviteDetails(app.db, request.params.code, app.now()) }),
  );
};

export default inviteRoutes;
