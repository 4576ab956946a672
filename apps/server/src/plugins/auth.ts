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
    /** The signed-in user, set by `app.authenticate`; read it through `currentUser(request)`. */
    user: UserRow | null;
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** preHandler: bearer token → `request.user`, or 401 UNAUTHENTICATED. */
    // A property, not a method: routes hand it to Fastify as a hook (`addHook("onRequest", app.authenticate)`).
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** The live session a raw token belongs to, with its user and the user's household; null when none is. */
    findSession(token: string): Promise<Session | null>;
  }
}

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
    if (!row) return null;
    householdsReadWith.set(row.user, row.household);
    return row;
  };
}

/**
 * The household the session lookup read together with a user row: `requireMember` uses it instead of
 * reading it again. Keyed by the row object, so it lives exactly as long as the request that holds it.
 */
const householdsReadWith = new WeakMap<UserRow, HouseholdRow | null>();

/** The user's own household as read with the session, when this user row came from the session lookup. */
export function householdReadWith(user: UserRow): HouseholdRow | null | undefined {
  return householdsReadWith.get(user);
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The signed-in user of a route behind `app.authenticate`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated();
  return request.user;
}

export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);
  const lookup = prepareSessionLookup(app.db);
  app.decorate("findSession", (token: string) => lookup(token, app.now()));
  app.decorate("authenticate", async function authenticate(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token) throw unauthenticated();
    const session = await app.findSession(token);
    if (!session) throw unauthenticated();
    request.user = session.user;
    request.sessionId = session.sessionId;
  });
}, { name: "auth", dependencies: ["db"] });
