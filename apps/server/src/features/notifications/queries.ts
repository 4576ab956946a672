import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { NotificationCounts, NotificationTypeId, UpdatePreferenceBody } from "@housemate/contract";
import type { Database, Executor } from "../../db/client.js";
import { notificationPreferences, notifications } from "../../db/schema.js";
import { announceCountsChanged } from "./record.js";

export type NotificationRow = typeof notifications.$inferSelect;
export type PreferenceRow = typeof notificationPreferences.$inferSelect;

/** A user's newest notifications first (ties broken by id, so the order is stable). */
export function listNotifications(db: Executor, params: { userId: string; limit: number }) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, params.userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(params.limit);
}

/** Total and unread counts for each of `userIds` (users with no notifications get zeros). */
export async function countNotifications(db: Executor, userIds: string[]): Promise<Map<string, NotificationCounts>> {
  const counts = new Map<string, NotificationCounts>(userIds.map((id) => [id, { total: 0, unread: 0 }]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({
      userId: notifications.userId,
      total: count(),
      unread: sql<number>`count(*) filter (where not ${notifications.isRead})`.mapWith(Number),
    })
    .from(notifications)
    .where(inArray(notifications.userId, userIds))
    .groupBy(notifications.userId);
  for (const row of rows) counts.set(row.userId, { total: row.total, unread: row.unread });
  return counts;
}

export async function countNotificationsOf(db: Executor, userId: string): Promise<NotificationCounts> {
  return (await countNotifications(db, [userId])).get(userId) ?? { total: 0, unread: 0 };
}

/**
 * Marks one of the user's own notifications read (null when it is not theirs or does not exist), and every open
 * socket of theirs gets the new count once that commits.
 */
export async function markRead(db: Database, params: { userId: string; id: string }): Promise<NotificationRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.id, params.id), eq(notifications.userId, params.userId)))
      .returning();
    if (row) await announceCountsChanged(tx, [params.userId]);
    return row ?? null;
  });
}

/** Marks all the user's notifications read; every open socket of theirs gets the new count once that commits. */
export async function markAllRead(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
    await announceCountsChanged(tx, [userId]);
  });
}

/** The notifications with these ids, oldest first (the order they happened). */
export function findNotificationsByIds(db: Executor, params: { ids: string[] }) {
  if (params.ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(notifications)
    .where(inArray(notifications.id, params.ids))
    .orderBy(notifications.createdAt, notifications.id);
}

export function listPreferences(db: Executor, userId: string) {
  return db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

/** Creates or replaces the user's preference for one type. */
export async function savePreference(
  db: Executor,
  params: { userId: string; typeId: NotificationTypeId; preference: UpdatePreferenceBody },
): Promise<PreferenceRow> {
  const values = {
    inAppEnabled: params.preference.in_app_enabled,
    emailEnabled: params.preference.email_enabled,
    // Left as it is when the body does not name it (SPEC's two-switch body).
    ...(params.preference.push_enabled === undefined ? {} : { pushEnabled: params.preference.push_enabled }),
  };
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId: params.userId, typeId: params.typeId, ...values })
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.typeId], set: values })
    .returning();
  if (!row) throw new Error("preference not saved");
  return row;
}
