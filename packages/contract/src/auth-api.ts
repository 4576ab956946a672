/**
 * SPEC §7 Auth: magic-link sign-in (DESIGN §3 'Accounts and sessions').
 * Imported as the `authApi` namespace (index.ts), so a bundle keeps only the endpoints it uses.
 */
import { loginBody, loginResponse, logoutResponse, verifyQuery, verifyResponse } from "./auth.js";
import { envelope } from "./common.js";
import { defineEndpoint } from "./endpoint.js";

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
