import { and, eq, isNull, sql } from "drizzle-orm";
import type { PushPayload } from "@housemate/contract";
import type { Executor } from "../../../db/client.js";
import { pushOutbox, pushSubscriptions, sessions } from "../../../db/schema.js";

/** A push for one person: queued for each of their devices. */
export interface PushFor {
  userId: string;
  payload: PushPayload;
}

/**
 * The push outbox's rows for these people, one per device of theirs whose session is not revoked, as one
 * INSERT … SELECT (record.ts takes it into the event's own statement, so a push costs the event no round trip). Not yet
 * run: the caller adds its RETURNING. An expired session's device is skipped when the push is sent (the app's clock).
 */
export function queuePushes(db: Executor, pushes: PushFor[]) {
  const wanted = sql`jsonb_to_recordset(${JSON.stringify(
    pushes.map(({ userId, payload }) => ({ user_id: userId, payload })),
  )}::jsonb) as wanted(user_id uuid, payload jsonb)`;
  return db.insert(pushOutbox).select(
    db
      .select({
        // Every column, in the table's order, as an INSERT … SELECT needs.
        id: sql`gen_random_uuid()`.as("id"),
        subscriptionId: pushSubscriptions.id,
        payload: sql`wanted.payload`.as("payload"),
        attempts: sql`0`.as("attempts"),
        // Due at once by any clock: the database's writes the row, the app's claims it (decision 055).
        nextAttemptAt: sql`'epoch'::timestamptz`.as("next_attempt_at"),
        expiresAt: sql`null::timestamptz`.as("expires_at"),
        sentAt: sql`null::timestamptz`.as("sent_at"),
        lastError: sql`null::text`.as("last_error"),
        createdAt: sql`now()`.as("created_at"),
      })
      .from(pushSubscriptions)
      .innerJoin(wanted, sql`wanted.user_id = ${pushSubscriptions.userId}`)
      .innerJoin(sessions, and(eq(sessions.id, pushSubscriptions.sessionId), isNull(sessions.revokedAt))),
  );
}
