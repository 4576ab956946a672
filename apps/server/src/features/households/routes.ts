import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { householdsApi, MEMBER_NOT_FOUND_MESSAGE, type Departure } from "@housemate/contract";
import { requireAdmin, requireMember } from "../../lib/access.js";
import { forbidden, notFound } from "../../lib/errors.js";
import { fromMinor } from "../../lib/money.js";
import { routeOptions } from "../../lib/route.js";
import { removeStoredFiles } from "../storage/service.js";
import { presentUser } from "../users/presenter.js";
import type { Departed } from "./departure.js";
import { deleteHousehold, leaveHousehold } from "./leaving.js";
import { removeMember } from "./removal.js";
import { setMemberRole } from "./roles.js";
import { listHouseholdMembers } from "./members.js";
import { presentHousehold } from "./presenter.js";
import { createHousehold, joinHousehold, rotateJoinCode, updateHousehold } from "./service.js";

/**
 * SPEC §7 Households: create, read, join by ID; the admin's settings (docs/decisions/020); and the life of a
 * household: members, roles, leaving, removal, deletion (docs/decisions/032). Invites live in features/invites.
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
        adminId: request.session.user.id,
        changes: request.body,
        now: app.now(),
        publicUrl: app.config.publicUrl,
      });
      return { data: presentHousehold(household) };
    },
  });

  app.route({
    ...routeOptions(householdsApi.rotateJoinCode),
    handler: async (request) => {
      await requireAdmin(app.db, request.session, request.params.id);
      const household = await rotateJoinCode(app.db, {
        householdId: request.params.id,
        adminId: request.session.user.id,
        now: app.now(),
      });
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
        config: app.config,
      });
      return { data: { success: true as const, household: presentHousehold(household) } };
    },
  });

  app.route({
    ...routeOptions(householdsApi.listHouseholdMembers),
    handler: async (request) => {
      const household = await requireMember(app.db, request.session, request.params.id);
      return { data: await listHouseholdMembers(app.db, household.id) };
    },
  });

  app.route({
    ...routeOptions(householdsApi.setMemberRole),
    handler: async (request) => {
      const { id, userId } = request.params;
      await requireAdmin(app.db, request.session, id);
      await setMemberRole(app.db, {
        householdId: id,
        adminId: request.session.user.id,
        memberId: userId,
        isAdmin: request.body.is_admin,
        now: app.now(),
        publicUrl: app.config.publicUrl,
      });
      const [member] = await listHouseholdMembers(app.db, id, userId);
      if (!member) throw notFound(MEMBER_NOT_FOUND_MESSAGE);
      return { data: member };
    },
  });

  app.route({
    ...routeOptions(householdsApi.removeMember),
    handler: async (request) => {
      const { id, userId } = request.params;
      await requireAdmin(app.db, request.session, id);
      const departed = await removeMember(app.db, {
        householdId: id,
        adminId: request.session.user.id,
        memberId: userId,
        reason: request.body.reason,
        now: app.now(),
        publicUrl: app.config.publicUrl,
      });
      return { data: presentDeparture(departed) };
    },
  });

  app.route({
    ...routeOptions(householdsApi.leaveHousehold),
    handler: async (request) => {
      const household = await requireMember(app.db, request.session, request.params.id);
      const left = await leaveHousehold(app.db, {
        householdId: household.id,
        userId: request.session.user.id,
        confirmations: request.body,
        now: app.now(),
        publicUrl: app.config.publicUrl,
      });
      await removeStoredFiles(app.files, left.filesToRemove, request.log);
      return {
        data: { ...presentDeparture(left), household_deleted: left.householdDeleted, user: presentUser(left.user) },
      };
    },
  });

  app.route({
    ...routeOptions(householdsApi.deleteHousehold),
    handler: async (request) => {
      const household = await requireAdmin(app.db, request.session, request.params.id);
      const { user, filesToRemove } = await deleteHousehold(app.db, {
        householdId: household.id,
        adminId: request.session.user.id,
        now: app.now(),
        publicUrl: app.config.publicUrl,
      });
      await removeStoredFiles(app.files, filesToRemove, request.log);
      return { data: { success: true as const, user: presentUser(user) } };
    },
  });
};

function presentDeparture(departed: Departed): Departure {
  return {
    user_id: departed.userId,
    fines_written_off: departed.finesWrittenOff,
    amount_written_off: fromMinor(departed.amountWrittenOffMinor),
    disputes_handed_over: departed.disputesHandedOver,
    disputes_handed_to: departed.disputesHandedTo,
  };
}

export default householdRoutes;
