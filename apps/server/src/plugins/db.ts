import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import type { Database, DatabaseHandle } from "../db/client.js";

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

/** Makes the database available as `app.db`; the caller owns opening and closing it. */
export default fp(
  async function dbPlugin(app: FastifyInstance, opts: { database: DatabaseHandle }) {
    app.decorate("database", opts.database);
    app.decorate("db", opts.database.db);
  },
  { name: "db" },
);
