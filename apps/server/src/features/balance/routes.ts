import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { balanceApi, NET_CHANGE_DAYS } from "@housemate/contract";
import { requireMember } from "../../lib/access.js";
import { fromMinor } from "../../lib/money.js";
import { routeOptions } from "../../lib/route.js";
import { paidTotalMinor } from "./queries.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** SPEC §7 Balance: the fine fund is the sum of paid fines (DESIGN §3); cancelled and unpaid ones never count. */
const balanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOptions(balanceApi.getBalance),
    handler: async (request) => {
      const household = await requireMember(app.db, request.session, request.params.id);
      return { data: { balance: fromMinor(await paidTotalMinor(app.db, household.id)) } };
    },
  });

  app.route({
    ...routeOptions(balanceApi.getBalanceStats),
    handler: async (request) => {
      const household = await requireMember(app.db, request.session, request.params.id);
      const since = new Date(app.now().getTime() - NET_CHANGE_DAYS * DAY_MS);
      const [recent, total] = await Promise.all([
        paidTotalMinor(app.db, household.id, since),
        paidTotalMinor(app.db, household.id),
      ]);
      return { data: { netChange: fromMinor(recent), totalIncome: fromMinor(total) } };
    },
  });
};

export default balanceRoutes;
