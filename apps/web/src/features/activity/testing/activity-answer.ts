import {
  ACTIVITY_INVALID_CURSOR_MESSAGE,
  ACTIVITY_KIND_MESSAGE,
  ACTIVITY_PAGE_DEFAULT,
  expandActivityKinds,
  type ActivityEntry,
  type ActivityPage,
} from "@housemate/contract";
import type { FakeAnswer } from "@/lib/testing/fake-server";
import { peopleOf } from "../utils/activity-target";

/** Whom an entry concerns, as the server's `member` filter reads it: its actor and the people in its details. */
const concerns = (entry: ActivityEntry, member: string) => peopleOf(entry).some((person) => person.id === member);

/**
 * GET /api/households/:id/activity answered from `entries` as the server would (issue 20): newest first, narrowed by
 * member, kind (groups and kinds, expandActivityKinds) and whole UTC days, a page of `limit` with a `before` cursor
 * (here the last entry's id), and the contract's 400s for a kind or cursor it does not know.
 */
export function activityAnswer(entries: readonly ActivityEntry[]): (url: URL) => FakeAnswer {
  const newestFirst = [...entries].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
  const invalid = (message: string): FakeAnswer => ({
    status: 400,
    body: { error: { message, code: "VALIDATION_ERROR", requestId: "test" } },
  });
  const answer = (url: URL): FakeAnswer => {
    const query = url.searchParams;
    const member = query.get("member");
    const kindFilter = query.get("kind");
    const kinds = kindFilter === null ? null : expandActivityKinds(kindFilter);
    if (kindFilter !== null && kinds === null) return invalid(ACTIVITY_KIND_MESSAGE);
    const from = query.get("from");
    const to = query.get("to");
    const matching = newestFirst.filter(
      (entry) =>
        (!member || concerns(entry, member)) &&
        (!kinds || kinds.includes(entry.kind)) &&
        (!from || entry.created_at.slice(0, 10) >= from) &&
        (!to || entry.created_at.slice(0, 10) <= to),
    );
    const before = query.get("before");
    const start = before === null ? 0 : matching.findIndex((entry) => entry.id === before) + 1;
    if (before !== null && start === 0) return invalid(ACTIVITY_INVALID_CURSOR_MESSAGE);
    const limit = Number(query.get("limit") ?? ACTIVITY_PAGE_DEFAULT);
    const data = matching.slice(start, start + limit);
    const more = start + limit < matching.length;
    const page: ActivityPage = { data, page: { next_cursor: more ? (data.at(-1)?.id ?? null) : null } };
    return { body: page };
  };
  return answer;
}

/** `activityAnswer` as the household's route, for `respondWith`. */
export const activityRoute = (householdId: string, entries: readonly ActivityEntry[]) => ({
  [`GET /api/households/${householdId}/activity`]: activityAnswer(entries),
});
