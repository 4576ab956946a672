import { createPublicKey } from "node:crypto";
import { and, desc, eq, exists, inArray, isNotNull, lte, ne, or, sql } from "drizzle-orm";
import { PUSH_SUBSCRIPTION_LIMIT, type PushSubscriptionBody } from "@housemate/contract";
import type { Database, Executor } from "../../../db/client.js";
import { pushSubscriptions, sessions } from "../../../db/schema.js";

/**
 * Whether the keys are a device's: `p256dh` a point on P-256 (65 bytes, uncompressed, 0x04 first) and `auth` 16 bytes.
 * The contract checks their lengths; a key that is not on the curve would only fail later, at every send.
 */
export function arePushKeys(keys: PushSubscriptionBody["keys"]): boolean {
  const point = Buffer.from(keys.p256dh, "base64url");
  if (point.length !== 65 || point[0] !== 0x04 || Buffer.from(keys.auth, "base64url").length !== 16) return false;
  try {
    createPublicKey({
      key: {
        kty: "EC",
        crv: "P-256",
        x: point.subarray(1, 33).toString("base64url"),
        y: point.subarray(33).toString("base64url"),
      },
      format: "jwk",
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Registers a device for the caller's session. An endpoint is one device: registered again by the same person, it
 * moves to the caller's session with the keys sent. When it is another person's (someone else signed in on the device
 * before), their row is deleted, and their pushes still waiting with it (push_outbox cascades), and a new row is
 * written: a row, and what is queued for it, never changes hands, so none of their pushes reaches the new person.
 * Past PUSH_SUBSCRIPTION_LIMIT devices, the person's device unused longest is dropped.
 *
 * Safe when two people register the same endpoint at once: the upsert updates only the caller's own row, so when
 * the other's insert commits first, it waits for it and then writes nothing; the other's row is then deleted (now
 * committed, and locked by the delete) and the upsert tried again.
 */
export async function registerSubscription(
  db: Database,
  params: { userId: string; sessionId: string; body: PushSubscriptionBody; now: Date },
) {
  const { userId, sessionId, body, now } = params;
  return db.transaction(async (tx) => {
    const values = { userId, sessionId, p256dh: body.keys.p256dh, auth: body.keys.auth, lastUsedAt: now };
    // Each round that writes nothing deleted another person's row; a third person racing in is as rare as it gets.
    for (let round = 0; round < 3; round += 1) {
      const [row] = await tx
        .insert(pushSubscriptions)
        .values({ ...values, endpoint: body.endpoint, createdAt: now })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: values,
          setWhere: sql`${pushSubscriptions.userId} = excluded.user_id`,
        })
        .returning({ id: pushSubscriptions.id, createdAt: pushSubscriptions.createdAt });
      if (row) {
        await dropBeyondLimit(tx, userId);
        return row;
      }
      await tx
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.endpoint, body.endpoint), ne(pushSubscriptions.userId, userId)));
    }
    throw new Error("the push subscription's endpoint kept being registered by others");
  });
}

/** Keeps the person's PUSH_SUBSCRIPTION_LIMIT most recently used devices (the one just registered among them). */
async function dropBeyondLimit(tx: Executor, userId: string) {
  const beyond = tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.lastUsedAt), desc(pushSubscriptions.createdAt))
    .offset(PUSH_SUBSCRIPTION_LIMIT);
  await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, beyond));
}

/** Removes one of the caller's devices; false when there is none of theirs with that id. */
export async function removeOwnSubscription(db: Executor, params: { userId: string; id: string }): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, params.id), eq(pushSubscriptions.userId, params.userId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/**
 * The devices of sessions that end (signing out: one session; everywhere, or the account deleted: all of a person's),
 * inside the transaction that ends them: nothing more is pushed to a device nobody is signed in on.
 */
export async function removeSessionsSubscriptions(
  tx: Executor,
  params: { userId: string; sessionId?: string | undefined },
): Promise<void> {
  await tx
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, params.userId),
        params.sessionId === undefined ? undefined : eq(pushSubscriptions.sessionId, params.sessionId),
      ),
    );
}

/** The devices of sessions that expired (or were revoked) by `at`: an hourly prune, as they get no pushes anyway. */
export async function pruneEndedSubscriptions(db: Executor, at: Date): Promise<void> {
  // Walks the few subscriptions, each session found by its key, rather than every ended session there ever was.
  const ended = db
    .select({ ended: sql`1` })
    .from(sessions)
    .where(
      and(eq(sessions.id, pushSubscriptions.sessionId), or(isNotNull(sessions.revokedAt), lte(sessions.expiresAt, at))),
    );
  await db.delete(pushSubscriptions).where(exists(ended));
}
