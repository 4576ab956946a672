import { envelope, idParams } from "./common.js";
import { defineEndpoint } from "./endpoint.js";
import {
  notificationCountsSchema,
  notificationListSchema,
  notificationSchema,
  notificationTypesSchema,
  preferenceSchema,
  preferencesSchema,
  typeIdParams,
  updatePreferenceBody,
} from "./notifications.js";

/** SPEC §7 Notifications: each acts on the signed-in person's own. */
export const notificationsApi = {
  listNotifications: defineEndpoint({
    method: "GET",
    path: "/notifications",
    response: envelope(notificationListSchema),
    auth: "session",
    errors: [],
  }),
  markNotificationRead: defineEndpoint({
    method: "PUT",
    path: "/notifications/:id/read",
    params: idParams,
    response: envelope(notificationSchema),
    auth: "session",
    errors: ["NOT_FOUND"],
  }),
  markAllNotificationsRead: defineEndpoint({
    method: "PUT",
    path: "/notifications/read-all",
    response: envelope(notificationCountsSchema),
    auth: "session",
    errors: [],
  }),
  listNotificationTypes: defineEndpoint({
    method: "GET",
    path: "/notifications/types",
    response: envelope(notificationTypesSchema),
    auth: "session",
    errors: [],
  }),
  listNotificationPreferences: defineEndpoint({
    method: "GET",
    path: "/notifications/preferences",
    response: envelope(preferencesSchema),
    auth: "session",
    errors: [],
  }),
  updateNotificationPreference: defineEndpoint({
    method: "PUT",
    path: "/notifications/preferences/:typeId",
    params: typeIdParams,
    body: updatePreferenceBody,
    response: envelope(preferenceSchema),
    auth: "session",
    errors: [],
  }),
};
