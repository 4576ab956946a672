import formbody from "@fastify/formbody";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { mailApi } from "@housemate/contract";
import { routeOptions } from "../../lib/route.js";
import { cachedUnsubscribeKey } from "../notifications/mail/unsubscribe.js";
import { readUnsubscribe, unsubscribe } from "./service.js";

/**
 * The one-click unsubscribe of every email but the sign-in link (RFC 8058, docs/decisions/052). Public: the signed
 * token is the permission, and it names one person and one notification type. A mail client POSTs the RFC's form body
 * (`List-Unsubscribe=One-Click`), which only these routes accept (formbody is registered in this plugin's scope
 * alone); the web's page GETs, then POSTs with no body.
 *
 * Not rate-limited, as the invite link's GET is not: a token is a 256-bit HMAC that guessing cannot find, and each
 * request is one indexed read or upsert.
 */
const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(formbody);
  const key = cachedUnsubscribeKey(app.db);

  app.route({
    ...routeOptions(mailApi.getUnsubscribe),
    handler: async (request) => ({ data: await readUnsubscribe(app.db, await key(), request.query.token) }),
  });

  app.route({
    ...routeOptions(mailApi.unsubscribe),
    handler: async (request) => ({ data: await unsubscribe(app.db, await key(), request.query.token) }),
  });
};

export default unsubscribeRoutes;
