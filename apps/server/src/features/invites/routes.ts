import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { INVITE_NEEDS_HOUSEHOLD_MESSAGE, invitesApi } from "@housemate/contract";
import { requireAdmin, requireHousehold, requireMember } from "../../lib/access.js";
import { routeOptions } from "../../lib/route.js";
import { presentHousehold } from "../households/presenter.js";
import { presentUser } from "../users/presenter.js";
import { createInvite, inviteDetails, joinByInvite, listInvites, revokeInvite } from "./service.js";

/**
 * SPEC §7 invites: members make links, and a signed-in person without a household may join through one
 * (decision 021). Mounted in the authenticated scope.
 */
const inviteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOptions(invitesApi.createInvite),
    handler: async (request, reply) => {
      requireHousehold(request.session, INVITE_NEEDS_HOUSEHOLD_MESSAGE);
      const household = await requireMember(app.db, request.session, request.params.id);
      const invite = await createInvite(app.db, {
        householdId: household.id,
        creator: request.session.user,
        publicUrl: app.config.publicUrl,
        now: app.now(),
      });
      return reply.status(201).send({ data: { inviteUrl: invite.inviteUrl, expires: invite.expires.toISOString() } });
    },
  });

  app.route({
    ...routeOptions(invitesApi.joinByInvite),
    handler: async (request) => {
      const { household, user } = await joinByInvite(app.db, {
        userId: request.session.user.id,
        code: request.params.code,
        displayName: request.body.display_name,
        publicUrl: app.config.publicUrl,
        now: app.now(),
        config: app.config,
      });
      return { data: { success: true as const, household: presentHousehold(household), user: presentUser(user) } };
    },
  });

  app.route({
    ...routeOptions(invitesApi.listInvites),
    handler: async (request) => {
      const household = await requireMember(app.db, request.session, request.params.id);
      return {
        data: await listInvites(app.db, { householdId: household.id, publicUrl: app.config.publicUrl, now: app.now() }),
      };
    },
  });

  app.route({
    ...routeOptions(invitesApi.revokeInvite),
    handler: async (request) => {
      const household = await requireAdmin(app.db, request.session, request.params.id);
      await revokeInvite(app.db, {
        householdId: household.id,
        adminId: request.session.user.id,
        inviteId: request.params.inviteId,
        now: app.now(),
      });
      return { data: { success: true as const } };
    },
  });
};

export default inviteRoutes;

/** Anyone holding an invite link may read what it opens, signed in or not: the link is the permission. */
export const inviteLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOptions(invitesApi.getInvite),
    handler: async (request) => ({
      data: await inviteDetails(app.db, request.params.code, app.now(), app.config),
    }),
  });
};
