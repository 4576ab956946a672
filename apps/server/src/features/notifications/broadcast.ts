import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ACCESS_ENDED_REASONS, type AccessEndedReason } from "@housemate/contract";

/**
 * What a transaction tells every server instance once it commits, through PostgreSQL's NOTIFY (PGlite's, in one
 * process). Ids only, never content: each instance loads what it needs, so a payload stays far below the 8000-byte
 * NOTIFY limit and carries no personal data.
 */
export interface Broadcast {
  /** Stored notifications, for their recipients' open sockets. */
  notifications?: string[];
  /** Users whose notification counts changed (marked read). */
  counts?: string[];
  /** Users whose sessions may have ended (logout, account deletion): their sockets are checked at once. */
  sessions?: string[];
  /** Mail was queued: the process that queued it sends it (`from`). */
  mail?: boolean;
  /** Pushes were queued (issue 23): the process that queued them sends them (`from`), as it does mail. */
  push?: boolean;
  /** Households whose settings, members or roles changed: their members' sockets are told to reload. */
  households?: string[];
  /** Households whose fine fund changed (ledger, proposals, votes): their members' sockets are told to reload it. */
  funds?: string[];
  /** People whose household access ended (removed, left, household deleted): their sockets are told why. */
  accessEnded?: AccessEnded[];
  /**
   * Households whose activity log grew: their members' sockets are told. Sent by the database itself (migration
   * 0012's trigger on activity_log, `from` 'database'), never encoded here.
   */
  activity?: string[];
}

export interface AccessEnded {
  user: string;
  household: string;
  reason: AccessEndedReason;
}

export const CHANNEL = "housemate_events";
/** 100 uuids ≈ 3.9 kB of JSON: half the NOTIFY limit. */
export const IDS_PER_PAYLOAD = 100;
/** Names this process in what it sends, so that it alone sends the mail it queued. */
export const THIS_PROCESS = randomUUID();

const ids = z.array(z.uuid()).max(IDS_PER_PAYLOAD).optional();
const payloadSchema = z.object({
  from: z.string(),
  notifications: ids,
  counts: ids,
  sessions: ids,
  mail: z.boolean().optional(),
  push: z.boolean().optional(),
  households: ids,
  funds: ids,
  activity: ids,
  accessEnded: z
    .array(z.object({ user: z.uuid(), household: z.uuid(), reason: z.enum(ACCESS_ENDED_REASONS) }))
    .max(IDS_PER_PAYLOAD)
    .optional(),
});
export type Payload = z.infer<typeof payloadSchema>;

/** The broadcast as NOTIFY payloads: one, unless a list is longer than IDS_PER_PAYLOAD. */
export function encodeBroadcast(broadcast: Broadcast): string[] {
  const lists = (["notifications", "counts", "sessions"] as const).map(
    (kind) => [kind, [...new Set(broadcast[kind])]] as const,
  );
  const longest = Math.max(...lists.map(([, list]) => list.length));
  const payloads: string[] = [];
  for (let start = 0; start === 0 || start < longest; start += IDS_PER_PAYLOAD) {
    const payload: Payload = {
      from: THIS_PROCESS,
      ...(start === 0 && broadcast.mail ? { mail: true } : {}),
      ...(start === 0 && broadcast.push ? { push: true } : {}),
      // A household event is about one household and a person or two: they ride the first payload.
      ...(start === 0 && broadcast.households?.length ? { households: [...new Set(broadcast.households)] } : {}),
      ...(start === 0 && broadcast.funds?.length ? { funds: [...new Set(broadcast.funds)] } : {}),
      ...(start === 0 && broadcast.accessEnded?.length ? { accessEnded: broadcast.accessEnded } : {}),
    };
    for (const [kind, list] of lists) {
      const chunk = list.slice(start, start + IDS_PER_PAYLOAD);
      if (chunk.length > 0) payload[kind] = chunk;
    }
    payloads.push(JSON.stringify(payload));
  }
  return payloads;
}

/** A payload heard on the channel; null when it is not one of ours. */
export function decodeBroadcast(raw: string): Payload | null {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
