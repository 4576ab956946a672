import { z } from "zod";
import { idSchema, timestampSchema } from "./common.js";

export const NOTIFICATION_TYPES = [
  { id: "fine_received", category: "fines", description: "Someone issued you a fine" },
  { id: "fine_paid", category: "fines", description: "A fine you issued was paid" },
  { id: "fine_disputed", category: "fines", description: "A fine you issued was disputed" },
  { id: "dispute_resolved", category: "fines", description: "Your dispute was reviewed" },
  { id: "fine_updated", category: "fines", description: "A fine you received was changed" },
  { id: "household_joined", category: "household", description: "Someone joined your household" },
  { id: "member_left", category: "household", description: "Someone left your household" },
  { id: "member_removed", category: "household", description: "Someone was removed from your household, or you were" },
  { id: "household_updated", category: "household", description: "Your household was renamed or its currency changed" },
  { id: "admin_changed", category: "household", description: "Someone became or stopped being an admin" },
  { id: "rule_created", category: "rules", description: "A house rule was created" },
  { id: "rule_updated", category: "rules", description: "A house rule was changed" },
  { id: "rule_deleted", category: "rules", description: "A house rule was deleted" },
] as const;

export type NotificationTypeId = (typeof NOTIFICATION_TYPES)[number]["id"];
export const NOTIFICATION_TYPE_IDS = NOTIFICATION_TYPES.map((t) => t.id) as [
  NotificationTypeId,
  ...NotificationTypeId[],
];
export const notificationTypeIdSchema = z.enum(NOTIFICATION_TYPE_IDS);
export const FINE_NOTIFICATION_TYPES: readonly NotificationTypeId[] = [
  "fine_received",
  "fine_paid",
  "fine_disputed",
  "dispute_resolved",
  "fine_updated",
];

export const notificationTypeSchema = z.object({
  id: notificationTypeIdSchema,
  category: z.enum(["fines", "rules", "household"]),
  description: z.string(),
});
export const notificationTypesSchema = z.array(notificationTypeSchema);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** `GET /notifications` returns at most this many, newest first; the counts cover them all. */
export const NOTIFICATION_LIST_LIMIT = 100;

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

export const preferenceSchema = z.object({ in_app_enabled: z.boolean(), email_enabled: z.boolean() });
export type NotificationPreference = z.infer<typeof preferenceSchema>;
/** Every type id is present; a type the user never changed shows the defaults (both true). */
export const preferencesSchema = z.record(z.string(), preferenceSchema);
export type NotificationPreferences = z.infer<typeof preferencesSchema>;
export const updatePreferenceBody = z.strictObject(preferenceSchema.shape);
export const typeIdParams = z.object({ typeId: notificationTypeIdSchema });
