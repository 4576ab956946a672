/**
 * The API's error codes and SPEC §8's friendly messages.
 *
 * A module of values/: the contract's constants, texts and plain functions, with no schema library. The web's
 * signed-in shell imports these on every page; a schema module beside them would bring zod and its schemas along
 * (docs/decisions/033). Schemas built from them live in ../errors.ts.
 */
/** Error codes the API answers with (DESIGN §2), each tied to one HTTP status. */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  /** A plan's limit or a Pro feature (issue 21): the message names the plan; never with plans off. */
  PLAN_LIMIT: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
/** SPEC §8 friendly messages by HTTP status, also used by the server as default messages. */
export const STATUS_MESSAGES = {
  401: "Your session has expired. Please log in again.",
  403: "You don't have permission to access this resource.",
  404: "The requested resource was not found.",
  429: "Too many requests. Please try again later.",
  500: "The server encountered an error. Please try again later.",
} as const;
