import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, sql, type SQLWrapper } from "drizzle-orm";
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

/**
 * What a recipient is told from: their account and their preference for the event's type. `recipientFields` over
 * `users` left joined to `notification_preferences` on `preferenceOf(type)`.
 */
export const recipientFields = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  inAppEnabled: notificationPreferences.inAppEnabled,
  emailEnabled: notificationPreferences.emailEnabled,
};
export interface Recipient {
  id: string;
  email: string | null;
  displayName: string;
  /** Null when the user has no preference row for the type: the defaults. */
  inAppEnabled: boolean | null;
  emailEnabled: boolean | null;
}

/** The join condition that gives each `users` row its preference for `type`, if it has one. */
export const preferenceOf = (type: NotificationTypeId) =>
  and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.typeId, type));

interface EventText {
  type: NotificationTypeId;
  householdId: string | null;
  title: string;
  message: string;
}

export type NotificationEvent = EventText &
  (
    | { recipientIds: string[] }
    /**
     * Recipients the caller read already, in a query of its own (issuing a fine reads the offender anyway):
     * `recipientFields` joined on `preferenceOf` this event's type, deleted accounts left out. Saves a round trip.
     */
    | { recipients: Recipient[] }
  );

/**
 * Records an event for its recipients: the one place that decides who is told and how. Each recipient (deleted
 * accounts skipped) gets a stored in-app notification, pushed live to their open sockets, when their preference for
 * the type has in-app on, and an email when it has email on (both default to on). Mail is only queued here, so a
 * mail server that is down can never fail or roll back the event.
 */
export async function recordNotification(tx: Transaction, event: NotificationEvent, publicUrl: string): Promise<void> {
  const recipients =
    "recipients" in event
      ? [...new Map(event.recipients.map((recipient) => [recipient.id, recipient])).values()]
      : await readRecipients(tx, event.type, event.recipientIds);
  if (recipients.length === 0) return;

  // No preference row means the defaults: both on. The ids are made here rather than by the database so that the
  // NOTIFY naming them goes out in the same statement as the rows.
  const notificationRows = recipients
    .filter((r) => r.inAppEnabled !== false)
    .map((r) => ({
      id: randomUUID(),
      userId: r.id,
      householdId: event.householdId,
      typeId: event.type,
      title: event.title,
      message: event.message,
    }));
  const mailRows = recipients.flatMap((r) =>
    r.emailEnabled !== false && r.email ? [{ to: r.email, ...notificationEmail(event, r.displayName, publicUrl) }] : [],
  );

  await announce(tx, { notifications: notificationRows.map((row) => row.id), mail: mailRows.length > 0 }, [
    ...(notificationRows.length > 0 ? [tx.insert(notifications).values(notificationRows)] : []),
    ...(mailRows.length > 0 ? [tx.insert(mailOutbox).values(mailRows)] : []),
  ]);
}

/** The users of `ids` whose accounts are not deleted, with their preference for `type`. */
async function readRecipients(tx: Transaction, type: NotificationTypeId, ids: string[]): Promise<Recipient[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return tx
    .select(recipientFields)
    .from(users)
    .leftJoin(notificationPreferences, preferenceOf(type))
    .where(and(inArray(users.id, unique), isNull(users.deletedAt)));
}

/**
 * Queues an email that is not a notification (a sign-in link) inside the caller's transaction: it goes out once the
 * transaction commits, and is retried from the outbox if the mail server fails. `now` is the app's clock.
 */
export async function queueMail(tx: Transaction, message: MailMessage, now: Date): Promise<void> {
  const mail = tx.insert(mailOutbox).values({
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    nextAttemptAt: now,
    createdAt: now,
  });
  await announce(tx, { mail: true }, [mail]);
}

/** These users' notifications were marked read: once committed, each of their open sockets gets the new count. */
export async function announceCountsChanged(tx: Transaction, userIds: string[]): Promise<void> {
  await announce(tx, { counts: userIds });
}

/** These users' sessions were revoked: once committed, their open sockets are checked at once, on every instance. */
export async function announceSessionsEnded(tx: Transaction, userIds: string[]): Promise<void> {
  await announce(tx, { sessions: userIds });
}

/**
 * NOTIFYs the broadcast; held by the database until the transaction commits, dropped if it rolls back. `writes` (the
 * rows the broadcast is about) go in the same statement, as data-modifying WITHs, which PostgreSQL runs to completion
 * whether or not anything reads them: one round trip instead of one per write and one for the NOTIFY. The statement is
 * put together with `sql` because its main part, a SELECT of the NOTIFYs with no FROM, is one that Drizzle's builder
 * cannot write; every write in it is built by Drizzle.
 */
async function announce(tx: Transaction, broadcast: Broadcast, writes: SQLWrapper[] = []): Promise<void> {
  const empty =
    !broadcast.mail && !broadcast.notifications?.length && !broadcast.counts?.length && !broadcast.sessions?.length;
  const notifies = empty ? [] : encodeBroadcast(broadcast).map((payload) => sql`pg_notify(${CHANNEL}, ${payload})`);
  if (notifies.length === 0 && writes.length === 0) return;
  const withs = writes.map((write, index) => sql`${sql.identifier(`write_${String(index)}`)} as (${write.getSQL()})`);
  await tx.execute(
    sql`${withs.length > 0 ? sql`with ${sql.join(withs, sql`, `)} ` : sql``}select ${notifies.length > 0 ? sql.join(notifies, sql`, `) : sql`1`}`,
  );
}
