import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  notificationChannels,
  PUSH_BODY_MAX_LENGTH,
  PUSH_TITLE_MAX_LENGTH,
  pushText,
  pushUrlOf,
  type NotificationTypeId,
} from "@housemate/contract";
import type { Executor, Transaction } from "../../db/client.js";
import { households, mailOutbox, notificationPreferences, notifications, users } from "../../db/schema.js";
import { CHANNEL, encodeBroadcast, type AccessEnded, type Broadcast } from "./broadcast.js";
import { notificationEmail } from "./email.js";
import { MAIL_PRIORITY } from "./mail-outbox.js";
import type { MailMessage } from "./mailer.js";
import { queuePushes } from "./push/queue.js";

/**
 * Everything that must reach people is recorded here, in the transaction of the change that causes it, and
 * announced with a NOTIFY in that same transaction. PostgreSQL (and PGlite) hand a NOTIFY to the listeners only
 * when its transaction commits, and never when it rolls back, so delivery after commit needs no one to remember
 * it: every instance hears the commit (plugin.ts) and pushes to the sockets it holds; the instance that queued
 * mail sends it. See docs/decisions/026 and 030.
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
  pushEnabled: notificationPreferences.pushEnabled,
};
export interface Recipient {
  id: string;
  email: string | null;
  displayName: string;
  /** Null when the user has no preference row for the type: the defaults. */
  inAppEnabled: boolean | null;
  emailEnabled: boolean | null;
  pushEnabled: boolean | null;
}

/** The join condition that gives each `users` row its preference for `type`, if it has one. */
export const preferenceOf = (type: NotificationTypeId) =>
  and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.typeId, type));

