/**
 * SPEC §7 Notifications: each acts on the signed-in person's own.
 * Imported as the `notificationsApi` namespace (index.ts), so a bundle keeps only the endpoints it uses.
 */
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

export const listNotifications = defineEndpoint({
  method: "GET",
  path: "/notifications",
  response: envelope(notificationListSchema),
  auth: "session",
  errors: [],
});

export const markNotificationRead = defineEndpoint({
  method: "PUT",
  path: "/notifications/:id/read",
  params: idParams,
  response: envelope(notificationSchema),
  auth: "session",
  errors: ["NOT_FOUND"],
});

export const markAllNotificationsRead = defineEndpoint({
  method: "PUT",
  path: "/notifications/read-all",
  response: envelope(notificationCountsSchema),
  auth: "session",
  errors: [],
});

export const listNotificationTypes = defineEndpoint({
  method: "GET",
  path: "/notifications/types",
  response: envelope(notificationTypesSchema),
  auth: "session",
  errors: [],
});

export const listNotificationPreferences = defineEndpoint({
  method: "GET",
  path: "/notifications/preferences",
  response: envelope(preferencesSchema),
  auth: "session",
  errors: [],
});

export const updateNotificationPreference = defineEndpoint({
  method: "PUT",
  path: "/notifications/preferences/:typeId",
  params: typeIdParams,
  body: updatePreferenceBody,
  response: envelope(preferenceSchema),
  auth: "session",
  errors: [],
});
