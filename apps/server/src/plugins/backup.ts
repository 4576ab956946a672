import { timingSafeEqual } from "node:crypto";
import { PassThrough } from "node:stream";
import fp from "fastify-plugin";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { writeBackup } from "../cli/backup-archive.js";
import { BACKUP_ROUTE, BACKUP_TOKEN_HEADER } from "../cli/backup-server-file.js";
import { sendNotFound } from "./errors.js";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * Only `npm run backup` on this machine, holding the token of DATA_DIR/server.json: from the socket's own address
 * (never X-Forwarded-For), and not through a proxy on this machine (which would forward its client's headers).
 */
function isTheBackupCommand(request: FastifyRequest, token: string): boolean {
  if (!LOOPBACK.has(request.socket.remoteAddress ?? "")) return false;
  if (request.headers["x-forwarded-for"] !== undefined || request.headers.forwarded !== undefined) return false;
  const given = request.headers[BACKUP_TOKEN_HEADER];
  if (typeof given !== "string") return false;
  const expected = Buffer.from(token);
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * The embedded database's backup, written by the server that holds it (only one process can open PGlite's files):
 * the same archive `npm run backup` writes (cli/backup-archive.ts), streamed as it is made. Not part of the API:
 * hidden from the OpenAPI document, and anyone else gets the ordinary 404.
 */
export default fp(
  async function backupRoute(app: FastifyInstance, opts: { token: string }) {
    app.get(BACKUP_ROUTE, { schema: { hide: true }, compress: false }, async (request, reply) => {
      if (!isTheBackupCommand(request, opts.token)) return sendNotFound(request, reply);
      const out = new PassThrough();
      writeBackup({
        db: app.db,
        engine: app.database.engine,
        files: app.files,
        fileStore: app.fileStoreKind,
        out,
      }).catch((error: unknown) => {
        request.log.error({ err: error }, "backup failed");
        // Cut the response: the command sees a broken archive, never a short one that looks whole.
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply.header("content-type", "application/gzip").send(out);
    });
  },
  { name: "backup-route", dependencies: ["db", "storage"] },
);