interface EventText {
  type: NotificationTypeId;
  householdId: string | null;
  /**
   * The household's name, for the email's subject, when the caller has it at hand (issuing a fine does). Otherwise it
   * is read with the recipients (in the same query when they are named by id).
   */
  householdName?: string;
  title: string;
  message: string;
  /**
   * What the event is about (`fine:<id>`), when the caller knows: a push's `tag`, so a newer push about the same thing
   * replaces the older one on a device. Without it, each push stands alone.
   */
  subject?: string;
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
 * Decides who is told of an event and how, the one place that does: each recipient (deleted accounts skipped) gets a
 * stored in-app notification, pushed live to their open sockets, when their preference for the type has in-app on,
 * an email when it has email on, and a Web Push to each of their devices when it has push on (all default to on), each
 * only when the type is sent on that channel (`notificationChannels`: the weekly digest is an email only). Mail and pushes are only queued, so a mail server or push service that
 * is down can never fail or roll back the event.
 *
 * What it decides comes back as the WITH queries of a statement, not yet sent: the rows to insert, the first of them
 * carrying the NOTIFY in its RETURNING. A change that is a single statement takes them into its own WITH
 * (`db.with(...writes).insert(…)`): the change and its notifications are then one statement, a transaction by itself.
 * PostgreSQL runs a data-modifying WITH to completion, RETURNING included, whether or not the statement reads it.
 * Inside a longer transaction, use `recordNotification`. Empty when nobody is told.
 */
export async function notificationWrites(db: Executor, event: NotificationEvent, publicUrl: string) {
  const { recipients, householdName } =
    "recipients" in event
      ? {
          recipients: [...new Map(event.recipients.map((recipient) => [recipient.id, recipient])).values()],
          householdName: event.householdName ?? (await readHouseholdName(db, event.householdId)),
        }
      : await readRecipients(db, event);

  const channels = notificationChannels(event.type);
  // No preference row means the defaults: every switch on. The ids are made here rather than by the database so that
  // the NOTIFY can name them before they are written.
  const notificationRows = recipients
    .filter((r) => channels.includes("in_app") && r.inAppEnabled !== false)
    .map((r) => ({
      id: randomUUID(),
      userId: r.id,
      householdId: event.householdId,
      typeId: event.type,
      title: event.title,
      message: event.message,
    }));
  const mailRows = recipients.flatMap((r) =>
    channels.includes("email") && r.emailEnabled !== false && r.email
      ? [{ to: r.email, ...notificationEmail({ event, recipient: r, householdName, publicUrl }) }]
      : [],
  );

  const storedIdOf = new Map(notificationRows.map((row) => [row.userId, row.id]));
  const pushes = channels.includes("push")
    ? recipients
        .filter((r) => r.pushEnabled !== false)
        .map((r) => {
          // The stored notification's id, which the app can mark read; a push of a type kept out of the bell has its own.
          const notificationId = storedIdOf.get(r.id) ?? randomUUID();
          return {
            userId: r.id,
            payload: {
              notification_id: notificationId,
              type_id: event.type,
              // Cut for a lock screen and for the push service's 4 KB (the in-app notification keeps every word).
              title: pushText(event.title, PUSH_TITLE_MAX_LENGTH),
              body: pushText(event.message, PUSH_BODY_MAX_LENGTH),
              url: pushUrlOf(event.type),
              tag: `${event.type}:${event.subject ?? notificationId}`,
            },
          };
        })
    : [];

  // The NOTIFY rides on the first write's RETURNING (the other returns its ids only because a WITH query must return
  // something). It is evaluated for each row written; PostgreSQL delivers identical NOTIFYs of a transaction once.
  const broadcast = { notifications: notificationRows.map((row) => row.id), mail: mailRows.length > 0 };
  const stored =
    notificationRows.length > 0
      ? db
          .$with("stored_notifications")
          .as(db.insert(notifications).values(notificationRows).returning(announcing(broadcast)))
      : null;
  const queued =
    mailRows.length > 0
      ? db.$with("queued_mail").as(
          db
            .insert(mailOutbox)
            .values(mailRows)
            .returning(stored ? { id: mailOutbox.id } : announcing(broadcast)),
        )
      : null;
  // Its own NOTIFY, evaluated only for a row written: a recipient with no device wakes no push drain.
  const pushed =
    pushes.length > 0
      ? db.$with("queued_pushes").as(queuePushes(db, pushes).returning(announcing({ push: true })))
      : null;
  return [stored, queued, pushed].filter((write) => write !== null);
}

/**
 * Records an event for its recipients inside the caller's transaction, as `notificationWrites` decides, in one
 * statement (and a read of the recipients when the event names them by id).
 */
export async function recordNotification(tx: Transaction, event: NotificationEvent, publicUrl: string): Promise<void> {
  const writes = await notificationWrites(tx, event, publicUrl);
  const [first] = writes;
  if (!first) return;
  // A statement needs a main part besides its WITH queries: reading the first write is the smallest.
  await tx
    .with(...writes)
    .select({ written: sql`1` })
    .from(first);
}

/**
 * The users the event names whose accounts are not deleted, with their preference for its type, and its household's
 * name (the caller's, or read in the same query).
 */
async function readRecipients(
  db: Executor,
  event: EventText & { recipientIds: string[] },
): Promise<{ recipients: Recipient[]; householdName: string | null }> {
  const known = event.householdName ?? null;
  const unique = [...new Set(event.recipientIds)];
  if (unique.length === 0) return { recipients: [], householdName: known };
  const rows = await db
    .select({
      ...recipientFields,
      householdName:
        known === null && event.householdId
          ? sql<
              string | null
            >`(select ${households.name} from ${households} where ${households.id} = ${event.householdId})`
          : sql<string | null>`${known}::text`,
    })
    .from(users)
    .leftJoin(notificationPreferences, preferenceOf(event.type))
    .where(and(inArray(users.id, unique), isNull(users.deletedAt)));
  return { recipients: rows, householdName: rows[0]?.householdName ?? known };
}

async function readHouseholdName(db: Executor, householdId: string | null): Promise<string | null> {
  if (!householdId) return null;
  const [household] = await db.select({ name: households.name }).from(households).where(eq(households.id, householdId));
  return household?.name ?? null;
}

/**
 * Queues an email that is not a notification (a sign-in link, a support message with its extra headers) inside the
 * caller's transaction: it goes out once the transaction commits, and is retried from the outbox if the mail server
 * fails. `now` is the app's clock.
 */
export async function queueMail(tx: Transaction, message: MailMessage, now: Date): Promise<void> {
  await tx
    .insert(mailOutbox)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      headers: message.headers ?? null,
      priority: message.priority ?? MAIL_PRIORITY.notification,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning(announcing({ mail: true }));
}

/** These users' notifications were marked read: once committed, each of their open sockets gets the new count. */
export async function announceCountsChanged(tx: Transaction, userIds: string[]): Promise<void> {
  if (userIds.length > 0) await tx.execute(sql`select ${notifying({ counts: userIds })}`);
}

/** These users' sessions were revoked: once committed, their open sockets are checked at once, on every instance. */
export async function announceSessionsEnded(tx: Transaction, userIds: string[]): Promise<void> {
  if (userIds.length > 0) await tx.execute(sql`select ${notifying({ sessions: userIds })}`);
}

/**
 * Something every member sees of these households changed (settings, members, roles): once committed, each member's
 * open sockets are told to reload it, whatever their notification preferences.
 */
export async function announceHouseholdChanged(tx: Transaction, householdIds: string[]): Promise<void> {
  if (householdIds.length > 0) await tx.execute(sql`select ${notifying({ households: householdIds })}`);
}

/**
 * These households' fine funds changed (an entry in the ledger, a proposal made, voted on or decided): once committed,
 * each member's open sockets are told to reload the fund, whatever their notification preferences.
 */
export async function announceFundChanged(tx: Transaction, householdIds: string[]): Promise<void> {
  if (householdIds.length > 0) await tx.execute(sql`select ${notifying({ funds: householdIds })}`);
}

/** These people lost access to their household: once committed, their open sockets are told, and why. */
export async function announceAccessEnded(tx: Transaction, ended: AccessEnded[]): Promise<void> {
  if (ended.length > 0) await tx.execute(sql`select ${notifying({ accessEnded: ended })}`);
}

/**
 * The NOTIFYs of a broadcast as one SQL expression (of no value): the database holds them until the transaction
 * commits and drops them if it rolls back.
 */
function notifying(broadcast: Broadcast) {
  const notifies = encodeBroadcast(broadcast).map((payload) => sql`pg_notify(${CHANNEL}, ${payload})`);
  return sql`concat(${sql.join(notifies, sql`, `)})`;
}

/** The broadcast's NOTIFYs as a RETURNING selection, for the write the broadcast is about. */
const announcing = (broadcast: Broadcast) => ({ announced: notifying(broadcast).mapWith(String).as("announced") });
