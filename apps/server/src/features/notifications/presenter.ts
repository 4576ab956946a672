import {
  NOTIFICATION_TYPES,
  notificationTypeIdSchema,
  type Notification,
  type NotificationPreference,
  type NotificationPreferences,
} from "@housemate/contract";
import type { NotificationRow, PreferenceRow } from "./queries.js";

/** A notification as the API and the socket show it (SPEC §3 Notification). */
export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    // Rows are only written by recordNotification(), with a contract type id; parse rather than cast all the same.
    type_id: notificationTypeIdSchema.parse(row.typeId),
    title: row.title,
    message: row.message,
    is_read: row.isRead,
    created_at: row.createdAt.toISOString(),
  };
}

/** One type's preference as the API shows it: a type the user never changed shows the defaults (all on). */
export function presentPreference(row: PreferenceRow | undefined): NotificationPreference {
  return {
    in_app_enabled: row?.inAppEnabled ?? true,
    email_enabled: row?.emailEnabled ?? true,
    push_enabled: row?.pushEnabled ?? true,
  };
}

/** Every type's preference, keyed by type id. */
export function presentPreferences(rows: PreferenceRow[]): NotificationPreferences {
  const saved = new Map(rows.map((row) => [row.typeId, row]));
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => {
      return [type.id, presentPreference(saved.get(type.id))];
    }),
  );
}
