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
 * preferences (both default to on): a stored in-app notification, and a queued email. Mail is only
 * queued here, so a mail server that is down can never fail or roll back the event.
 */
export async function notify(tx: Executor, event: NotificationEvent, publicUrl: string): Promise<Delivery> {
  const ids = [...new Set(event.recipientIds)];
  if (ids.length === 0) return emptyDelivery();

  const recipients = await tx
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      inAppEnabled: notificationPreferences.inAppEnabled,
      emailEnabled: notificationPreferences.emailEnabled,
    })
    .from(users)
    .leftJoin(
      notificationPreferences,
      and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.typeId, event.type)),
    )
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));

  // No preference row means the defaults: both on.
  const inApp = recipients.filter((r) => r.inAppEnabled !== false);
  const byEmail = recipients.flatMap((r) =>
    r.emailEnabled !== false && r.email ? [{ email: r.email, displayName: r.displayName }] : [],
  );

  const notificationRows = inApp.map((r) => ({
    userId: r.id,
    householdId: event.householdId,
    typeId: event.type,
    title: event.title,
    message: event.message,
  }));
  const mailRows = byEmail.map((r) => ({ to: r.email, ...notificationEmail(event, r.displayName, publicUrl) }));
  const returned = { id: notifications.id, userId: notifications.userId };
  let created: { id: string; userId: string }[] = [];
  if (notificationRows.length > 0 && mailRows.length > 0) {
    // Both in one round trip: the queued mail rides along as a data-modifying WITH.
    const queued = tx.$with("queued_mail").as(tx.insert(mailOutbox).values(mailRows));
    created = await tx.with(queued).insert(notifications).values(notificationRows).returning(returned);
  } else if (notificationRows.length > 0) {
    created = await tx.insert(notifications).values(notificationRows).returning(returned);
  } else if (mailRows.length > 0) {
    await tx.insert(mailOutbox).values(mailRows);
  }

  return {
    notificationIds: created.map((c) => c.id),
    userIds: created.map((c) => c.userId),
    mail: byEmail.length > 0,
  };
}

/** Where in the app the email's link lands: the screen where the recipient can act on the event. */
const LANDING: Record<NotificationTypeId, string> = {
  fine_received: "/dashboard/fines",
  dispute_resolved: "/dashboard/fines",
  fine_updated: "/dashboard/fines",
  fine_paid: "/dashboard",
  fine_disputed: "/dashboard",
  household_joined: "/dashboard",
  rule_created: "/dashboard/rules",
  rule_updated: "/dashboard/rules",
  rule_deleted: "/dashboard/rules",
};

/** A short plain-text email: what happened, one link to act on it, and how to stop these emails. */
export function notificationEmail(
  event: Pick<NotificationEvent, "type" | "title" | "message">,
  displayName: string,
  publicUrl: string,
): { subject: string; text: string } {
  // Titles can carry user text (a rule's title): keep the subject one short line.
  const title = event.title.replace(/\s+/g, " ").trim().slice(0, 120);
  return {
    subject: `Housemate: ${title}`,
    text: [
      `Hi ${displayName},`,
      "",
      `${title}: ${event.message}`,
      "",
      `Open Housemate: ${publicUrl}${LANDING[event.type]}`,
      "",
      "You get this email because of your notification preferences.",
      `To turn it off, go to Profile > Preferences: ${publicUrl}/dashboard/profile`,
      "",
    ].join("\n"),
  };
}
