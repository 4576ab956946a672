import { and, gt, inArray, isNull, eq } from "drizzle-orm";
import { ACCESS_ENDED_MESSAGES, SOCKET_CLOSE } from "@housemate/contract";
import type { Executor } from "../../db/client.js";
import { sessions, users } from "../../db/schema.js";
import type { AccessEnded } from "./broadcast.js";
import { presentNotification } from "./presenter.js";
import { countNotifications, countNotificationsOf, findNotificationsByIds } from "./queries.js";
import { send, type Connection, type SocketHub } from "./socket-hub.js";

export interface PushDeps {
  db: Executor;
  hub: SocketHub;
  now: () => Date;
}

/** Pushes each notification among `ids` to its recipient's sockets on this instance, then their new counts. */
export async function pushNotifications({ db, hub }: PushDeps, ids: string[]): Promise<void> {
  if (hub.size === 0 || ids.length === 0) return;
  // Load by id (a bounded list), then keep only recipients connected here.
  const rows = await findNotificationsByIds(db, { ids });
  const local = rows.filter((row) => hub.has(row.userId));
  for (const row of local) hub.sendTo(row.userId, { type: "notification", data: presentNotification(row) });
  await pushCounts(
    { db, hub },
    local.map((row) => row.userId),
  );
}

/** Sends the current counts to every socket here of each of `userIds` (all connected users when omitted). */
export async function pushCounts({ db, hub }: Pick<PushDeps, "db" | "hub">, userIds?: string[]): Promise<void> {
  const local = hub.connectedUsers(userIds);
  if (local.length === 0) return;
  const counts = await countNotifications(db, local);
  for (const [userId, data] of counts) hub.sendTo(userId, { type: "notification_count", data });
}

/**
 * Tells every member of these households connected here to reload what they show of it (`household_changed`), of
 * its fund (`fund_changed`), or of its activity log (`activity_changed`).
 */
export async function pushHouseholdChanged(
  { db, hub }: Pick<PushDeps, "db" | "hub">,
  householdIds: string[],
  type: "household_changed" | "fund_changed" | "activity_changed" = "household_changed",
) {
  if (hub.size === 0 || householdIds.length === 0) return;
  const members = await db
    .select({ id: users.id, householdId: users.householdId })
    .from(users)
    .where(and(inArray(users.householdId, householdIds), isNull(users.deletedAt)));
  for (const member of members) {
    if (member.householdId && hub.has(member.id)) {
      hub.sendTo(member.id, { type, data: { household_id: member.householdId } });
    }
  }
}

/** Tells each person connected here whose household access ended, and why; their sockets stay open. */
export function pushAccessEnded({ hub }: Pick<PushDeps, "hub">, ended: AccessEnded[]): void {
  for (const { user, household, reason } of ended) {
    hub.sendTo(user, {
      type: "household_access_ended",
      data: { household_id: household, reason, message: ACCESS_ENDED_MESSAGES[reason] },
    });
  }
}

/** What a freshly opened socket is told first. */
export async function greet(db: Executor, connection: Connection): Promise<void> {
  send(connection, { type: "notification_count", data: await countNotificationsOf(db, connection.userId) });
}

/** Closes the sockets whose session was revoked or expired, or whose account was deleted. */
export async function closeEndedSessions({ db, hub, now }: PushDeps, connections: Connection[]): Promise<void> {
  const sessionIds = [...new Set(connections.map((c) => c.sessionId))];
  const liveIds = new Set<string>();
  for (let i = 0; i < sessionIds.length; i += SESSIONS_PER_QUERY) {
    for (const id of await liveSessions(db, sessionIds.slice(i, i + SESSIONS_PER_QUERY), now())) liveIds.add(id);
  }
  for (const connection of connections) {
    if (liveIds.has(connection.sessionId)) continue;
    hub.remove(connection);
    connection.socket.close(SOCKET_CLOSE.SESSION_ENDED, "Session ended");
  }
}

const SESSIONS_PER_QUERY = 1000;

/** Which of `sessionIds` are still live: not revoked, not expired, account not deleted. */
async function liveSessions(db: Executor, sessionIds: string[], now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.id, sessionIds),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        isNull(users.deletedAt),
      ),
    );
  return rows.map((row) => row.id);
}
