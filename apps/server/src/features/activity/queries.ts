import { and, desc, eq, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import {
  activityEntrySchema,
  ACTIVITY_INVALID_CURSOR_MESSAGE,
  expandActivityKinds,
  FORMER_MEMBER_NAME,
  type activityQuery,
  type ActivityPage,
} from "@housemate/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Executor } from "../../db/client.js";
import { activityLog, users } from "../../db/schema.js";
import { dayRange, withinDays } from "../../lib/day-range.js";
import { decodeCursor, encodeCursor, timestampOf } from "../../lib/page-cursor.js";

export type ActivityRequest = z.output<typeof activityQuery>;

/** The log pages as the fines do (lib/page-cursor.ts), on its own `before` parameter. */
const LOG_CURSOR = { message: ACTIVITY_INVALID_CURSOR_MESSAGE, path: "querystring.before" };

function matching(householdId: string, query: ActivityRequest): SQL | undefined {
  const kinds = query.kind === undefined ? null : expandActivityKinds(query.kind);
  const before = query.before === undefined ? null : decodeCursor(query.before, LOG_CURSOR);
  return and(
    eq(activityLog.householdId, householdId),
    kinds === null ? undefined : inArray(activityLog.kind, kinds),
    query.member === undefined
      ? undefined
      : or(eq(activityLog.actorId, query.member), eq(activityLog.memberId, query.member)),
    ...withinDays(activityLog.createdAt, dayRange(query.from, query.to)),
    before === null
      ? undefined
      : sql`(${activityLog.createdAt}, ${activityLog.id}) < (${timestampOf(before)}::timestamptz, ${before.id}::uuid)`,
  );
}

/** A page of the household's log, newest first, and the cursor of the next (older) one. */
export async function listActivity(
  db: Executor,
  householdId: string,
  query: ActivityRequest,
  log: UnreadableEntryLog,
): Promise<ActivityPage> {
  const rows = await db
    .select({
      entry: activityLog,
      micros: sql<string>`(extract(epoch from ${activityLog.createdAt}) * 1000000)::bigint::text`,
    })
    .from(activityLog)
    .where(matching(householdId, query))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const next = rows.length > query.limit && last ? encodeCursor({ micros: last.micros, id: last.entry.id }) : null;
  const formerMembers = await deletedAccounts(
    db,
    page.map(({ entry }) => entry),
  );
  const data = page.flatMap(({ entry }) => {
    const presented = present(entry, formerMembers);
    if (presented.success) return [presented.data];
    warnOnce(log, entry, presented.error);
    return [];
  });
  // The cursor stays the last stored row's, so a skipped entry never stops the paging.
  return { data, page: { next_cursor: next } };
}

export type UnreadableEntryLog = Pick<FastifyBaseLogger, "warn">;

/** Entries already reported unreadable, so a page read every few seconds does not fill the logs with one entry. */
const reportedUnreadable = new Set<string>();
const REPORTED_UNREADABLE_MAX = 1000;

function warnOnce(log: UnreadableEntryLog, entry: LogRow, error: z.ZodError) {
  if (reportedUnreadable.has(entry.id)) return;
  if (reportedUnreadable.size >= REPORTED_UNREADABLE_MAX) reportedUnreadable.clear();
  reportedUnreadable.add(entry.id);
  log.warn(
    { entryId: entry.id, kind: entry.kind, issues: error.issues.map((issue) => issue.path.join(".")) },
    "activity entry no longer fits the contract: left out of the log",
  );
}

type LogRow = typeof activityLog.$inferSelect;

/** Every person an entry names: its actor, and each `{ id, name }` in its details. */
function peopleIn(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) peopleIn(item, found);
  else if (typeof value === "object" && value !== null) {
    if ("id" in value && "name" in value && typeof value.id === "string") found.add(value.id);
    for (const item of Object.values(value)) peopleIn(item, found);
  }
}

/** Of the people the entries name, those whose accounts are deleted since: they read as 'Former member'. */
async function deletedAccounts(db: Executor, entries: LogRow[]): Promise<Set<string>> {
  const named = new Set<string>();
  for (const entry of entries) {
    if (entry.actorId) named.add(entry.actorId);
    peopleIn(entry.details, named);
  }
  if (named.size === 0) return new Set();
  const deleted = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...named]), isNotNull(users.deletedAt)));
  return new Set(deleted.map((user) => user.id));
}

/** The entry's details with each deleted account named as a former member, and no id to link to. */
function withFormerMembers(value: unknown, formerMembers: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => withFormerMembers(item, formerMembers));
  if (typeof value !== "object" || value === null) return value;
  if ("id" in value && "name" in value && typeof value.id === "string" && formerMembers.has(value.id)) {
    return { ...value, id: null, name: FORMER_MEMBER_NAME };
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withFormerMembers(item, formerMembers)]));
}

/**
 * A stored row as the contract's entry. Checked, not trusted: a row written before a kind's details were tightened
 * may not fit any more, and one such row must not make the whole log fail for ever (it is left out, with a warning).
 */
function present(row: LogRow, formerMembers: Set<string>) {
  const actorGone = row.actorId !== null && formerMembers.has(row.actorId);
  return activityEntrySchema.safeParse({
    id: row.id,
    household_id: row.householdId,
    kind: row.kind,
    created_at: row.createdAt.toISOString(),
    actor: actorGone ? { id: null, name: FORMER_MEMBER_NAME } : { id: row.actorId, name: row.actorName },
    subject: { type: row.subjectType, id: row.subjectId },
    details: withFormerMembers(row.details, formerMembers),
  });
}
