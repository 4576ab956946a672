/**
 * SPEC §7 invites: members make links; whoever holds one reads what it opens and may join by it (decision 021).
 * Imported as the `invitesApi` namespace (index.ts), so a bundle keeps only the endpoints it uses.
 */
import { envelope, idParams, successSchema } from "./common.js";
import { householdInvitesSchema, inviteParams } from "./household-life.js";
import { defineEndpoint } from "./endpoint.js";
import {
  createInviteResponse,
  inviteCodeParams,
  inviteDetailsSchema,
  joinByInviteBody,
  joinByInviteResponse,
} from "./households.js";

export const createInvite = defineEndpoint({
  method: "POST",
  path: "/households/:id/invites",
  params: idParams,
  status: 201,
  response: envelope(createInviteResponse),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const getInvite = defineEndpoint({
  method: "GET",
  path: "/invites/:code",
  params: inviteCodeParams,
  response: envelope(inviteDetailsSchema),
  auth: "public",
  errors: ["NOT_FOUND"],
});

export const joinByInvite = defineEndpoint({
  method: "POST",
  path: "/invites/:code/join",
  params: inviteCodeParams,
  body: joinByInviteBody,
  response: envelope(joinByInviteResponse),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT", "PLAN_LIMIT"],
});

export const listInvites = defineEndpoint({
  method: "GET",
  path: "/households/:id/invites",
  params: idParams,
  response: envelope(householdInvitesSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const revokeInvite = defineEndpoint({
  method: "DELETE",
  path: "/households/:id/invites/:inviteId",
  params: inviteParams,
  response: envelope(successSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});
