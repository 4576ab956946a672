import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appealsApi } from "@housemate/contract";
import { effectivePlan } from "../../lib/effective-plan.js";
import { requireMember, type Actor } from "../../lib/access.js";
import { routeOptions } from "../../lib/route.js";
import type { Session } from "../../plugins/auth.js";
import { expireDueAppeals } from "./closing.js";
import { getAppeal, listOpenAppeals, openAppeal, voteOnAppeal } from "./service.js";

/** How often each instance closes the appeals past their closing time (reads and votes close their own first). */
const EXPIRY_SWEEP_MS = 60_000;

/** Appeals (issue 21, docs/decisions/047): the person fined asks the house, which votes and decides. */
const appealRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorIn = async (session: Session, householdId: string): Promise<Actor> => ({
    user: session.user,
    household: await requireMember(app.db, session, householdId),
    now: app.now(),
    publicUrl: app.config.publicUrl,
  });

  app.route({
    ...routeOptions(appealsApi.openAppeal),
    // A Pro feature: the plans' hook refuses it on Basic (402) before the handler runs.
    config: { feature: "appeals" },
    handler: async (request, reply) => {
      const actor = await actorIn(request.session, request.params.hid);
      const data = await openAppeal(app.db, actor, {
        fineId: request.params.fid,
        reason: request.body.reason,
        plan: effectivePlan(app.config, actor.household),
      });
      return reply.status(201).send({ data });
    },
  });

  app.route({
    ...routeOptions(appealsApi.getAppeal),
    handler: async (request) => ({
      data: await getAppeal(app.db, await actorIn(request.session, request.params.hid), request.params.fid),
    }),
  });

  app.route({
    ...routeOptions(appealsApi.voteOnAppeal),
    handler: async (request, reply) => {
      const actor = await actorIn(request.session, request.params.hid);
      const data = await voteOnAppeal(app.db, actor, request.params.fid, request.body.vote);
      return reply.status(201).send({ data });
    },
  });

  app.route({
    ...routeOptions(appealsApi.listOpenAppeals),
    handler: async (request) => ({
      data: await listOpenAppeals(app.db, await actorIn(request.session, request.params.id)),
    }),
  });

  // Every instance sweeps: the close is conditional on the appeal still being open, so each is decided once.
  const timer = setInterval(() => {
    expireDueAppeals(app.db, {
      now: app.now(),
      publicUrl: app.config.publicUrl,
      onFailure: (error, householdId) =>
        app.log.error({ err: error, householdId }, "appeal expiry failed for one household"),
    }).catch((error: unknown) => app.log.error({ err: error }, "appeal expiry sweep failed"));
  }, EXPIRY_SWEEP_MS);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
};

export default appealRoutes;
