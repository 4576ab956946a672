import { and, eq, inArray, isNull } from "drizzle-orm";
import type { NotificationTypeId } from "@housemate/contract";
import type { Executor } from "../db/client.js";
import { mailOutbox, notificationPreferences, notifications, users } from "../db/schema.js";

export interface NotificationEvent {
  type: NotificationTypeId;
  householdId: string | null;
  recipientIds: string[];
  title: string;
  message: string;
}

/** What an event produced, handed to `app.notifier.deliver` once the transaction has committed. */
export interface Delivery {
  notificationIds: string[];
  userIds: string[];
  mail: boolean;
}

export const emptyDelivery = (): Delivery => ({ notificationIds: [], userIds: [], mail: false });

export function mergeDeliveries(...deliveries: Delivery[]): Delivery {
  return {
    notificationIds: deliveries.flatMap((d) => d.notificationIds),
    userIds: [...new Set(deliveries.flatMap((d) => d.userIds))],
    mail: deliveries.some((d) => d.mail),
  };
}

/**
 * Records an event's notifications inside the caller's transaction, honouring each recipient's
 * preferences (both default to on): a stored in-app notification, and a queued email.
 */
export async function notify(tx: Executor, event: NotificationEvent, publicUrl: string): Promise<Delivery> {
  const ids = [...new Set(event.recipientIds)];
  if (ids.length === 0) return emptyDelivery();

  const recipients = await tx
    .select({
      id: users.id,
      email: users.email,
      inApp: notificationPreferences.inAppEnabled,
      email_: notificationPreferences.emailEnabled,
    })
    .from(users)
    .leftJoin(
      notificationPreferences,
      and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.typeId, event.type)),
    )
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));

  const inApp = recipients.filter((r) => r.inApp !== false);
  const byEmail = recipients.filter((r) => r.email_ !== false && r.email);

  const created = inApp.length
    ? await tx
        .insert(notifications)
        .values(
          inApp.map((r) => ({
            userId: r.id,
            householdId: event.householdId,
            typeId: event.type,
            title: event.title,
            message: event.message,
          })),
        )
        .returning({ id: notifications.id, userId: notifications.userId })
    : [];

  if (byEmail.length) {
    await tx.insert(mailOutbox).values(
      byEmail.map((r) => ({
        to: r.email ?? "",
        subject: `Housemate: ${event.title}`,
        text: `${event.message}\n\nOpen Housemate: ${publicUrl}/dashboard\n\nYou can turn these emails off under Profile → Preferences.\n`,
      })),
    );
  }

  return {
    notificationIds: created.map((c) => c.id),
    userIds: created.map((c) => c.userId),
    mail: byEmail.length > 0,
  };
}
