/**
 * The bare-route baseline: plain Fastify (no plugins, no logger, no schemas) answering
 * GET /api/fines/household/:householdId's first page with the same SQL the real route runs (session lookup,
 * household, then the page and its counts by status side by side: the statements drizzle generates, copied
 * verbatim) through the same driver (node-postgres, same pool size), and the rows as they come. What the real
 * server adds on top of this floor (auth plumbing, validation, presenting, serialising, logging) is what the ratio
 * measures.
 */
import { createHash } from "node:crypto";
import Fastify from "fastify";
import pg from "pg";

const SESSION_SQL = `select "users"."id", "users"."email", "users"."display_name", "users"."photo_url", "users"."bio", "users"."household_id", "users"."is_admin", "users"."email_verified", "users"."deleted_at", "users"."created_at", "users"."updated_at", "sessions"."id" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where ("sessions"."token_hash" = $1 and "sessions"."revoked_at" is null and "sessions"."expires_at" > $2 and "users"."deleted_at" is null) limit $3`;
const HOUSEHOLD_SQL = `select "id", "name", "iso_4217_code", "created_by", "created_at", "updated_at" from "households" where "households"."id" = $1 limit $2`;
const PAGE_SQL = `select "id", "household_id", "offender_id", "created_by", "rule_id", "amount_minor", "status", "description", "dispute_rejected", "evidence_note", "evidence_images", "paid_at", "created_at", "updated_at", (extract(epoch from "created_at") * 1000000)::bigint::text from "fines" where ("fines"."household_id" = $1 and "fines"."status" <> $2) order by "fines"."created_at" desc, "fines"."id" desc limit $3`;
const COUNTS_SQL = `select "status", count(*), sum("amount_minor") from "fines" where ("fines"."household_id" = $1 and "fines"."status" <> $2) group by "fines"."status"`;
/** The web app's first page (no query: FINE_PAGE_DEFAULT), and one row more to know whether another follows. */
const PAGE_ROWS = 10;

/** The server's pool size (apps/server/src/db/client.ts opens its pool with 10 unless told otherwise). */
const POOL_SIZE = 10;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE });
const app = Fastify();

app.get("/api/health", async () => ({ ok: true }));

app.get<{ Params: { householdId: string } }>("/api/fines/household/:householdId", async (request, reply) => {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
  if (!token) return reply.status(401).send({ error: "unauthenticated" });
  const hash = createHash("sha256").update(token).digest("hex");
  const session = await pool.query(SESSION_SQL, [hash, new Date(), 1]);
  const user = session.rows[0] as { household_id: string | null } | undefined;
  if (!user) return reply.status(401).send({ error: "unauthenticated" });
  const household = await pool.query(HOUSEHOLD_SQL, [request.params.householdId, 1]);
  if (household.rowCount === 0) return reply.status(404).send({ error: "not found" });
  if (user.household_id !== request.params.householdId) return reply.status(403).send({ error: "forbidden" });
  const [page, counts] = await Promise.all([
    pool.query(PAGE_SQL, [request.params.householdId, "cancelled", PAGE_ROWS + 1]),
    pool.query(COUNTS_SQL, [request.params.householdId, "cancelled"]),
  ]);
  return { data: page.rows.slice(0, PAGE_ROWS), page: counts.rows };
});

await app.listen({ port: Number(process.env.PORT ?? 3100), host: process.env.HOST ?? "127.0.0.1" });
process.once("SIGTERM", () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
