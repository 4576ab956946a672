import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { NOTIFICATION_TYPE_IDS, type NotificationTypeId } from "@housemate/contract";
import type { Executor } from "../../../db/client.js";
import { instanceSecrets } from "../../../db/schema.js";

/**
 * The one-click unsubscribe of every email but the sign-in link (RFC 8058, docs/decisions/052). A token names a person
 * and a notification type, signed with HMAC-SHA256 by a key the server makes once and keeps in `instance_secrets`
 * (every instance reads the same). It never expires: a person may click a mail from last year.
 *
 * Mail is written inside the statement that records it, which cannot wait for the key; so a mail says only whom and
 * which type it is for (`unsubscribable`), with a placeholder where the token goes, and the outbox signs it as it
 * sends (`signUnsubscribe`), adding the headers.
 */

const KEY_NAME = "unsubscribe_key";
/** A header the outbox reads and removes before sending: "<user id> <type id>". */
export const UNSUBSCRIBE_FOR = "X-Housemate-Unsubscribe-For";
const TOKEN_PLACEHOLDER = "__UNSUBSCRIBE_TOKEN__";

export interface Unsubscribable {
  /** For the mail's `headers`: whom and which type the outbox signs a token for. */
  headers: Record<string, string>;
  /** The web's unsubscribe page for the footer's link (`MailFooter.unsubscribeUrl`), its token filled in when sent. */
  pageUrl: string;
}

/** What a mail to `userId` about `type` needs for its unsubscribe link and headers. */
export function unsubscribable(userId: string, type: NotificationTypeId, publicUrl: string): Unsubscribable {
  return {
    headers: { [UNSUBSCRIBE_FOR]: `${userId} ${type}` },
    pageUrl: `${publicUrl}/unsubscribe?token=${TOKEN_PLACEHOLDER}`,
  };
}

interface Signable {
  text: string;
  html?: string | undefined;
  headers?: Record<string, string> | undefined;
}

/**
 * A message as it is sent: with `UNSUBSCRIBE_FOR`, its token signed into the page's link and `List-Unsubscribe` (the
 * API's one-click URL) with `List-Unsubscribe-Post`; without, unchanged.
 */
export function signUnsubscribe<M extends Signable>(message: M, key: string, publicUrl: string): M {
  const target = message.headers?.[UNSUBSCRIBE_FOR];
  if (!target || !message.headers) return message;
  const [userId = "", type = ""] = target.split(" ");
  if (!isType(type)) return message;
  const token = unsubscribeToken(key, userId, type);
  const { [UNSUBSCRIBE_FOR]: _signed, ...headers } = message.headers;
  return {
    ...message,
    text: message.text.replaceAll(TOKEN_PLACEHOLDER, token),
    ...(message.html ? { html: message.html.replaceAll(TOKEN_PLACEHOLDER, token) } : {}),
    headers: {
      ...headers,
      "List-Unsubscribe": `<${publicUrl}/api/mail/unsubscribe?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** `<user id>.<type id>.<signature>`: URL-safe as it is, about 100 characters. */
export function unsubscribeToken(key: string, userId: string, type: NotificationTypeId): string {
  return `${userId}.${type}.${sign(key, `${userId}.${type}`)}`;
}

/** Whom and which type a token names, when it is one this server signed; null for anything else. */
export function readUnsubscribeToken(key: string, token: string): { userId: string; type: NotificationTypeId } | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [userId = "", type = "", signature = ""] = parts;
  if (!isType(type)) return null;
  const expected = Buffer.from(sign(key, `${userId}.${type}`));
  const given = Buffer.from(signature);
  // timingSafeEqual throws on different lengths; the length of a signature is no secret.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, type };
}

/**
 * The signing key, made at first use. Two instances starting together both try to insert one: the first wins, the
 * other's insert does nothing, and both read the winner's.
 */
export async function unsubscribeKey(db: Executor): Promise<string> {
  await db
    .insert(instanceSecrets)
    .values({ name: KEY_NAME, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [secret] = await db.select().from(instanceSecrets).where(eq(instanceSecrets.name, KEY_NAME));
  if (!secret) throw new Error("the unsubscribe key could not be read");
  return secret.value;
}

/** `unsubscribeKey`, read once per app (the key never changes once made). */
export function cachedUnsubscribeKey(db: Executor): () => Promise<string> {
  let key: Promise<string> | null = null;
  return () => {
    key ??= unsubscribeKey(db).catch((error: unknown) => {
      key = null;
      throw error;
    });
    return key;
  };
}

const sign = (key: string, payload: string) => createHmac("sha256", key).update(payload).digest("base64url");
const isType = (value: string): value is NotificationTypeId =>
  (NOTIFICATION_TYPE_IDS as readonly string[]).includes(value);
