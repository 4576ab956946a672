import fp from "fastify-plugin";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { households, sessions, users } from "../db/schema.js";
import { unauthenticated } from "../lib/errors.js";
import { sha256 } from "../lib/tokens.js";
import type { Executor } from "../db/client.js";

export type UserRow = typeof users.$inferSelect;
export type HouseholdRow = typeof households.$inferSelect;

declare module "fastify" {
  interface FastifyRequest {
    /**
     * Who is asking: set by the authenticated scope's one hook (`requireSession`, mounted by api.ts) before any route
     * inside it runs, and by the live socket's sign-in. Routes outside the scope are public and never read it.
     */
    session: Session;
  }
  interface FastifyInstance {
    /** The live session a raw token belongs to, with its user and the user's household; null when none is. */
    findSession(token: string): Promise<Session | null>;
  }
}

/** A signed-in request's session: its id, its user, and the user's household, all read in one round trip. */
export interface Session {
  sessionId: string;
  user: UserRow;
  household: HouseholdRow | null;
}

/**
 * The statement every authenticated request runs first: the live session (not revoked, not expired, account
 * not deleted) a token belongs to, its user, and the user's household, in one round trip. Prepared once per
 * database: PostgreSQL parses and plans it once per connection, and drizzle builds its SQL once.
 */
export function prepareSessionLookup(db: Executor) {
  const statement = db
    .select({ sessionId: sessions.id, user: users, household: households })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(households, eq(households.id, users.householdId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder("now")),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
    .prepare("find_session");
  return async function findSession(token: string, now: Date): Promise<Session | null> {
    const [row] = await statement.execute({ tokenHash: sha256(token), now });
    return row ?? null;
  };
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Makes `scope` the authenticated scope: its one onRequest hook turns the bearer token into `request.session`, or
 * answers 401 UNAUTHENTICATED before the request is read. Every route registered inside `scope` needs a session.
 */
export function requireSession(scope: FastifyInstance): void {
  mountsOnly(scope, "session");
  scope.addHook("onRequest", async (request) => {
    const token = bearerToken(request);
    if (!token) throw unauthenticated();
    const session = await scope.findSession(token);
    if (!session) throw unauthenticated();
    request.session = session;
  });
}

/** Makes `scope` the public scope: every route registered inside it is one anyone may call. */
export function allowAnyone(scope: FastifyInstance): void {
  mountsOnly(scope, "public");
}

/**
 * Where a route is mounted decides who may call it; its contract endpoint's `auth` is what the OpenAPI document and
 * the web's client believe (a bearer security requirement, or none). They must agree, so an endpoint mounted in the
 * wrong scope stops the server at boot rather than being found by a caller.
 */
function mountsOnly(scope: FastifyInstance, auth: "session" | "public"): void {
  scope.addHook("onRoute", (route) => {
    const security = (route.schema as { security?: unknown[] } | undefined)?.security;
    if (security === undefined) return; // not a contract endpoint (the OpenAPI document itself)
    const endpointAuth = security.length > 0 ? "session" : "public";
    if (endpointAuth !== auth) {
      throw new Error(
        `${String(route.method)} ${route.url} is a ${endpointAuth} endpoint mounted in the ${auth} scope`,
      );
    }
  });
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    app.decorateRequest("session");
    const lookup = prepareSessionLookup(app.db);
    app.decorate("findSession", (token: string) => lookup(token, app.now()));
  },
  { name: "auth", dependencies: ["db"] },
);
