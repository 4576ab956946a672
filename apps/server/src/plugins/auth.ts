import fp from "fastify-plugin";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { and, eq, gt, isNull } from "drizzle-orm";
import { sessions, users } from "../db/schema.js";
import { unauthenticated } from "../lib/errors.js";
import { sha256 } from "../lib/tokens.js";
import type { Executor } from "../db/client.js";

export type UserRow = typeof users.$inferSelect;

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, set by `app.authenticate`; read it through `currentUser(request)`. */
    user: UserRow | null;
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** preHandler: bearer token → `request.user`, or 401 UNAUTHENTICATED. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

/** Finds the live session (not revoked, not expired, account not deleted) a raw token belongs to. */
export async function findSession(db: Executor, token: string, now: Date) {
  const [row] = await db
    .select({ user: users, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sha256(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
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
  app.decorate("authenticate", async function authenticate(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token) throw unauthenticated();
    const session = await findSession(app.db, token, app.now());
    if (!session) throw unauthenticated();
    request.user = session.user;
    request.sessionId = session.sessionId;
  });
}, { name: "auth", dependencies: ["db"] });
