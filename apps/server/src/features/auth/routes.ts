import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  authApi,
  LOGIN_LIMIT_PER_EMAIL,
  LOGIN_LIMIT_PER_IP,
  LOGIN_LIMIT_WINDOW_MINUTES,
  LOGIN_SENT_MESSAGE,
} from "@housemate/contract";
import { routeOptions } from "../../lib/route.js";
import { sha256 } from "../../lib/tokens.js";
import { presentCurrentUser } from "../users/presenter.js";
import { hitRateLimits, normalizeEmailForRateLimit, pruneRateLimits } from "./rate-limit.js";
import { requestMagicLink, revokeSession, verifyMagicLink } from "./service.js";

const LOGIN_WINDOW_MS = LOGIN_LIMIT_WINDOW_MINUTES * 60_000;

/** Magic-link sign-in (DESIGN §3 'Accounts and sessions'): request a link, trade it for a session. Public. */
export const signInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOptions(authApi.requestSignInLink),
    handler: async (request) => {
      const { email, displayName, inviteCode } = request.body;
      const now = app.now();
      await pruneRateLimits(app.db, new Date(now.getTime() - LOGIN_WINDOW_MS), "login:");
      await hitRateLimits(
        app.db,
        [
          // Keyed on the mailbox, so +tags and Gmail's dots do not buy more links; hashed, so the
          // counters need no personal data.
          {
            key: `login:email:${sha256(normalizeEmailForRateLimit(email))}`,
            max: LOGIN_LIMIT_PER_EMAIL,
            windowMs: LOGIN_WINDOW_MS,
          },
          { key: `login:ip:${request.ip}`, max: LOGIN_LIMIT_PER_IP, windowMs: LOGIN_WINDOW_MS },
        ],
        now,
      );
      // The link is mailed once this commits, without waiting for it: a slow mail server must not slow signing in.
      await requestMagicLink(app.db, { email, displayName, inviteCode, now, publicUrl: app.config.publicUrl });
      return { data: { message: LOGIN_SENT_MESSAGE } };
    },
  });

  app.route({
    ...routeOptions(authApi.verifySignInLink),
    handler: async (request) => {
      const now = app.now();
      const signIn = await verifyMagicLink(app.db, { token: request.query.token, now, config: app.config });
      return {
        data: {
          token: signIn.token,
          expires: signIn.expires.toISOString(),
          user: presentCurrentUser(signIn.user, now),
          needsOnboarding: signIn.user.householdId === null,
          invite: signIn.invite,
        },
      };
    },
  });
};

/** The signed-in person's own account, and signing out (which ends the session that asks): the authenticated scope. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOptions(authApi.getCurrentUser),
    handler: async (request) => ({ data: presentCurrentUser(request.session.user, app.now()) }),
  });

  app.route({
    ...routeOptions(authApi.signOut),
    handler: async (request) => {
      const { sessionId, user } = request.session;
      // Live sockets opened with this token close now rather than at their next check.
      await revokeSession(app.db, { id: sessionId, userId: user.id }, app.now());
      return { data: { success: true as const } };
    },
  });
};
