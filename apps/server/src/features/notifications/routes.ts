import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  NOTIFICATION_LIST_LIMIT,
  NOTIFICATION_TYPES,
  notificationChannels,
  notificationsApi,
} from "@housemate/contract";
import { notFound } from "../../lib/errors.js";
import { routeOptions } from "../../lib/route.js";
import { presentNotification, presentPreference, presentPreferences } from "./presenter.js";
import {
  countNotificationsOf,
  listNotifications,
  listPreferences,
  markAllRead,
  markRead,
  savePreference,
} from "./queries.js";

/** SPEC §7 Notifications. Every route acts on the signed-in user's own notifications only. */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOptions(notificationsApi.listNotifications),
    handler: async (request) => {
      const { user } = request.session;
      const [rows, counts] = await Promise.all([
        listNotifications(app.db, { userId: user.id, limit: NOTIFICATION_LIST_LIMIT }),
        countNotificationsOf(app.db, user.id),
      ]);
      return { data: { notifications: rows.map(presentNotification), ...counts } };
    },
  });

  app.route({
    ...routeOptions(notificationsApi.markNotificationRead),
    handler: async (request) => {
      // Someone else's notification is indistinguishable from one that does not exist.
      const row = await markRead(app.db, { userId: request.session.user.id, id: request.params.id });
      if (!row) throw notFound("Notification not found");
      return { data: presentNotification(row) };
    },
  });

  app.route({
    ...routeOptions(notificationsApi.markAllNotificationsRead),
    handler: async (request) => {
      const { user } = request.session;
      await markAllRead(app.db, user.id);
      return { data: await countNotificationsOf(app.db, user.id) };
    },
  });

  app.route({
    ...routeOptions(notificationsApi.listNotificationTypes),
    handler: async () => ({
      data: NOTIFICATION_TYPES.map((type) => ({
        id: type.id,
        category: type.category,
        description: type.description,
        channels: [...notificationChannels(type.id)],
      })),
    }),
  });

  app.route({
    ...routeOptions(notificationsApi.listNotificationPreferences),
    handler: async (request) => ({ data: presentPreferences(await listPreferences(app.db, request.session.user.id)) }),
  });

  app.route({
    ...routeOptions(notificationsApi.updateNotificationPreference),
    handler: async (request) => {
      const row = await savePreference(app.db, {
        userId: request.session.user.id,
        typeId: request.params.typeId,
        preference: request.body,
      });
      return { data: presentPreference(row) };
    },
  });
};

export default notificationRoutes;
