/**
 * SPEC §7 Households: create, read, join by ID, and the admin's join settings (decision 020).
 * Imported as the `householdsApi` namespace (index.ts), so a bundle keeps only the endpoints it uses.
 */
import { envelope, idParams } from "./common.js";
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
  errors: ["FORBIDDEN", "NOT_FOUND"],
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
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});
