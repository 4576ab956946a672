import { loginBody, loginResponse, logoutResponse, verifyQuery, verifyResponse } from "./auth.js";
import { envelope } from "./common.js";
import { defineEndpoint } from "./endpoint.js";

/** SPEC §7 Auth: magic-link sign-in (DESIGN §3 'Accounts and sessions'). */
export const authApi = {
  requestSignInLink: defineEndpoint({
    method: "POST",
    path: "/auth/login",
    body: loginBody,
    response: envelope(loginResponse),
    auth: "public",
    errors: ["RATE_LIMITED"],
  }),
  verifySignInLink: defineEndpoint({
    method: "GET",
    path: "/auth/verify",
    query: verifyQuery,
    response: envelope(verifyResponse),
    auth: "public",
    errors: [],
  }),
  signOut: defineEndpoint({
    method: "POST",
    path: "/auth/logout",
    response: envelope(logoutResponse),
    auth: "session",
    errors: [],
  }),
};
