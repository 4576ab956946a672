import { ERROR_STATUS, STATUS_MESSAGES, type ErrorCode } from "@housemate/contract";

/** An error a person is meant to read: it becomes `{ error: { message, code, ... } }` with its status. */
export class AppError extends Error {
  override name = "AppError";
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = ERROR_STATUS[code];
  }
}

export const badRequest = (message: string, details?: unknown) => new AppError("VALIDATION_ERROR", message, details);
export const unauthenticated = (message: string = STATUS_MESSAGES[401]) => new AppError("UNAUTHENTICATED", message);
export const forbidden = (message: string = STATUS_MESSAGES[403]) => new AppError("FORBIDDEN", message);
export const notFound = (message: string = STATUS_MESSAGES[404]) => new AppError("NOT_FOUND", message);
export const conflict = (message: string) => new AppError("CONFLICT", message);
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError("RATE_LIMITED", STATUS_MESSAGES[429], undefined, {
    "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/**
 * Whether the error (or what it wraps: Drizzle wraps the driver's) is a violation of the named constraint: how a rule
 * the database keeps (a CHECK, a unique index, a trigger's RAISE … CONSTRAINT) becomes a message a person reads.
 */
export function violatesConstraint(error: unknown, constraint: string): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ("constraint" in cause && cause.constraint === constraint) return true;
  }
  return false;
}

/** The database is down, unreachable or too slow: worth retrying shortly, so the answer says when. */
export const DATABASE_UNAVAILABLE_MESSAGE = "The database is not reachable right now. Please try again in a moment.";
export const databaseUnavailable = () =>
  new AppError("SERVICE_UNAVAILABLE", DATABASE_UNAVAILABLE_MESSAGE, undefined, { "retry-after": "5" });

/** More requests are in flight than the server can finish in good time: shed this one at once. */
export const SERVER_BUSY_MESSAGE = "The server is busy right now. Please try again in a moment.";
export const serverBusy = () =>
  new AppError("SERVICE_UNAVAILABLE", SERVER_BUSY_MESSAGE, undefined, { "retry-after": "1" });

/** The health check's answer while the server sheds requests: not fit for more traffic, though alive. */
export const serverDegraded = () =>
  new AppError("SERVICE_UNAVAILABLE", SERVER_BUSY_MESSAGE, { status: "degraded" }, { "retry-after": "1" });
