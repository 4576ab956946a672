import formbody from "@fastify/formbody";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { mailApi } from "@housemate/contract";
import { routeOptions } from "../../lib/route.js";
import { cachedUnsubscribeKey } from "../notifications/mail/unsubscribe.js";
import { badRequest } from "../../lib/errors.js";
import { multipartFields, ONE_CLICK_BODY_LIMIT, ONE_CLICK_FORM_UNREADABLE } from "./one-click-form.js";
import { readUnsubscribe, unsubscribe } from "./service.js";

/**
 * The one-click unsubscribe of every email but the sign-in link (RFC 8058, docs/decisions/052). Public: the signed
 * token is the permission, and it names one person and one notification type. A mail client POSTs the RFC's form body
 * (`List-Unsubscribe=One-Click`) as multipart/form-data (the RFC's SHOULD) or urlencoded (its MAY), which only these
 * routes accept (both parsers are in this plugin's scope alone, each limited to 1 KiB); the web's page GETs, then
 * POSTs with no body.
 *
 * Not rate-limited, as the invite link's GET is not: a token is a 256-bit HMAC that guessing cannot find, and each
 * request is one indexed read or upsert.
 */
const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(formbody, { bodyLimit: ONE_CLICK_BODY_LIMIT });
  app.addContentTypeParser(
    "multipart/form-data",
    { parseAs: "string", bodyLimit: ONE_CLICK_BODY_LIMIT },
    (request, body, done) => {
      const text = body.toString();
      // No body is the web page's POST, whatever type it names.
      const fields = text === "" ? undefined : multipartFields(text, request.headers["content-type"] ?? "");
      if (fields === null) done(badRequest(ONE_CLICK_FORM_UNREADABLE));
      else done(null, fields);
    },
  );
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
