/**
 * SPEC §7 Auth: magic-link sign-in (DESIGN §3 'Accounts and sessions').
 * Imported as the `authApi` namespace (index.ts), so a bundle keeps only the endpoints it uses.
 */
import { loginBody, loginResponse, logoutResponse, verifyQuery, verifyResponse } from "./auth.js";
import { envelope } from "./common.js";
import { defineEndpoint } from "./endpoint.js";
import { currentUserSchema } from "./users.js";

export const requestSignInLink = defineEndpoint({
  method: "POST",
  path: "/auth/login",
  body: loginBody,
  response: envelope(loginResponse),
  auth: "public",
  errors: ["RATE_LIMITED"],
});

export const verifySignInLink = defineEndpoint({
  method: "GET",
  path: "/auth/verify",
  query: verifyQuery,
  response: envelope(verifyResponse),
  auth: "public",
  errors: [],
});

export const signOut = defineEndpoint({
  method: "POST",
  path: "/auth/logout",
  response: envelope(logoutResponse),
  auth: "session",
  errors: [],
});

/** The signed-in person, with what only they are told (whether they have been here before, whether they chose their name). */
export const getCurrentUser = defineEndpoint({
  method: "GET",
  path: "/auth/me",
  response: envelope(currentUserSchema),
  auth: "session",
  errors: [],
});
