import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { NotificationTypeId } from "@housemate/contract";
import type { Transaction } from "../../db/client.js";
import { mailOutbox, notificationPreferences, notifications, users } from "../../db/schema.js";
import { CHANNEL, encodeBroadcast, type Broadcast } from "./broadcast.js";
import { notificationEmail } from "./email.js";
import type { MailMessage } from "./mailer.js";

/**
 * Everything that must reach people is recorded here, inside the transaction of the change that causes it, and
 * announced with a NOTIFY in that same transaction. PostgreSQL (and PGlite) hand a NOTIFY to the listeners only
 * when its transaction commits, and never when it rolls back, so delivery after commit needs no one to remember
 * it: every instance hears the commit (plugin.ts) and pushes to the sockets it holds; the instance that queued
 * mail sends it. See docs/decisions/026.
 */

export interface NotificationEvent {
  type: NotificationTypeId;
  householdId: string | null;
  recipientIds: string[];
  title: string;
  message: string;
}

/**
 * Records an event for its recipients: the one place that decides who is told and how. Each recipient (deleted
 * accounts skipped) gets a stored in-app notification, pushed live to their open sockets, when their preference for
 * the type has in-app on, and an email when it has email on (both default to on). Mail is only queued here, so a
 * mail server that is down can never fail or roll back the event.
 */
export async function recordNotification(tx: Transaction, event: NotificationEvent, publicUrl: string): Promise<void> {
  const ids = [...new Set(event.recipientIds)];
  if (ids.length === 0) return;

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
  const notificationRows = recipients
    .filter((r) => r.inAppEnabled !== false)
    .map((r) => ({
      userId: r.id,
      householdId: event.householdId,
      typeId: event.type,
      title: event.title,
      message: event.message,
    }));
  const mailRows = recipients.flatMap((r) =>
    r.emailEnabled !== false && r.email ? [{ to: r.email, ...notificationEmail(event, r.displayName, publicUrl) }] : [],
  );

  const returned = { id: notifications.id };
  let stored: { id: string }[] = [];
  if (notificationRows.length > 0 && mailRows.length > 0) {
    // Both in one round trip: the queued mail rides along as a data-modifying WITH.
    const queued = tx.$with("queued_mail").as(tx.insert(mailOutbox).values(mailRows));
    stored = await tx.with(queued).insert(notifications).values(notificationRows).returning(returned);
  } else if (notificationRows.length > 0) {
    stored = await tx.insert(notifications).values(notificationRows).returning(returned);
  } else if (mailRows.length > 0) {
    await tx.insert(mailOutbox).values(mailRows);
  }
  await announce(tx, { notifications: stored.map((row) => row.id), mail: mailRows.length > 0 });
}

/**
 * Queues an email that is not a notification (a sign-in link) inside the caller's transaction: it goes out once the
 * transaction commits, and is retried from the outbox if the mail server fails. `now` is the app's clock.
 */
export async function queueMail(tx: Transaction, message: MailMessage, now: Date): Promise<void> {
  await tx.insert(mailOutbox).values({
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    nextAttemptAt: now,
    createdAt: now,
  });
  await announce(tx, { mail: true });
}

/** These users' notifications were marked read: once committed, each of their open sockets gets the new count. */
export async function announceCountsChanged(tx: Transaction, userIds: string[]): Promise<void> {
  await announce(tx, { counts: userIds });
}

/** These users' sessions were revoked: once committed, their open sockets are checked at once, on every instance. */
export async function announceSessionsEnded(tx: Transaction, userIds: string[]): Promise<void> {
  await announce(tx, { sessions: userIds });
}

/** NOTIFYs the broadcast; held by the database until the transaction commits, dropped if it rolls back. */
async function announce(tx: Transaction, broadcast: Broadcast): Promise<void> {
  const empty =
    !broadcast.mail && !broadcast.notifications?.length && !broadcast.counts?.length && !broadcast.sessions?.length;
  if (empty) return;
  for (const payload of encodeBroadcast(broadcast)) await tx.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
}
