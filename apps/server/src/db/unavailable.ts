/**
 * Tells "the database cannot answer right now" (stopped, unreachable, restarting, out of connections, too slow)
 * apart from every other failure. Those requests get a 503 the client may retry, not a 500, and the
 * connection they ran on is not trusted again.
 */

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL SQLSTATEs: connection exceptions (class 08), insufficient resources (class 53), the server
 * shutting down or starting up (57P01–57P03), and statement_timeout (57014).
 */
const UNAVAILABLE_STATE = /^(08|53)...$|^57P0[123]$|^57014$/;

/** node-postgres and pg-pool report these without a code. */
const DRIVER_MESSAGES = [
  "timeout exceeded when trying to connect",
  "Connection terminated",
  "Query read timeout",
  "is not queryable",
  "Cannot use a pool after calling end on the pool",
];

/** True when `error` (or an error it wraps, as Drizzle's query errors do) means the database is unavailable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_STATE.test(code))) return true;
    if (DRIVER_MESSAGES.some((text) => current instanceof Error && current.message.includes(text))) return true;
    // Several addresses tried, all failed (node's happy-eyeballs connect).
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
