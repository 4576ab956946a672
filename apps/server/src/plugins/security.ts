import fp from "fastify-plugin";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { STATUS_MESSAGES } from "@housemate/contract";
import { badRequest } from "../lib/errors.js";
import { sendError } from "./errors.js";

/**
 * The web app's Content-Security-Policy. Scripts only from this origin, never inline and never eval,
 * so a stored text that slipped past React's escaping still could not run. Styles allow inline
 * attributes: Radix and sonner position their popovers and toasts with `style=`, which cannot run
 * code. Images may be data: and blob: URLs (the avatar cropper's preview). Nobody may frame the app.
 */
export function contentSecurityPolicy(publicUrl: string): string {
  const socketOrigin = new URL(publicUrl).origin.replace(/^http/, "ws");
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${socketOrigin}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Pages and calls whose URL holds a secret (sign-in link token, invite code) never pass it on as a Referer. */
const SECRET_IN_URL = /^\/(api\/)?(auth\/verify|invites?\/)/;

const ALLOWED_HEADERS = "authorization, content-type, x-request-id";
const EXPOSED_HEADERS = "x-request-id, retry-after";
const ALLOWED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE";

/**
 * Whether a browser page at `origin` may call us: only our own PUBLIC_URL's origin. A request with no
 * Origin at all comes from a non-browser client (curl, a native socket) and is not a browser's to judge.
 */
export function isAllowedOrigin(origin: string | undefined, publicUrl: string): boolean {
  return origin === undefined || origin === new URL(publicUrl).origin;
}

/** Whether a path is the API's: its answers are JSON (a 404 too, never the web app's page) and never stored. */
export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/**
 * Adds `field` to the answer's Vary header, keeping what another layer put there: CORS varies on Origin
 * for every answer, and a route that picks an encoding varies on Accept-Encoding as well.
 */
export function addVary(reply: FastifyReply, field: string) {
  const current = reply.getHeader("vary");
  const fields = current === undefined ? [] : String(current).split(",").map((part) => part.trim()).filter(Boolean);
  if (fields.some((existing) => existing.toLowerCase() === field.toLowerCase() || existing === "*")) return;
  void reply.header("vary", [...fields, field].join(", "));
}

/** The headers every answer carries, for whatever path and status (errors of the router included). */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply, publicUrl: string) {
  const secure = publicUrl.startsWith("https:");
  const pathname = request.url.split("?")[0] ?? "";
  void reply.headers({
    "content-security-policy": contentSecurityPolicy(publicUrl),
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "referrer-policy": SECRET_IN_URL.test(pathname) ? "no-referrer" : "strict-origin-when-cross-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
    ...(secure ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
    // Answers hold one person's data (and errors hold request ids): no browser or proxy cache keeps them.
    ...(isApiPath(pathname) ? { "cache-control": "no-store" } : {}),
  });
  const origin = request.headers.origin;
  if (origin !== undefined && isAllowedOrigin(origin, publicUrl)) {
    void reply.headers({
      "access-control-allow-origin": origin,
      "access-control-allow-credentials": "true",
      "access-control-expose-headers": EXPOSED_HEADERS,
    });
  }
  addVary(reply, "Origin");
}

/**
 * Security headers on every response, and CORS for PUBLIC_URL's origin only: a preflight from it is
 * answered at once; one from any other origin is refused, so no other site's script can call the API.
 */
export default fp(
  async function securityPlugin(app: FastifyInstance) {
    const publicUrl = app.config.publicUrl;
    // The API speaks JSON (and raw images to the upload route): text/plain is 415 like any other
    // type, not a string that fails validation further in.
    app.removeContentTypeParser("text/plain");

    app.addHook("onRequest", async (request, reply) => {
      applySecurityHeaders(request, reply, publicUrl);
      // A NUL can only arrive percent-encoded, and PostgreSQL text cannot hold it, so it stops here:
      // a path with one names nothing (404); a query string with one is malformed (400).
      const [pathname = "", query = ""] = request.url.split("?", 2);
      if (pathname.includes("%00")) return sendError(reply, request, 404, "NOT_FOUND", STATUS_MESSAGES[404]);
      if (query.includes("%00")) {
        return sendError(reply, request, 400, "VALIDATION_ERROR", "The query string cannot contain the NUL character.");
      }
      const preflight = request.method === "OPTIONS" && request.headers["access-control-request-method"] !== undefined;
      if (!preflight) return;
      if (!isAllowedOrigin(request.headers.origin, publicUrl)) {
        return sendError(reply, request, 403, "FORBIDDEN", "This origin may not call the Housemate API.");
      }
      return reply
        .headers({
          "access-control-allow-methods": ALLOWED_METHODS,
          "access-control-allow-headers": ALLOWED_HEADERS,
          "access-control-max-age": "600",
        })
        .status(204)
        .send();
    });

    // Unknown fields are refused (docs/decisions/011); for a route that takes no body, every field is one.
    app.addHook("preValidation", async (request) => {
      const body: unknown = request.body;
      if (body === undefined || body === null || request.routeOptions.schema?.body || Buffer.isBuffer(body)) return;
      if (typeof body === "object" && !Array.isArray(body) && Object.keys(body).length === 0) return;
      throw badRequest("This request takes no body.");
    });
  },
  { name: "security" },
);

/**
 * Errors the router raises before any hook runs (a path that is not valid URL encoding, a path
 * parameter over the length limit): answered in the error envelope with the usual headers, not with
 * Fastify's own body. An over-long id names nothing, so it is simply not found.
 */
export function answerRouterError(publicUrl: string) {
  return (error: { code?: string }, request: FastifyRequest, reply: FastifyReply) => {
    void reply.header("x-request-id", request.id);
    applySecurityHeaders(request, reply, publicUrl);
    if (error.code === "FST_ERR_BAD_URL") {
      return sendError(reply, request, 400, "VALIDATION_ERROR", "The request path is not valid.");
    }
    return sendError(reply, request, 404, "NOT_FOUND", STATUS_MESSAGES[404]);
  };
}
