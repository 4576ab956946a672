import { and, eq, gt, isNull, lt } from "drizzle-orm";
import {
  isValidDisplayName,
  MAGIC_LINK_INVALID_MESSAGE,
  MAGIC_LINK_TTL_MINUTES,
  sanitizeDisplayName,
  SESSION_TTL_DAYS,
} from "@housemate/contract";
import type { Database, Executor } from "../../db/client.js";
import { magicLinks, sessions, users } from "../../db/schema.js";
import { AppError, unauthenticated } from "../../lib/errors.js";
import { emptyDelivery, type Delivery } from "../../lib/notify.js";
import { queueMail } from "../../lib/outbox.js";
import { randomToken, sha256 } from "../../lib/tokens.js";
import type { UserRow } from "../../plugins/auth.js";
import { addMember, findValidInvite } from "../households/membership.js";
import { magicLinkMail } from "./magic-link-mail.js";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const FALLBACK_DISPLAY_NAME = "Housemate";

/**
 * Records a sign-in link for `email` (only the token's digest) and queues the email carrying it,
 * in one transaction. Known and unknown addresses are treated alike, so the answer reveals nothing.
 */
export async function requestMagicLink(
  db: Database,
  params: { email: string; displayName?: string | undefined; inviteCode?: string | undefined; now: Date; publicUrl: string },
): Promise<void> {
  // Expired links can sign nobody in and still hold an email address: forget them.
  await db.delete(magicLinks).where(lt(magicLinks.expiresAt, params.now));
  const token = randomToken();
  const link = `${params.publicUrl}/auth/verify?token=${encodeURIComponent(token)}`;
  await db.transaction(async (tx) => {
    await tx.insert(magicLinks).values({
      tokenHash: sha256(token),
      email: params.email,
      displayName: params.displayName || null,
      inviteCode: params.inviteCode || null,
      expiresAt: new Date(params.now.getTime() + MAGIC_LINK_TTL_MINUTES * MINUTE),
      createdAt: params.now,
    });
    await queueMail(tx, magicLinkMail({ to: params.email, link }), params.now);
  });
}

export interface SignIn {
  token: string;
  expires: Date;
  user: UserRow;
  /** The household's "new housemate" notifications, for `app.notifier.deliver` after commit. */
  delivery: Delivery;
}

/**
 * Trades a sign-in link for a session: consumes the link (once, atomically), finds or creates the
 * account, joins the invited household if the link came from a registration with a valid invite.
 */
export async function verifyMagicLink(
  db: Database,
  params: { token: string; now: Date; publicUrl: string },
): Promise<SignIn> {
  const { now } = params;
  return db.transaction(async (tx) => {
    // Only one of any number of concurrent verifies gets the row back.
    const [link] = await tx
      .update(magicLinks)
      .set({ consumedAt: now })
      .where(
        and(
          eq(magicLinks.tokenHash, sha256(params.token)),
          isNull(magicLinks.consumedAt),
          gt(magicLinks.expiresAt, now),
        ),
      )
      .returning();
    if (!link) throw unauthenticated(MAGIC_LINK_INVALID_MESSAGE);

    let user = await findOrCreateUser(tx, link.email, link.displayName, now);
    let delivery = emptyDelivery();
    if (link.inviteCode && !user.householdId) {
      delivery = await joinInvitedHousehold(tx, user, link.inviteCode, now, params.publicUrl);
      user = await reloadUser(tx, user.id);
    }

    const token = randomToken();
    const expires = new Date(now.getTime() + SESSION_TTL_DAYS * DAY);
    await tx.insert(sessions).values({ tokenHash: sha256(token), userId: user.id, expiresAt: expires, createdAt: now });
    return { token, expires, user, delivery };
  });
}

/** Ends a session on the server: its token stops working everywhere at once. */
export async function revokeSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Concurrency-safe on the unique email index: two first sign-ins of one address make one account. */
async function findOrCreateUser(tx: Executor, email: string, registeredName: string | null, now: Date) {
  const [created] = await tx
    .insert(users)
    .values({
      email,
      displayName: newUserDisplayName(registeredName, email),
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (created) return created;

  // Opening the emailed link proves the address.
  const [existing] = await tx
    .update(users)
    .set({ emailVerified: true })
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .returning();
  if (!existing) throw new Error("user vanished between insert and update");
  return existing;
}

/** An invalid or expired invite, or a household joined meanwhile, never blocks signing in. */
async function joinInvitedHousehold(tx: Executor, user: UserRow, code: string, now: Date, publicUrl: string) {
  const invite = await findValidInvite(tx, code, now);
  if (!invite) return emptyDelivery();
  try {
    return await addMember(tx, { userId: user.id, householdId: invite.household.id, isAdmin: false, publicUrl, now });
  } catch (error) {
    // addMember's conflict comes from a conditional UPDATE matching no row, so the transaction is intact.
    if (error instanceof AppError && error.code === "CONFLICT") return emptyDelivery();
    throw error;
  }
}

async function reloadUser(tx: Executor, id: string): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new Error("user vanished during sign-in");
  return row;
}

/** The name typed at registration when it passes SPEC §5, else one made from the email's local part. */
export function newUserDisplayName(registered: string | null, email: string): string {
  const fromForm = sanitizeDisplayName(registered ?? "");
  if (isValidDisplayName(fromForm)) return fromForm;
  const localPart = email.slice(0, email.lastIndexOf("@"));
  const fromEmail = sanitizeDisplayName(localPart)
    .replace(/[^\p{L}\p{M}\d _.-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 50)
    .trim();
  return isValidDisplayName(fromEmail) ? fromEmail : FALLBACK_DISPLAY_NAME;
}
