import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { plansApi } from "@housemate/contract";
import { requireMember } from "../../lib/access.js";
import { routeOptions } from "../../lib/route.js";
import { appConfig, householdPlan } from "./service.js";

/** GET /config: public, before anyone signs in (the invite landing, the support form); it names no household. */
export const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = { data: appConfig(app.config) };
  app.route({ ...routeOptions(plansApi.getAppConfig), handler: async () => answer });
};

/** GET /households/{id}/plan: any member reads the household's plan, limits and usage (docs/decisions/046). */
const planRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOptions(plansApi.getHouseholdPlan),
    handler: async (request) => {
      const household = await requireMember(app.db, request.session, request.params.id);
      return { data: await householdPlan(app.db, app.config, household) };
    },
  });
};

export default planRoutes;
