import fp from "fastify-plugin";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyCors, { type FastifyCorsOptions } from "@fastify/cors";
import fastifyHelmet from "@fastify/helmet";
import helmet from "helmet";
import { SHELL_ORIGINS, STATUS_MESSAGES } from "@housemate/contract";
import { AppError, badRequest } from "../lib/errors.js";
import { sendError } from "./errors.js";

/**
 * The headers helmet sends on every answer. The web app's Content-Security-Policy: scripts only from this origin,
 * never inline and never eval, so a stored text that slipped past React's escaping still could not run. Styles allow
 * inline attributes: Radix and sonner position their popovers and toasts with `style=`, which cannot run code. Images
 * may be data: and blob: URLs (the avatar cropper's preview). Nobody may frame the app. Helmet's other defaults stay
 * off (decision 025): each is bytes on every script the dashboard loads (issue 14), and a Cross-Origin-Resource-Policy
 * would decide who may embed uploaded images, which is not this plugin's call. Typed by inference: @fastify/helmet's
 * types and helmet's own (for `answerRouterError`) are two copies of the same declarations.
 */
export function helmetOptions(publicUrl: string) {
  const socketOrigin = new URL(publicUrl).origin.replace(/^http/, "ws");
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'", socketOrigin],
        "manifest-src": ["'self'"],
        "worker-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
      },
    },
    xContentTypeOptions: true,
    xFrameOptions: { action: "deny" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    // Pages and calls whose URL holds a secret say no-referrer instead (`pathHeaders`).
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: publicUrl.startsWith("https:") ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  } as const;
}

/**
 * Pages and calls whose URL holds a secret (sign-in link token, invite code, an email's unsubscribe token) never pass
 * it on as a Referer.
 */
const SECRET_IN_URL = /^\/(api\/)?(auth\/verify|invites?\/|unsubscribe|mail\/unsubscribe)/;
/** Helmet has no Permissions-Policy: the app uses none of these, so no page or frame of it may. */
const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=()";

/**
 * The phone apps' own origins (docs/decisions/057): each shell loads its bundled copy of the web app from one, and calls
 * PUBLIC_URL from there. Capacitor's iOS scheme, and its Android web view's default (`androidScheme: "https"`), both
 * with no port: the contract's list, which the apps' capacitor.config.ts is checked against. Compared as written:
 * `new URL("capacitor://localhost").origin` is "null", a browser's opaque origin.
 */
export const NATIVE_SHELL_ORIGINS = SHELL_ORIGINS;

/** The origins a browser page may call us and open the live socket from: PUBLIC_URL's, and the phone apps'. */
export function allowedOrigins(publicUrl: string): string[] {
  return [new URL(publicUrl).origin, ...NATIVE_SHELL_ORIGINS];
}

/**
 * Whether a browser page at `origin` may call us: only one of `allowedOrigins`. A request with no Origin at all comes
 * from a non-browser client (curl, a native socket) and is not a browser's to judge.
 */
export function isAllowedOrigin(origin: string | undefined, publicUrl: string): boolean {
  return origin === undefined || allowedOrigins(publicUrl).includes(origin);
}

/** Whether a path is the API's: its answers are JSON (a 404 too, never the web app's page) and never stored. */
export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/** What helmet cannot say: the headers that depend on the path, and the one it does not know. */
function pathHeaders(request: FastifyRequest, reply: FastifyReply) {
  const pathname = request.url.split("?")[0] ?? "";
  void reply.header("permissions-policy", PERMISSIONS_POLICY);
  if (SECRET_IN_URL.test(pathname)) void reply.header("referrer-policy", "no-referrer");
  // Answers hold one person's data (and errors hold request ids): no browser or proxy cache keeps them.
  if (isApiPath(pathname)) void reply.header("cache-control", "no-store");
}

const FOREIGN_ORIGIN_MESSAGE = "This origin may not call the Housemate API.";

const isPreflight = (request: FastifyRequest) =>
  request.method === "OPTIONS" && request.headers["access-control-request-method"] !== undefined;

/**
 * CORS for the allowed origins only (PUBLIC_URL's and the phone apps'), decided per request: their answers can be read
 * (with credentials) and their preflights are answered at once; a preflight from any other origin is refused with the
 * contract's FORBIDDEN, so no other site's script can call the API. A request without an Origin gets no CORS headers
 * (bytes on every script).
 */
function corsPolicy(publicUrl: string) {
  const allowed = {
    origin: allowedOrigins(publicUrl),
    credentials: true,
    exposedHeaders: "x-request-id, retry-after",
    methods: "GET, HEAD, POST, PUT, PATCH, DELETE",
    allowedHeaders: "authorization, content-type, x-request-id",
    maxAge: 600,
  } satisfies FastifyCorsOptions;
  const preflight: FastifyCorsOptions = { ...allowed, preflight: true };
  // An OPTIONS without Access-Control-Request-Method is no preflight: it is routed, to the JSON 404.
  const simple: FastifyCorsOptions = { ...allowed, preflight: false };
  const none: FastifyCorsOptions = { origin: false };
  return async (request: FastifyRequest): Promise<FastifyCorsOptions> => {
    const { origin } = request.headers;
    if (!isAllowedOrigin(origin, publicUrl)) {
      // Thrown before @fastify/cors adds its Vary, so the refusal carries it itself.
      if (isPreflight(request)) throw new AppError("FORBIDDEN", FOREIGN_ORIGIN_MESSAGE, undefined, { vary: "Origin" });
      return none;
    }
    if (origin === undefined) return none;
    return isPreflight(request) ? preflight : simple;
  };
}

/** Security headers (helmet) on every response, and CORS (@fastify/cors) for the allowed origins only. */
export default fp(
  async function securityPlugin(app: FastifyInstance) {
    const publicUrl = app.config.publicUrl;
    // The API speaks JSON (and raw images to the upload route): text/plain is 415 like any other
    // type, not a string that fails validation further in.
    app.removeContentTypeParser("text/plain");

    await app.register(fastifyHelmet, helmetOptions(publicUrl));
    app.addHook("onRequest", async (request, reply) => pathHeaders(request, reply));
    await app.register(fastifyCors, { delegator: corsPolicy(publicUrl) });

    app.addHook("onRequest", async (request, reply) => {
      // A NUL can only arrive percent-encoded, and PostgreSQL text cannot hold it, so it stops here:
      // a path with one names nothing (404); a query string with one is malformed (400).
      const [pathname = "", query = ""] = request.url.split("?", 2);
      if (pathname.includes("%00")) return sendError(reply, request, 404, "NOT_FOUND", STATUS_MESSAGES[404]);
      if (query.includes("%00")) {
        return sendError(reply, request, 400, "VALIDATION_ERROR", "The query string cannot contain the NUL character.");
      }
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
 * Fastify's own body. An over-long id names nothing, so it is simply not found. No hook has run, so
 * helmet is applied here itself, with the same options; CORS is not (see decision 025).
 */
export function answerRouterError(publicUrl: string) {
  const securityHeaders = helmet(helmetOptions(publicUrl));
  return (error: { code?: string }, request: FastifyRequest, reply: FastifyReply) => {
    void reply.header("x-request-id", request.id);
    securityHeaders(request.raw, reply.raw, () => {});
    pathHeaders(request, reply);
    if (error.code === "FST_ERR_BAD_URL") {
      sendError(reply, request, 400, "VALIDATION_ERROR", "The request path is not valid.");
    } else {
      sendError(reply, request, 404, "NOT_FOUND", STATUS_MESSAGES[404]);
    }
  };
}
