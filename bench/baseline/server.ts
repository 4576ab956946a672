/**
 * The bare-route baseline: plain Fastify (no plugins, no logger, no schemas) answering GET
 * /api/fines/household/:householdId's first page with the server's own query functions on the same driver
 * (drizzle over node-postgres, same pool size): the session lookup (`prepareSessionLookup`: session, user and
 * household in one prepared statement), then the page of 11 rows and its counts by status side by side
 * (`listFinesPage`, `countFinesByStatus`), answering the rows as they come. Nothing is copied, so nothing can drift:
 * a change to those functions changes both.
 *
 * The real route keeps each household's first page (decision 014) and under this load mostly runs the session lookup
 * alone; what it adds on top (validation, presenting, serialising, logging) and what the kept page saves are both in
 * the ratio.
 */
import Fastify from "fastify";
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { FINE_PAGE_DEFAULT } from "@housemate/contract";
// The server's Fastify declarations (app.db, app.now), which plugins/auth.ts is typed against.
import type {} from "../../apps/server/src/app.js";
import type { Database } from "../../apps/server/src/db/client.js";
import * as schema from "../../apps/server/src/db/schema.js";
import { countFinesByStatus, listFinesPage } from "../../apps/server/src/features/fines/queries.js";
import { prepareSessionLookup } from "../../apps/server/src/plugins/auth.js";

/** The server's pool size (apps/server/src/db/client.ts opens its pool with 10 unless told otherwise). */
const POOL_SIZE = 10;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE });
const db = drizzle(pool, { schema }) as unknown as Database;
const findSession = prepareSessionLookup(db);
const app = Fastify();

app.get("/api/health", () => ({ ok: true }));

app.get<{ Params: { householdId: string } }>("/api/fines/household/:householdId", async (request, reply) => {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
  if (!token) return reply.status(401).send({ error: "unauthenticated" });
  const session = await findSession(token, new Date());
  if (!session) return reply.status(401).send({ error: "unauthenticated" });
  // The user's household came with the session, as `requireMember` takes it.
  const scope = { householdId: request.params.householdId };
  if (session.household?.id !== scope.householdId) return reply.status(403).send({ error: "forbidden" });
  // The web app's first page (no query: FINE_PAGE_DEFAULT), and one row more to know whether another follows.
  const [rows, counts] = await Promise.all([
    listFinesPage(db, scope, { limit: FINE_PAGE_DEFAULT + 1 }),
    countFinesByStatus(db, scope),
  ]);
  return { data: rows.slice(0, FINE_PAGE_DEFAULT), page: counts };
});

await app.listen({ port: Number(process.env.PORT ?? 3100), host: process.env.HOST ?? "127.0.0.1" });
process.once(
  "SIGTERM",
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
