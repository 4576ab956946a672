import type { Database } from "./client.js";

/**
 * A statement prepared once per database, for the hot queries of a fixed shape: Drizzle builds its SQL once, and
 * PostgreSQL parses and plans it once per pooled connection rather than on every request. A prepared statement runs
 * on the database it was prepared on, never inside a caller's transaction (that would be another connection), so
 * only statements that belong outside a transaction are prepared this way.
 */
export function preparedPerDatabase<Statement>(prepare: (db: Database) => Statement): (db: Database) => Statement {
  const statements = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
