import { balanceSchema, balanceStatsSchema } from "./balance.js";
import { envelope, idParams } from "./common.js";
import { defineEndpoint } from "./endpoint.js";

/** SPEC §7 Balance: the fine fund, the sum of paid fines (DESIGN §3). */
export const balanceApi = {
  getBalance: defineEndpoint({
    method: "GET",
    path: "/balance/household/:id/balance",
    params: idParams,
    response: envelope(balanceSchema),
    auth: "session",
    errors: ["FORBIDDEN", "NOT_FOUND"],
  }),
  getBalanceStats: defineEndpoint({
    method: "GET",
    path: "/balance/household/:id/balance/stats",
    params: idParams,
    response: envelope(balanceStatsSchema),
    auth: "session",
    errors: ["FORBIDDEN", "NOT_FOUND"],
  }),
};
