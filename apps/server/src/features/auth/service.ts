import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import {
  APP_LINK_SIGN_IN_PATH,
  APP_LINK_SIGN_IN_QUERY,
  isValidDisplayName,
  MAGIC_LINK_INVALID_MESSAGE,
  MAGIC_LINK_TTL_MINUTES,
  sanitizeDisplayName,
  SESSION_TTL_DAYS,
  type PendingInvite,
} from "@housemate/contract";
import type { Config } from "../../config.js";
import type { Database, Executor, Transaction } from "../../db/client.js";
import { magicLinks, sessions, users } from "../../db/schema.js";
import { unauthenticated } from "../../lib/errors.js";
import { randomToken, sha256 } from "../../lib/tokens.js";
import type { UserRow } from "../../plugins/auth.js";
import { findValidInvite } from "../households/membership.js";
import { invitingHousehold } from "../invites/service.js";
import { announceSessionsEnded, queueMail } from "../notifications/record.js";
import { removeSessionsSubscriptions } from "../notifications/push/subscriptions.js";
import { magicLinkMail } from "./magic-link-mail.js";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const FALLBACK_DISPLAY_NAME = "Housemate";

/**
 * Records a sign-in link for `email` (only the token's digest) and queues the email carrying it,
 * in one transaction. Known and unknown addresses are treated alike, so the answer reveals nothing.
 * A still-valid invite is kept with the link and named in the email (decision 021); any other code
 * is dropped, as it could open nothing.
 */
export async function requestMagicLink(
  db: Database,
  params: {
    email: string;
    displayName?: string | undefined;
    inviteCode?: string | undefined;
    now: Date;
    publicUrl: string;
  },
): Promise<void> {
  // Expired links can sign nobody in and still hold an email address: forget them.
  await db.delete(magicLinks).where(lt(magicLinks.expiresAt, params.now));
  const token = randomToken();
  // The path the phone apps open (their link association, app-links.ts), so a tapped link signs in inside the app.
  const link = `${params.publicUrl}${APP_LINK_SIGN_IN_PATH}?${APP_LINK_SIGN_IN_QUERY}=${encodeURIComponent(token)}`;
  const invite = params.inviteCode ? await findValidInvite(db, params.inviteCode, params.now) : null;
  const mailInvite = invite
    ? {
        householdName: invite.household.name,
        displayName: newUserDisplayName(params.displayName ?? null, params.email),
      }
    : null;
  await db.transaction(async (tx) => {
    await tx.insert(magicLinks).values({
      tokenHash: sha256(token),
      email: params.email,
      displayName: params.displayName || null,
      inviteCode: invite ? invite.invite.code : null,
      expiresAt: new Date(params.now.getTime() + MAGIC_LINK_TTL_MINUTES * MINUTE),
      createdAt: params.now,
    });
    await queueMail(tx, magicLinkMail({ to: params.email, link, invite: mailInvite }), params.now);
  });
}

export interface SignIn {
  token: string;
  expires: Date;
  user: UserRow;
  /** The invite the link carried, still valid, for a person without a household to confirm or decline. */
  invite: PendingInvite | null;
}

/**
 * Trades a sign-in link for a session: consumes the link (once, atomically) and finds or creates the
 * account. An invite the link carried is never joined here (decision 021): it comes back as a pending
 * invite, with the name proposed for the person only as a suggestion, for them to confirm on onboarding.
 */
export async function verifyMagicLink(
  db: Database,
  params: { token: string; now: Date; config: Pick<Config, "plans"> },
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

    // With an invite, whoever asked may not be the address's owner: their name for the new account is
    // only proposed, never applied, so the account's name stays unchosen until they confirm it (joining, or
    // onboarding's name step after declining the invite).
    const registeredName = link.inviteCode ? null : link.displayName;
    const user = await findOrCreateUser(tx, {
      email: link.email,
      registeredName,
      // A name given at sign-up (/register) and applied: onboarding does not ask again (issue 18).
      gaveName: isValidDisplayName(sanitizeDisplayName(registeredName ?? "")),
      now,
    });
    const invite =
      link.inviteCode && !user.householdId
        ? await pendingInvite(tx, link.inviteCode, link.displayName, user, now, params.config)
        : null;

    const token = randomToken();
    const expires = new Date(now.getTime() + SESSION_TTL_DAYS * DAY);
    await tx.insert(sessions).values({ tokenHash: sha256(token), userId: user.id, expiresAt: expires, createdAt: now });
    return { token, expires, user, invite };
  });
}

/** Ends a session on the server: its token stops working everywhere at once, and its live sockets close. */
export async function revokeSession(db: Database, session: { id: string; userId: string }, now: Date): Promise<void> {
  await db.transaction((tx) => endSessions(tx, { userId: session.userId, sessionId: session.id }, now));
}

/**
 * Ends one of a user's sessions (`sessionId`), or all of them, inside the caller's transaction: their tokens stop
 * working at once, their devices' push subscriptions go (nothing more is pushed to a device nobody is signed in on),
 * and once it commits their live sockets close on every instance.
 */
export async function endSessions(
  tx: Transaction,
  params: { userId: string; sessionId?: string },
  now: Date,
): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, params.userId),
        params.sessionId === undefined ? undefined : eq(sessions.id, params.sessionId),
        isNull(sessions.revokedAt),
      ),
    );
  await removeSessionsSubscriptions(tx, params);
  await announceSessionsEnded(tx, [params.userId]);
}

/**
 * Concurrency-safe on the unique email index: two first sign-ins of one address make one account. Each call is a
 * sign-in: the one before it is kept, so the person has been here before in every session but the account's first.
 */
async function findOrCreateUser(
  tx: Executor,
  params: { email: string; registeredName: string | null; gaveName: boolean; now: Date },
) {
  const { email, now } = params;
  const [created] = await tx
    .insert(users)
    .values({
      email,
      displayName: newUserDisplayName(params.registeredName, email),
      // Through /login nobody was asked: the name made from the address is only a stand-in until onboarding asks.
      displayNameChosen: params.gaveName,
      emailVerified: true,
      lastSignedInAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (created) return created;

  // Opening the emailed link proves the address. SET reads the row as it was: the last sign-in becomes the previous.
  const [existing] = await tx
    .update(users)
    .set({ emailVerified: true, previousSignedInAt: sql`${users.lastSignedInAt}`, lastSignedInAt: now })
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .returning();
  if (!existing) throw new Error("user vanished between insert and update");
  return existing;
}

/** What the invite offers, if it is still valid: an expired or unknown one never blocks signing in. */
async function pendingInvite(
  tx: Executor,
  code: string,
  proposedName: string | null,
  user: UserRow,
  now: Date,
  config: Pick<Config, "plans">,
): Promise<PendingInvite | null> {
  const found = await findValidInvite(tx, code, now);
  if (!found) return null;
  const proposed = sanitizeDisplayName(proposedName ?? "");
  // A name made from the address is nobody's choice: the invite step then asks with an empty field.
  const ownName = user.displayNameChosen ? user.displayName : "";
  return {
    code,
    ...(await invitingHousehold(tx, config, found.household)),
    displayName: isValidDisplayName(proposed) ? proposed : ownName,
  };
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
