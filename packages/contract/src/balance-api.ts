/**
 * SPEC §7 Balance: the fine fund, the sum of paid fines (DESIGN §3).
 * Imported as the `balanceApi` namespace (index.ts), so a bundle keeps only the endpoints it uses.
 */
import { balanceSchema, balanceStatsSchema } from "./balance.js";
import { envelope, idParams } from "./common.js";
import { defineEndpoint } from "./endpoint.js";

export const getBalance = defineEndpoint({
  method: "GET",
  path: "/balance/household/:id/balance",
  params: idParams,
  response: envelope(balanceSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const getBalanceStats = defineEndpoint({
  method: "GET",
  path: "/balance/household/:id/balance/stats",
  params: idParams,
  response: envelope(balanceStatsSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});
