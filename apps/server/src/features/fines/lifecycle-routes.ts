import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { finesApi } from "@housemate/contract";
import { requireMember } from "../../lib/access.js";
import { forbidden, notFound } from "../../lib/errors.js";
import { routeOptions } from "../../lib/route.js";
import { disputeFine, fineInHousehold, payFine, reviewDispute } from "./lifecycle.js";
import { reviewerOf } from "./presenter.js";
import { presentDispute, presentFine, presentFineEdit } from "./presenter.js";
import { latestDispute, listFineEdits } from "./queries.js";
import { ONLY_PARTIES_SEE_DISPUTE } from "./transitions.js";

/** SPEC §7's lifecycle calls under /fines/household/{hid}/fines/{fid}/… (DESIGN §3 Fines). */
const fineLifecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The caller, who must be a member of the household in the path, with that household. */
  async function actorIn(request: FastifyRequest, householdId: string) {
    const household = await requireMember(app.db, request.session, householdId);
    return { user: request.session.user, household, now: app.now(), publicUrl: app.config.publicUrl };
  }

  app.route({
    ...routeOptions(finesApi.payFine),
    handler: async (request) => {
      const actor = await actorIn(request, request.params.hid);
      const { fine } = await payFine(app.db, actor, request.params.fid);
      return { data: { success: true as const, fine: presentFine(fine, actor.publicUrl) } };
    },
  });

  app.route({
    ...routeOptions(finesApi.disputeFine),
    handler: async (request, reply) => {
      const actor = await actorIn(request, request.params.hid);
      const { fine, dispute } = await disputeFine(app.db, actor, request.params.fid, request.body.reason);
      return reply
        .status(201)
        .send({ data: { fine: presentFine(fine, actor.publicUrl), dispute: presentDispute(dispute) } });
    },
  });

  app.route({
    ...routeOptions(finesApi.reviewDispute),
    handler: async (request) => {
      const actor = await actorIn(request, request.params.hid);
      const { fid, did } = request.params;
      const { fine, dispute } = await reviewDispute(app.db, actor, fid, did, request.body);
      // An accepted dispute cancels the fine, and cancelled fines are never shown.
      const shown = fine.status === "cancelled" ? null : presentFine(fine, actor.publicUrl);
      return { data: { fine: shown, dispute: presentDispute(dispute) } };
    },
  });

  /**
   * One fine, whatever its status (a cancelled one too: the log's links open any fine it names), for any member of
   * the household; another household's fine is not found, as its neighbours answer.
   */
  app.route({
    ...routeOptions(finesApi.getFine),
    handler: async (request) => {
      const { household, publicUrl } = await actorIn(request, request.params.hid);
      const fine = await fineInHousehold(app.db, household.id, request.params.fid);
      return { data: presentFine(fine, publicUrl) };
    },
  });

  app.route({
    ...routeOptions(finesApi.getFineDispute),
    handler: async (request) => {
      const { user, household } = await actorIn(request, request.params.hid);
      const fine = await fineInHousehold(app.db, household.id, request.params.fid);
      const parties = [fine.createdBy, fine.offenderId, reviewerOf(fine)];
      if (!parties.includes(user.id)) throw forbidden(ONLY_PARTIES_SEE_DISPUTE);
      const dispute = await latestDispute(app.db, fine.id);
      if (!dispute) throw notFound("This fine has not been disputed.");
      return { data: presentDispute(dispute) };
    },
  });

  /** The issuer's changes to the fine, oldest first: any member sees the fine, so any member sees how it changed. */
  app.route({
    ...routeOptions(finesApi.listFineEdits),
    handler: async (request) => {
      const { household } = await actorIn(request, request.params.hid);
      const fine = await fineInHousehold(app.db, household.id, request.params.fid);
      return { data: (await listFineEdits(app.db, fine.id)).map(presentFineEdit) };
    },
  });
};

export default fineLifecycleRoutes;
