/**
 * Appeals (issue 21, docs/decisions/047): the house decides a declined dispute.
 * Imported as the `appealsApi` namespace (index.ts), so a bundle keeps only the endpoints it uses.
 */
import { envelope, idParams } from "./common.js";
import { appealVoteBody, appealWithFineSchema, appealSchema, openAppealBody, openAppealsSchema } from "./appeals.js";
import { defineEndpoint } from "./endpoint.js";
import { finePathParams } from "./fines.js";

/** The person fined, within the window, once; Pro (PLAN_LIMIT on Basic); 409 with fewer than three members. */
export const openAppeal = defineEndpoint({
  method: "POST",
  path: "/fines/household/:hid/fines/:fid/appeal",
  params: finePathParams,
  body: openAppealBody,
  status: 201,
  response: envelope(appealWithFineSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT", "PLAN_LIMIT"],
});

/** Any member; 404 when the fine has no appeal. */
export const getAppeal = defineEndpoint({
  method: "GET",
  path: "/fines/household/:hid/fines/:fid/appeal",
  params: finePathParams,
  response: envelope(appealSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

/** A member other than the issuer and the person fined, once, while open; the last vote closes it. */
export const voteOnAppeal = defineEndpoint({
  method: "POST",
  path: "/fines/household/:hid/fines/:fid/appeal/votes",
  params: finePathParams,
  body: appealVoteBody,
  status: 201,
  response: envelope(appealWithFineSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const listOpenAppeals = defineEndpoint({
  method: "GET",
  path: "/households/:id/appeals",
  params: idParams,
  response: envelope(openAppealsSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});
