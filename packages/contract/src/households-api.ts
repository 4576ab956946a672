/**
 * SPEC §7 Households: create, read, join by ID, the admin's settings (decision 020), and the life of a household:
 * members and roles, leaving, removal and deletion (decision 032).
 * Imported as the `householdsApi` namespace (index.ts), so a bundle keeps only the endpoints it uses.
 */
import { envelope, idParams } from "./common.js";
import {
  deleteHouseholdResponse,
  departureSchema,
  householdMemberSchema,
  householdMembersSchema,
  leaveHouseholdBody,
  leaveHouseholdResponse,
  memberParams,
  removeMemberBody,
  setMemberRoleBody,
} from "./household-life.js";
import { defineEndpoint } from "./endpoint.js";
import {
  createHouseholdBody,
  householdSchema,
  joinHouseholdBody,
  joinHouseholdResponse,
  updateHouseholdBody,
} from "./households.js";

export const createHousehold = defineEndpoint({
  method: "POST",
  path: "/households",
  body: createHouseholdBody,
  status: 201,
  response: envelope(householdSchema),
  auth: "session",
  errors: ["FORBIDDEN", "CONFLICT"],
});

export const getHousehold = defineEndpoint({
  method: "GET",
  path: "/households/:id",
  params: idParams,
  response: envelope(householdSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const updateHousehold = defineEndpoint({
  method: "PATCH",
  path: "/households/:id",
  params: idParams,
  body: updateHouseholdBody,
  response: envelope(householdSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const rotateJoinCode = defineEndpoint({
  method: "POST",
  path: "/households/:id/join-code",
  params: idParams,
  response: envelope(householdSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const joinHousehold = defineEndpoint({
  method: "POST",
  path: "/households/:id/join",
  params: idParams,
  body: joinHouseholdBody,
  response: envelope(joinHouseholdResponse),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT", "PLAN_LIMIT"],
});

export const listHouseholdMembers = defineEndpoint({
  method: "GET",
  path: "/households/:id/members",
  params: idParams,
  response: envelope(householdMembersSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const setMemberRole = defineEndpoint({
  method: "PUT",
  path: "/households/:id/members/:userId/role",
  params: memberParams,
  body: setMemberRoleBody,
  response: envelope(householdMemberSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const removeMember = defineEndpoint({
  method: "POST",
  path: "/households/:id/members/:userId/remove",
  params: memberParams,
  body: removeMemberBody,
  response: envelope(departureSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const leaveHousehold = defineEndpoint({
  method: "POST",
  path: "/households/:id/leave",
  params: idParams,
  body: leaveHouseholdBody,
  response: envelope(leaveHouseholdResponse),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const deleteHousehold = defineEndpoint({
  method: "DELETE",
  path: "/households/:id",
  params: idParams,
  response: envelope(deleteHouseholdResponse),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});
