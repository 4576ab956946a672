import { eq } from "drizzle-orm";
import webpush from "web-push";
import type { Config } from "../../../config.js";
import type { Executor } from "../../../db/client.js";
import { instanceSecrets } from "../../../db/schema.js";

/**
 * The server's VAPID key pair (RFC 8292), which signs every push so a push service knows it comes from the server the
 * device subscribed with. Made at first boot and kept in `instance_secrets` (every instance reads the same; backups of
 * the database keep it, the people's exports never hold it). The private key is never logged nor answered.
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KEY_NAME = "vapid_keys";

/**
 * The key pair, made at first use. Two instances starting together both try to insert one: the first wins, the other's
 * insert does nothing, and both read the winner's (as the unsubscribe key does).
 */
export async function vapidKeys(db: Executor): Promise<VapidKeys> {
  const made = webpush.generateVAPIDKeys();
  await db
    .insert(instanceSecrets)
    .values({ name: KEY_NAME, value: JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey }) })
    .onConflictDoNothing();
  const [secret] = await db.select().from(instanceSecrets).where(eq(instanceSecrets.name, KEY_NAME));
  if (!secret) throw new Error("the VAPID keys could not be read");
  const { publicKey, privateKey } = JSON.parse(secret.value) as Partial<VapidKeys>;
  if (typeof publicKey !== "string" || typeof privateKey !== "string") throw new Error("the VAPID keys are malformed");
  return { publicKey, privateKey };
}

/** `vapidKeys`, read once per app (the pair never changes once made); a failed read is tried again next time. */
export function cachedVapidKeys(db: Executor): () => Promise<VapidKeys> {
  let keys: Promise<VapidKeys> | null = null;
  return () => {
    keys ??= vapidKeys(db).catch((error: unknown) => {
      keys = null;
      throw error;
    });
    return keys;
  };
}

/**
 * Whom a push service may contact about this server's pushes (the JWT's `sub`, which must be mailto: or https:): the
 * support address when there is one, else the public site when it is https, else the address mail comes from.
 */
export function vapidSubject(config: Pick<Config, "supportEmail" | "publicUrl" | "mailFrom">): string {
  if (config.supportEmail) return `mailto:${config.supportEmail}`;
  if (config.publicUrl.startsWith("https://")) return config.publicUrl;
  // MAIL_FROM is "Name <address>" or a bare address.
  const open = config.mailFrom.lastIndexOf("<");
  const close = config.mailFrom.lastIndexOf(">");
  const address = open >= 0 && close > open ? config.mailFrom.slice(open + 1, close) : config.mailFrom;
  return `mailto:${address.trim()}`;
}
