import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fundApi } from "@housemate/contract";
import { requireMember, type Actor } from "../../lib/access.js";
import { routeOptions } from "../../lib/route.js";
import type { Session } from "../../plugins/auth.js";
import { expireDueProposals } from "./deciding.js";
import { createProposal, listProposals, voteOnProposal, withdrawProposal } from "./service.js";

/** How often each instance fails the proposals past their closing time (the list fails its own before it reads). */
const EXPIRY_SWEEP_MS = 60_000;

/** Spending the fine fund together (issue 17, docs/decisions/034): members propose, vote, and withdraw their own. */
const proposalRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorOf = async (request: { session: Session; params: { id: string } }): Promise<Actor> => ({
    user: request.session.user,
    household: await requireMember(app.db, request.session, request.params.id),
    now: app.now(),
    publicUrl: app.config.publicUrl,
  });

  app.route({
    ...routeOptions(fundApi.listProposals),
    handler: async (request) => ({ data: await listProposals(app.db, await actorOf(request), request.query.status) }),
  });

  app.route({
    ...routeOptions(fundApi.createProposal),
    handler: async (request, reply) => {
      const proposal = await createProposal(app.db, await actorOf(request), request.body);
      return reply.status(201).send({ data: proposal });
    },
  });

  app.route({
    ...routeOptions(fundApi.voteOnProposal),
    handler: async (request) => ({
      data: await voteOnProposal(app.db, await actorOf(request), request.params.proposalId, request.body.vote),
    }),
  });

  app.route({
    ...routeOptions(fundApi.withdrawProposal),
    handler: async (request) => ({
      data: await withdrawProposal(app.db, await actorOf(request), request.params.proposalId),
    }),
  });

  // Every instance sweeps: the expiry's update is conditional on the proposal still being open, so each is failed once.
  const timer = setInterval(() => {
    expireDueProposals(app.db, {
      now: app.now(),
      publicUrl: app.config.publicUrl,
      onFailure: (error, householdId) =>
        app.log.error({ err: error, householdId }, "spending proposal expiry failed for one household"),
    }).catch((error: unknown) => app.log.error({ err: error }, "spending proposal expiry sweep failed"));
  }, EXPIRY_SWEEP_MS);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
};

export default proposalRoutes;
