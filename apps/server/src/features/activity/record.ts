import { randomBytes } from "node:crypto";
import {
  ACTIVITY_DETAILS,
  SYSTEM_ACTOR_NAME,
  type ActivityDetailsByKind,
  type ActivityKind,
  type ActivityPerson,
  type ActivitySubject,
} from "@housemate/contract";
import type { Executor, Transaction } from "../../db/client.js";
import { activityLog } from "../../db/schema.js";

/**
 * The one way an entry enters the household's activity log (issue 20, docs/decisions/042): inside the transaction of
 * the change it records, so a change that fails or rolls back leaves no entry, and one that commits always has its
 * entry. Nothing here updates or deletes an entry; the database refuses both (migration 0011).
 */

/** One entry to record, its details typed by its kind. */
export type NewActivity = {
  [K in ActivityKind]: {
    householdId: string;
    kind: K;
    /** Who made the change: `personOf(user)`, or SYSTEM_ACTOR. */
    actor: ActivityPerson;
    subject: ActivitySubject;
    details: ActivityDetailsByKind[K];
    /** The app's clock at the change, so the entry is dated as everything else the request wrote. */
    at: Date;
  };
}[ActivityKind];

/** Housemate itself, for a change nobody made (a proposal failing at its closing time). */
export const SYSTEM_ACTOR: ActivityPerson = { id: null, name: SYSTEM_ACTOR_NAME };

/** A person as an entry names them: their display name now, kept as it is in the entry. */
export const personOf = (user: { id: string; displayName: string }): ActivityPerson => ({
  id: user.id,
  name: user.displayName,
});

/** The person an entry concerns besides its actor (the `member` filter finds it by them too). */
function concernedMember(details: object): string | null {
  if ("member" in details) return (details.member as ActivityPerson).id;
  if ("offender" in details) return (details.offender as ActivityPerson).id;
  return null;
}

/** Records an entry inside the caller's transaction. */
export async function recordActivity(tx: Transaction, entry: NewActivity): Promise<void> {
  await tx.insert(activityLog).values(activityRow(entry));
}

/**
 * The entry's insert as a WITH query, for a change that is one statement (issuing a fine): `db.with(write).insert(…)`
 * commits or fails the change and its entry together, with no transaction and no extra round trip.
 */
export function activityWrite(db: Executor, entry: NewActivity) {
  return db
    .$with("logged_activity")
    .as(db.insert(activityLog).values(activityRow(entry)).returning({ id: activityLog.id }));
}

function activityRow(entry: NewActivity): typeof activityLog.$inferInsert {
  // Checked against the contract as it is written: an entry the log could not answer with must fail its change.
  const details: object = ACTIVITY_DETAILS[entry.kind].parse(entry.details);
  return {
    id: timeOrderedId(),
    householdId: entry.householdId,
    kind: entry.kind,
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    memberId: concernedMember(details),
    subjectType: entry.subject.type,
    subjectId: entry.subject.id,
    details,
    createdAt: entry.at,
  };
}

let lastMillis = 0;
let sequence = 0;

/**
 * A UUIDv7 (RFC 9562) that sorts after every one this process made before: the entries one change writes share its
 * `created_at`, and the log orders them by id next, so they read in the order they were made (a vote, then the
 * decision it caused). PostgreSQL compares uuids byte by byte, as this is laid out.
 */
export function timeOrderedId(): string {
  const now = Date.now();
  if (now > lastMillis) {
    lastMillis = now;
    sequence = 0;
  } else if (++sequence > 0xfff) {
    lastMillis += 1;
    sequence = 0;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(lastMillis, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
