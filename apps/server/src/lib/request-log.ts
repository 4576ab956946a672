import type { FastifyRequest } from "fastify";

/**
 * Secrets that ride in URLs stay out of the logs: session tokens in the socket URL (SPEC §7), magic-link
 * tokens, invite codes (/invite/{code}, /api/invites/{code}) and the random part of upload paths, which
 * are capabilities too (docs/decisions/005).
 */
export function redactTokens(url: string): string {
  return url
    .replace(/([?&]token=)[^&#]*/gi, "$1[redacted]")
    .replace(/(\/invites?\/)[^/?#]+/gi, "$1[redacted]")
    .replace(/(\/(?:files|storage\/upload)\/[\w-]+\/)[^/?#.]+/gi, "$1[redacted]");
}

/** Fastify's usual request log fields, with tokens in the URL redacted. */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}
