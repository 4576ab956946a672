import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { balanceApi, NET_CHANGE_DAYS } from "@housemate/contract";
import { requireMember } from "../../lib/access.js";
import { fromMinor } from "../../lib/money.js";
import { routeOptions } from "../../lib/route.js";
import { fundBalanceMinor, fundStats } from "./queries.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * SPEC §7 Balance: the fine fund is the sum of its ledger (issue 17, docs/decisions/034): paid fines in, passed
 * proposals out, corrections reversing either.
 */
const balanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOptions(balanceApi.getBalance),
    handler: async (request) => {
      const household = await requireMember(app.db, request.session, request.params.id);
      return { data: { balance: fromMinor(await fundBalanceMinor(app.db, household.id)) } };
    },
  });

  app.route({
    ...routeOptions(balanceApi.getBalanceStats),
    handler: async (request) => {
      const household = await requireMember(app.db, request.session, request.params.id);
      const now = app.now();
      const since = new Date(now.getTime() - NET_CHANGE_DAYS * DAY_MS);
      return { data: await fundStats(app.db, household.id, since, now) };
    },
  });
};

export default balanceRoutes;
