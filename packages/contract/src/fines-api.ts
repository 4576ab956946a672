/**
 * SPEC §7 Fines: paged lists (decision 022), issuing, the issuer's edit, and the lifecycle (DESIGN §3 Fines).
 * Imported as the `finesApi` namespace (index.ts), so a bundle keeps only the endpoints it uses.
 */
import { z } from "zod";
import { envelope, idParams, idSchema } from "./common.js";
import { defineEndpoint } from "./endpoint.js";
import {
  createFineBody,
  disputeBody,
  disputePathParams,
  disputeResponse,
  disputeSchema,
  fineEditListSchema,
  finePageSchema,
  finePathParams,
  fineSchema,
  finesPageQuery,
  payResponse,
  reviewBody,
  reviewResponse,
  updateFineBody,
} from "./fines.js";

export const listFines = defineEndpoint({
  method: "GET",
  path: "/fines",
  query: finesPageQuery,
  response: finePageSchema,
  auth: "session",
  errors: ["FORBIDDEN"],
});

export const listFinesOfOffender = defineEndpoint({
  method: "GET",
  path: "/fines/user/:offenderId",
  params: z.object({ offenderId: idSchema }),
  query: finesPageQuery,
  response: finePageSchema,
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const listHouseholdFines = defineEndpoint({
  method: "GET",
  path: "/fines/household/:householdId",
  params: z.object({ householdId: idSchema }),
  query: finesPageQuery,
  response: finePageSchema,
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const createFine = defineEndpoint({
  method: "POST",
  path: "/fines",
  body: createFineBody,
  status: 201,
  response: envelope(fineSchema),
  auth: "session",
  // CONFLICT: the person fined is away (issue 22, values/away.ts).
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const updateFine = defineEndpoint({
  method: "PATCH",
  path: "/fines/:id",
  params: idParams,
  body: updateFineBody,
  response: envelope(fineSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const payFine = defineEndpoint({
  method: "PUT",
  path: "/fines/household/:hid/fines/:fid/pay",
  params: finePathParams,
  response: envelope(payResponse),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const disputeFine = defineEndpoint({
  method: "POST",
  path: "/fines/household/:hid/fines/:fid/disputes",
  params: finePathParams,
  body: disputeBody,
  status: 201,
  response: envelope(disputeResponse),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const reviewDispute = defineEndpoint({
  method: "PUT",
  path: "/fines/household/:hid/fines/:fid/disputes/:did",
  params: disputePathParams,
  body: reviewBody,
  response: envelope(reviewResponse),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

/**
 * One fine of the household, whatever its status (a cancelled or written-off fine too): what the Activity page's links
 * open (issue 20), so a fine is not searched for through the paged lists.
 */
export const getFine = defineEndpoint({
  method: "GET",
  path: "/fines/household/:hid/fines/:fid",
  params: finePathParams,
  response: envelope(fineSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const getFineDispute = defineEndpoint({
  method: "GET",
  path: "/fines/household/:hid/fines/:fid/dispute",
  params: finePathParams,
  response: envelope(disputeSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const listFineEdits = defineEndpoint({
  method: "GET",
  path: "/fines/household/:hid/fines/:fid/edits",
  params: finePathParams,
  response: envelope(fineEditListSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});
