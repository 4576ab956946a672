import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  NOTIFICATION_LIST_LIMIT,
  NOTIFICATION_TYPES,
  envelope,
  idParams,
  notificationCountsSchema,
  notificationListSchema,
  notificationSchema,
  notificationTypesSchema,
  preferenceSchema,
  preferencesSchema,
  typeIdParams,
  updatePreferenceBody,
} from "@housemate/contract";
import { notFound } from "../../lib/errors.js";
import { presentNotification, presentPreferences } from "./presenter.js";
import {
  countNotificationsOf,
  listNotifications,
  listPreferences,
  markAllRead,
  markRead,
  savePreference,
} from "./queries.js";

const security = [{ bearer: [] }];

/** SPEC §7 Notifications. Every route acts on the signed-in user's own notifications only. */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/notifications",
    { schema: { tags: ["notifications"], security, response: { 200: envelope(notificationListSchema) } } },
    async (request) => {
      const user = request.session.user;
      const [rows, counts] = await Promise.all([
        listNotifications(app.db, { userId: user.id, limit: NOTIFICATION_LIST_LIMIT }),
        countNotificationsOf(app.db, user.id),
      ]);
      return { data: { notifications: rows.map(presentNotification), ...counts } };
    },
  );

  app.put(
    "/notifications/:id/read",
    { schema: { tags: ["notifications"], security, params: idParams, response: { 200: envelope(notificationSchema) } } },
    async (request) => {
      const user = request.session.user;
      // Someone else's notification is indistinguishable from one that does not exist.
      const row = await markRead(app.db, { userId: user.id, id: request.params.id });
      if (!row) throw notFound("Notification not found");
      return { data: presentNotification(row) };
    },
  );

  app.put(
    "/notifications/read-all",
    { schema: { tags: ["notifications"], security, response: { 200: envelope(notificationCountsSchema) } } },
    async (request) => {
      const user = request.session.user;
      await markAllRead(app.db, user.id);
      return { data: await countNotificationsOf(app.db, user.id) };
    },
  );

  app.get(
    "/notifications/types",
    { schema: { tags: ["notifications"], security, response: { 200: envelope(notificationTypesSchema) } } },
    async () => ({ data: [...NOTIFICATION_TYPES] }),
  );

  app.get(
    "/notifications/preferences",
    { schema: { tags: ["notifications"], security, response: { 200: envelope(preferencesSchema) } } },
    async (request) => {
      const user = request.session.user;
      return { data: presentPreferences(await listPreferences(app.db, user.id)) };
    },
  );

  app.put(
    "/notifications/preferences/:typeId",
    {
      schema: {
        tags: ["notifications"],
        security,
        params: typeIdParams,
        body: updatePreferenceBody,
        response: { 200: envelope(preferenceSchema) },
      },
    },
    async (request) => {
      const user = request.session.user;
      const row = await savePreference(app.db, {
        userId: user.id,
        typeId: request.params.typeId,
        preference: request.body,
      });
      return { data: { in_app_enabled: row.inAppEnabled, email_enabled: row.emailEnabled } };
    },
  );
};

export default notificationRoutes;
