import { vi } from "vitest";
import {
  hasFreeSeat,
  hasRoomForRule,
  NOTIFICATION_TYPES,
  notificationChannels,
  PLAN_LIMITS,
  rulesEditable,
  planHasFeature,
  PRO_FEATURES,
  type Appeal,
  type AppConfig,
  type CurrentUser,
  type Fine,
  type HouseholdPlan,
  type NotificationType,
  type PlanId,
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
    away_until: null,
    away_ends_at: null,
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

/**
 * GET one fine of the household, whatever its status (the Activity page's Fine Details): each of `fines` by its id, for
 * `respondWith`. Any other id is not found, as respondWith answers every route it is not given.
 */
export const fineRoutes = (fines: readonly Fine[]) =>
  Object.fromEntries(
    fines.map((fine) => [`GET /api/fines/household/${fine.household_id}/fines/${fine.id}`, { body: { data: fine } }]),
  );

/**
 * GET a fine's appeal (issue 21) for each of `appeals`, for `respondWith`: a fine never appealed is not found, as the
 * server answers.
 */
export const appealRoutes = (appeals: readonly Appeal[]) =>
  Object.fromEntries(
    appeals.map((appeal) => [
      `GET /api/fines/household/${appeal.household_id}/fines/${appeal.fine_id}/appeal`,
      { body: { data: appeal } },
    ]),
  );
/** GET /config's answer (issue 21): plans off, as the one-command install has them, unless a test says otherwise. */
export const serverConfig = (overrides: Partial<AppConfig> = {}): AppConfig => ({
  plans: false,
  support: false,
  version: "0.0.0-test",
  ...overrides,
});

/**
 * A household's plan as GET /households/{id}/plan answers it with plans on: the plan's own limits and features, the
 * usage given (2 members and 3 rules unless told), and no subscription unless given.
 */
export function serverPlan(
  plan: PlanId,
  usage: Partial<HouseholdPlan["usage"]> = {},
  subscription: HouseholdPlan["subscription"] = null,
): HouseholdPlan {
  const used = { members: 2, rules: 3, ...usage };
  return {
    plans: true,
    plan,
    limits: PLAN_LIMITS[plan],
    usage: used,
    // The contract's own rules, as the server answers.
    allows: {
      join: hasFreeSeat(plan, used.members),
      add_rule: hasRoomForRule(plan, used.rules),
      edit_rules: rulesEditable(plan, used.rules),
    },
    features: PRO_FEATURES.filter((feature) => planHasFeature(plan, feature)),
    subscription,
  };
}

/**
 * The plans' routes for `respondWith` (issue 21): GET /config with plans on, the household's plan (an answer, or a
 * function of the request to change it between calls), and its checkout and portal sending to `urls`.
 */
export function planRoutes(
  householdId: string,
  plan: HouseholdPlan | (() => HouseholdPlan),
  urls: { checkout?: string; portal?: string } = {},
) {
  const billing = `/api/households/${householdId}/billing`;
  return {
    "GET /api/config": { body: { data: serverConfig({ plans: true }) } },
    [`GET /api/households/${householdId}/plan`]: () => ({
      body: { data: typeof plan === "function" ? plan() : plan },
    }),
    [`POST ${billing}/checkout`]: { body: { data: { url: urls.checkout ?? "https://checkout.stripe.test/c/pay_1" } } },
    [`POST ${billing}/portal`]: { body: { data: { url: urls.portal ?? "https://billing.stripe.test/p/session_1" } } },
  } satisfies Record<string, FakeAnswer | (() => FakeAnswer)>;
}

/** GET /notifications/types' answer (issue 22): every type with the channels it is sent on, as the server lists them. */
export const serverNotificationTypes = (): NotificationType[] =>
  NOTIFICATION_TYPES.map(({ id, category, description }) => ({
    id,
    category,
    description,
    channels: [...notificationChannels(id)],
  }));
