import { z } from "zod";
import { idSchema, timestampSchema } from "./common.js";
import { NOTIFICATION_CHANNELS, NOTIFICATION_TYPE_IDS } from "./values/notifications.js";
export const notificationTypeIdSchema = z.enum(NOTIFICATION_TYPE_IDS);

export const notificationTypeSchema = z.object({
  id: notificationTypeIdSchema,
  category: z.enum(["fines", "rules", "household", "fund"]),
  description: z.string(),
  /** What the type is sent on: Preferences shows a switch for each (issue 22: the weekly digest is email only). */
  channels: z.array(z.enum(NOTIFICATION_CHANNELS)),
});
export const notificationTypesSchema = z.array(notificationTypeSchema);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const notificationSchema = z.object({
  id: idSchema,
  type_id: notificationTypeIdSchema,
  title: z.string(),
  message: z.string(),
  is_read: z.boolean(),
  created_at: timestampSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationCountsSchema = z.object({ total: z.number().int(), unread: z.number().int() });
export type NotificationCounts = z.infer<typeof notificationCountsSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  total: z.number().int(),
  unread: z.number().int(),
});

/** SPEC §3's two switches, and issue 23's third: push to the person's devices. */
export const preferenceSchema = z.object({
  in_app_enabled: z.boolean(),
  email_enabled: z.boolean(),
  push_enabled: z.boolean(),
});
export type NotificationPreference = z.infer<typeof preferenceSchema>;
/** Every type id is present; a type the user never changed shows the defaults (all true). */
export const preferencesSchema = z.record(z.string(), preferenceSchema);
export type NotificationPreferences = z.infer<typeof preferencesSchema>;
/** SPEC §7's body, in_app_enabled and email_enabled; push_enabled may come too, and is left as it was when it does not. */
export const updatePreferenceBody = z.strictObject({
  ...preferenceSchema.pick({ in_app_enabled: true, email_enabled: true }).shape,
  push_enabled: z.boolean().optional(),
});
export type UpdatePreferenceBody = z.infer<typeof updatePreferenceBody>;
export const typeIdParams = z.object({ typeId: notificationTypeIdSchema });
