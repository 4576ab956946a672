import { and, eq, isNull } from "drizzle-orm";
import { NOTIFICATION_TYPES, UNSUBSCRIBE_INVALID_MESSAGE, type Unsubscribe } from "@housemate/contract";
import type { Executor } from "../../db/client.js";
import { notificationPreferences, users } from "../../db/schema.js";
import { notFound } from "../../lib/errors.js";
import { readUnsubscribeToken } from "../notifications/mail/unsubscribe.js";

/**
 * What an unsubscribe link is for, and whether that email is on now. Changes nothing: a mail scanner that follows
 * links must not unsubscribe anyone (RFC 8058 asks for the POST).
 */
export async function readUnsubscribe(db: Executor, key: string, token: string): Promise<Unsubscribe> {
  const { userId, type } = await holderOf(db, key, token);
  const [preference] = await db
    .select({ emailEnabled: notificationPreferences.emailEnabled })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.typeId, type)));
  return present(type, preference?.emailEnabled ?? true);
}

/**
 * Turns off exactly that type's email for that person: the in-app switch is left as it was (on, with no row yet).
 * Repeating it changes nothing.
 */
export async function unsubscribe(db: Executor, key: string, token: string): Promise<Unsubscribe> {
  const { userId, type } = await holderOf(db, key, token);
  await db
    .insert(notificationPreferences)
    .values({ userId, typeId: type, inAppEnabled: true, emailEnabled: false })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.typeId],
      set: { emailEnabled: false },
    });
  return present(type, false);
}

/** The person and type a token names: 404 for a token we did not sign, or whose account is deleted. */
async function holderOf(db: Executor, key: string, token: string) {
  const holder = readUnsubscribeToken(key, token);
  if (!holder || !isUuid(holder.userId)) throw notFound(UNSUBSCRIBE_INVALID_MESSAGE);
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, holder.userId), isNull(users.deletedAt)));
  if (!user) throw notFound(UNSUBSCRIBE_INVALID_MESSAGE);
  return holder;
}

const present = (type: Unsubscribe["type_id"], emailEnabled: boolean): Unsubscribe => ({
  type_id: type,
  description: NOTIFICATION_TYPES.find((t) => t.id === type)?.description ?? type,
  email_enabled: emailEnabled,
});

// A signed token only ever names a real user's id, but a bad id would be the database's error rather than a 404.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => UUID.test(value);
