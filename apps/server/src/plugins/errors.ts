import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { STATUS_MESSAGES, type ErrorCode } from "@housemate/contract";
import { isDatabaseUnavailable } from "../db/unavailable.js";
import { AppError, databaseUnavailable } from "../lib/errors.js";

/** Writes DESIGN §2's error envelope. */
export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: ErrorCode,
  message: string,
  details?: unknown,
) {
  return reply.status(status).send({
    error: { message, code, requestId: request.id, ...(details === undefined ? {} : { details }) },
  });
}

/** Frameworks' own errors (bad JSON, too large, wrong media type) mapped onto DESIGN §2's codes. */
function fromFrameworkError(error: FastifyError): { status: number; code: ErrorCode; message: string } | null {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { status: 413, code: "PAYLOAD_TOO_LARGE", message: "The request body is too large." };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return { status: 415, code: "UNSUPPORTED_MEDIA_TYPE", message: "Unsupported content type." };
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return { status: 400, code: "VALIDATION_ERROR", message: "The request body is not valid JSON." };
    default:
      break;
  }
  if (error.statusCode === 400 && error instanceof SyntaxError) {
    return { status: 400, code: "VALIDATION_ERROR", message: "The request body is not valid JSON." };
  }
  return null;
}

function sendAppError(reply: FastifyReply, request: FastifyRequest, error: AppError) {
  if (error.headers) void reply.headers(error.headers);
  return sendError(reply, request, error.statusCode, error.code, error.message, error.details);
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, request, 404, "NOT_FOUND", STATUS_MESSAGES[404]);
}

/** One place that turns every thrown error into the error envelope; 5xx details stay in the log. */
export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) return sendAppError(reply, request, error);
      if (isDatabaseUnavailable(error)) {
        // Expected while the database is down or restarting: one line, not a stack per request.
        request.log.warn(
          { reason: error.cause instanceof Error ? error.cause.message : error.message },
          "database unavailable",
        );
        return sendAppError(reply, request, databaseUnavailable());
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.map((issue) => ({
          path: [error.validationContext, ...issue.instancePath.split("/").filter(Boolean)].join("."),
          message: issue.message,
        }));
        const first = details[0]?.message ?? "Invalid request";
        return sendError(reply, request, 400, "VALIDATION_ERROR", first, details);
      }
      const mapped = fromFrameworkError(error);
      if (mapped) return sendError(reply, request, mapped.status, mapped.code, mapped.message);
      if (error.statusCode === 429) return sendError(reply, request, 429, "RATE_LIMITED", STATUS_MESSAGES[429]);
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return sendError(reply, request, error.statusCode, "VALIDATION_ERROR", "The request could not be understood.");
      }
      request.log.error({ err: error }, "unhandled error");
      return sendError(reply, request, 500, "INTERNAL", STATUS_MESSAGES[500]);
    });
  },
  { name: "errors" },
);
