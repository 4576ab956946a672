import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fundApi } from "@housemate/contract";
import { requireAdmin, requireMember } from "../../lib/access.js";
import { routeOptions } from "../../lib/route.js";
import { reverseEntry } from "./corrections.js";
import { transactionPage } from "./transactions.js";

/**
 * The fund's ledger (issue 17, docs/decisions/034): every member reads its history; an admin corrects an entry by
 * reversing it, with a reason.
 */
const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOptions(fundApi.listTransactions),
    handler: async (request) => {
      const household = await requireMember(app.db, request.session, request.params.id);
      return transactionPage(app.db, household.id, request.query);
    },
  });

  app.route({
    ...routeOptions(fundApi.reverseTransaction),
    handler: async (request, reply) => {
      const household = await requireAdmin(app.db, request.session, request.params.id);
      const correction = await reverseEntry(app.db, {
        householdId: household.id,
        entryId: request.params.transactionId,
        admin: request.session.user,
        reason: request.body.reason,
        now: app.now(),
      });
      return reply.status(201).send({ data: correction });
    },
  });
};

export default transactionRoutes;
