import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PUSH_ENDPOINT_REFUSED_MESSAGE, PUSH_KEYS_INVALID_MESSAGE, pushApi } from "@housemate/contract";
import { badRequest, notFound } from "../../../lib/errors.js";
import { routeOptions } from "../../../lib/route.js";
import { isTrustedPushEndpoint } from "./services.js";
import { arePushKeys, registerSubscription, removeOwnSubscription } from "./subscriptions.js";

/** Issue 23's Web Push: the server's key, and the signed-in person's own devices (docs/decisions/055). */
const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOptions(pushApi.getPushKey),
    handler: async () => {
      const { publicKey } = await app.notifications.vapidKeys();
      return { data: { public_key: publicKey } };
    },
  });

  app.route({
    ...routeOptions(pushApi.subscribePush),
    handler: async (request, reply) => {
      const { body } = request;
      // The server POSTs to the endpoint: only ever to a push service it trusts, never where a request says.
      if (!isTrustedPushEndpoint(body.endpoint, app.config.pushServices))
        throw badRequest(PUSH_ENDPOINT_REFUSED_MESSAGE);
      if (!arePushKeys(body.keys)) throw badRequest(PUSH_KEYS_INVALID_MESSAGE);
      const { sessionId, user } = request.session;
      const row = await registerSubscription(app.db, { userId: user.id, sessionId, body, now: app.now() });
      return reply.status(201).send({ data: { id: row.id, created_at: row.createdAt.toISOString() } });
    },
  });

  app.route({
    ...routeOptions(pushApi.unsubscribePush),
    handler: async (request) => {
      // Someone else's device is indistinguishable from one that does not exist.
      const removed = await removeOwnSubscription(app.db, { userId: request.session.user.id, id: request.params.id });
      if (!removed) throw notFound("Push subscription not found");
      return { data: { success: true as const } };
    },
  });
};

export default pushRoutes;
