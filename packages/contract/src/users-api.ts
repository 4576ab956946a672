/**
 * SPEC §7 Users: housemates see each other; each person changes only their own account.
 * Imported as the `usersApi` namespace (index.ts), so a bundle keeps only the endpoints it uses.
 */
import { z } from "zod";
import { envelope, idParams, successSchema } from "./common.js";
import { defineEndpoint } from "./endpoint.js";
import { userStatsSchema } from "./stats.js";
import { listUsersQuery, updateUserBody, userSchema } from "./users.js";

export const listUsers = defineEndpoint({
  method: "GET",
  path: "/users",
  query: listUsersQuery,
  response: envelope(z.array(userSchema)),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const getUser = defineEndpoint({
  method: "GET",
  path: "/users/:id",
  params: idParams,
  response: envelope(userSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const updateUser = defineEndpoint({
  method: "PUT",
  path: "/users/:id",
  params: idParams,
  body: updateUserBody,
  response: envelope(userSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND"],
});

export const deleteUser = defineEndpoint({
  method: "DELETE",
  path: "/users/:id",
  params: idParams,
  response: envelope(successSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT"],
});

export const getUserStats = defineEndpoint({
  method: "GET",
  path: "/users/:id/stats",
  params: idParams,
  response: envelope(userStatsSchema),
  auth: "session",
  errors: ["FORBIDDEN"],
});
