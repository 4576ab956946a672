import { eq } from "drizzle-orm";
import webpush from "web-push";
import { ConfigError, type Config } from "../../../config.js";
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
 * support address when there is one, else the public site when it is https, else the address mail comes from. Read at
 * boot: a MAIL_FROM with no address in it (only `min(3)` is checked of it) stops the server with a ConfigError, rather
 * than every push failing to be signed.
 */
export function vapidSubject(config: Pick<Config, "supportEmail" | "publicUrl" | "mailFrom">): string {
  if (config.supportEmail) return `mailto:${config.supportEmail}`;
  if (config.publicUrl.startsWith("https://")) return config.publicUrl;
  // MAIL_FROM is "Name <address>" or a bare address.
  const open = config.mailFrom.lastIndexOf("<");
  const close = config.mailFrom.lastIndexOf(">");
  const address = (open >= 0 && close > open ? config.mailFrom.slice(open + 1, close) : config.mailFrom).trim();
  if (!isPlainAddress(address)) {
    throw new ConfigError(
      "Invalid configuration:\n  MAIL_FROM: must hold an email address (`Name <address>` or `address`) to sign push " +
        "notifications with, unless SUPPORT_EMAIL is set or PUBLIC_URL is https",
    );
  }
  return `mailto:${address}`;
}

/** One `@` between a local part and a domain, nothing a URL would read otherwise: what a mailto: URL carries whole. */
function isPlainAddress(address: string): boolean {
  const at = address.indexOf("@");
  return (
    at > 0 &&
    at < address.length - 1 &&
    at === address.lastIndexOf("@") &&
    ![" ", "\t", "<", ">", "?", "#", "/", ":", ","].some((character) => address.includes(character))
  );
}
