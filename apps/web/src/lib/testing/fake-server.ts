import { vi } from "vitest";
import {
  ACTIVITY_INVALID_CURSOR_MESSAGE,
  ACTIVITY_KIND_MESSAGE,
  ACTIVITY_PAGE_DEFAULT,
  expandActivityKinds,
  type ActivityEntry,
  type ActivityPage,
  type CurrentUser,
  type User,
} from "@housemate/contract";
import { useAuthStore } from "@/lib/auth/auth-store";
import { nextTask } from "@/lib/next-task";

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * A contract-shaped user as the server sends it (snake_case); the person's own flags (`visited_before`,
 * `display_name_chosen`) only when a test gives them, as GET /auth/me and the verify answer would.
 */
export function serverUser(overrides: Partial<CurrentUser> = {}): User {
  return {
    id: "u1",
    email: "ana@example.com",
    display_name: "Ana",
    photo_url: null,
    bio: null,
    household_id: null,
    email_verified: true,
    is_admin: false,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

/**
 * Replaces fetch, the network boundary, with canned answers keyed "METHOD /path" (no query string).
 * An answer may be a function of the request, or a promise that never settles. Unknown routes get 404.
 */
export function respondWith(routes: Record<string, FakeAnswer | ((url: URL) => FakeAnswer | Promise<FakeAnswer>)>) {
  const requests: Request[] = [];
  const bodies: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input, "http://localhost");
      const request = new Request(url, { ...init, signal: null });
      requests.push(request);
      bodies.push(typeof init?.body === "string" ? JSON.parse(init.body) : undefined);
      const route = routes[`${request.method} ${url.pathname}`];
      const answer =
        typeof route === "function"
          ? await route(url)
          : (route ?? { status: 404, body: { error: { message: "Not found", code: "NOT_FOUND", requestId: "test" } } });
      const { status = 200, body, headers } = answer;
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { "Content-Type": "application/json", ...headers },
      });
    }),
  );
  return { requests, bodies };
}

/**
 * An answer the test gives when it chooses: `route` (for `respondWith`) waits for `give`, whether the request arrives
 * before or after it is given. Requests start a task after the screen shows them pending (lib/next-task.ts), so a
 * test must not rely on the request having been made by then.
 */
export function heldAnswer() {
  let give: (answer: FakeAnswer) => void = () => undefined;
  const answer = new Promise<FakeAnswer>((resolve) => (give = resolve));
  return { route: () => answer, give: (reply: FakeAnswer) => give(reply) };
}

/** Leaves a signed-in session on this device, as verification does, and lets the store read it. */
export function storeSession(user: User = serverUser(), expires = "2999-01-01T00:00:00.000Z") {
  localStorage.setItem("authToken", "session-token");
  localStorage.setItem("authExpires", expires);
  localStorage.setItem("user", JSON.stringify(user));
}

/**
 * Lets the auth store read the session left on this device, as the app does on start. The store then confirms it with
 * the server, a request that starts in the next task (every request does): it goes out here, to whatever fetch is in
 * place now (none stubbed yet, or the ending test's), rather than among the requests the next steps count.
 */
export async function readStoredSession(): Promise<void> {
  useAuthStore.getState().checkAuth();
  await nextTask();
}

/** Whom an entry concerns, as the server's `member` filter reads it: its actor and the people in its details. */
function activityPeopleIds(entry: ActivityEntry): (string | null)[] {
  const named = Object.values(entry.details).filter(
    (value): value is { id: string | null } => typeof value === "object" && value !== null && "id" in value,
  );
  return [entry.actor.id, ...named.map((person) => person.id)];
}

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
        (!member || activityPeopleIds(entry).includes(member)) &&
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
