import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { rulesApi } from "@housemate/contract";
import { requireMember } from "../../lib/access.js";
import { notFound } from "../../lib/errors.js";
import { routeOptions } from "../../lib/route.js";
import { presentRule } from "./presenter.js";
import { findRule, listRules } from "./queries.js";
import { createRule, deleteRule, RULE_NOT_FOUND_MESSAGE, updateRule } from "./service.js";

/** SPEC §7 Rules: any member may read, create, edit and delete the household's rules (SPEC §6). */
const ruleRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The rule (404 when unknown or deleted), its household and the caller, who must be a member (403). */
  async function ruleForMember(request: FastifyRequest, ruleId: string) {
    const rule = await findRule(app.db, ruleId);
    if (!rule) throw notFound(RULE_NOT_FOUND_MESSAGE);
    const household = await requireMember(app.db, request.session, rule.householdId);
    return { user: request.session.user, rule, household };
  }

  app.route({
    ...routeOptions(rulesApi.listRules),
    handler: async (request) => {
      const household = await requireMember(app.db, request.session, request.params.id);
      const rows = await listRules(app.db, household.id);
      return { data: rows.map(presentRule) };
    },
  });

  app.route({
    ...routeOptions(rulesApi.getRule),
    handler: async (request) => {
      const { rule } = await ruleForMember(request, request.params.id);
      return { data: presentRule(rule) };
    },
  });

  app.route({
    ...routeOptions(rulesApi.createRule),
    handler: async (request, reply) => {
      const { household_id, ...fields } = request.body;
      const household = await requireMember(app.db, request.session, household_id);
      const context = {
        author: request.session.user,
        household,
        now: app.now(),
        publicUrl: app.config.publicUrl,
        config: app.config,
      };
      const rule = await createRule(app.db, context, fields);
      return reply.status(201).send({ data: presentRule(rule) });
    },
  });

  app.route({
    ...routeOptions(rulesApi.updateRule),
    handler: async (request) => {
      const { user, household } = await ruleForMember(request, request.params.id);
      const context = { author: user, household, now: app.now(), publicUrl: app.config.publicUrl, config: app.config };
      const rule = await updateRule(app.db, context, request.params.id, request.body);
      return { data: presentRule(rule) };
    },
  });

  app.route({
    ...routeOptions(rulesApi.deleteRule),
    handler: async (request) => {
      const { user, household } = await ruleForMember(request, request.params.id);
      const context = { author: user, household, now: app.now(), publicUrl: app.config.publicUrl, config: app.config };
      await deleteRule(app.db, context, request.params.id);
      return { data: { success: true as const } };
    },
  });
};

export default ruleRoutes;
