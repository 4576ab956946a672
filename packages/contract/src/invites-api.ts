/**
 * SPEC §7 invites: members make links; whoever holds one reads what it opens and may join by it (decision 021).
 * Imported as the `invitesApi` namespace (index.ts), so a bundle keeps only the endpoints it uses.
 */
import { envelope, idParams } from "./common.js";
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
  errors: ["NOT_FOUND", "CONFLICT"],
});
