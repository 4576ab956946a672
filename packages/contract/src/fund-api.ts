/**
 * The fine fund's ledger and spending proposals (issue 17, docs/decisions/034), beside SPEC §7's balance and stats
 * (balance-api.ts). Imported as the `fundApi` namespace (index.ts), so a bundle keeps only the endpoints it uses.
 */
import { envelope, idParams } from "./common.js";
import { defineEndpoint } from "./endpoint.js";
import {
  createProposalBody,
  proposalListSchema,
  proposalParams,
  proposalSchema,
  proposalsQuery,
  reverseTransactionBody,
  transactionPageSchema,
  transactionParams,
  transactionSchema,
  transactionsQuery,
  voteBody,
} from "./fund.js";

export const listTransactions = defineEndpoint({
  method: "GET",
  path: "/balance/household/:id/transactions",
  params: idParams,
  query: transactionsQuery,
  response: transactionPageSchema,
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const reverseTransaction = defineEndpoint({
  method: "POST",
  path: "/balance/household/:id/transactions/:transactionId/reverse",
  params: transactionParams,
  body: reverseTransactionBody,
  status: 201,
  response: envelope(transactionSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const listProposals = defineEndpoint({
  method: "GET",
  path: "/balance/household/:id/proposals",
  params: idParams,
  query: proposalsQuery,
  response: envelope(proposalListSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const createProposal = defineEndpoint({
  method: "POST",
  path: "/balance/household/:id/proposals",
  params: idParams,
  body: createProposalBody,
  status: 201,
  response: envelope(proposalSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const voteOnProposal = defineEndpoint({
  method: "PUT",
  path: "/balance/household/:id/proposals/:proposalId/vote",
  params: proposalParams,
  body: voteBody,
  response: envelope(proposalSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const withdrawProposal = defineEndpoint({
  method: "POST",
  path: "/balance/household/:id/proposals/:proposalId/withdraw",
  params: proposalParams,
  response: envelope(proposalSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});
