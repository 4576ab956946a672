import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from "fastify";
import fastifyCompress from "@fastify/compress";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.js";
import type { DatabaseHandle } from "./db/client.js";
import { badRequest } from "./lib/errors.js";
import { JSON_MAX_DEPTH, nestsDeeperThan } from "./lib/json-depth.js";
import api from "./api.js";
import authPlugin from "./plugins/auth.js";
import dbPlugin from "./plugins/db.js";
import errorsPlugin, { sendNotFound } from "./plugins/errors.js";
import openapiPlugin from "./plugins/openapi.js";
import { requestLogFields } from "./lib/request-log.js";
import { responseSerializerCompiler } from "./lib/response-serializer.js";
import securityPlugin, { answerRouterError } from "./plugins/security.js";
import staticPlugin from "./plugins/static.js";
import schedulerPlugin from "./plugins/scheduler.js";
import storagePlugin from "./plugins/storage.js";
import transportPlugin from "./plugins/transport.js";
// Declares the `feature` route option (issue 20's paid features) for every route file.
import "./plugins/features.js";
import filesRoutes from "./features/storage/files.js";
import appLinksRoutes from "./features/app-links/routes.js";
import backupRoute from "./plugins/backup.js";
import notificationsPlugin from "./features/notifications/plugin.js";
import remindersPlugin from "./features/reminders/plugin.js";
import digestPlugin from "./features/digest/plugin.js";
import type { MailTerminal } from "./features/notifications/mailer.js";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    /** The clock every rule reads (expiry, rate windows); tests replace it. */
    now(): Date;
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  now?: () => Date;
  logger?: FastifyServerOptions["logger"];
  /** Folder of the built web app; null serves the API only. */
  webRoot?: string | null;
  /** Told of every route as it is registered (the authorization matrix test checks it has a row for each). */
  onRoute?: (route: RouteOptions) => void;
  /** The token of DATA_DIR/server.json: the embedded database's backup route exists only with it (plugins/backup.ts). */
  backupToken?: string;
  /**
   * Where mail goes with no SMTP_URL when a person may be reading: server.ts passes its stdout. Unset (tests, tools),
   * mail is a JSON log line (decision 052).
   */
  mailTerminal?: MailTerminal;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;
/** A JSON "\u0000" escape (an odd run of backslashes before u0000); raw NUL is not valid JSON anyway. */
const NUL_ESCAPE = /(?<!\\)(?:\\\\)*\\u0000/;
/**
 * The largest JSON body the API takes. Its biggest real requests: a fine with its texts at their raw bounds, every
 * character escaped, and five image URLs (about 35 KB); a reorder of the 200 sticky notes a household may have
 * (about 8 KB). The upload route sets its own, larger limit.
 */
export const JSON_BODY_LIMIT = 64 * 1024;
export const JSON_TOO_DEEP_MESSAGE = `The request body nests more than ${JSON_MAX_DEPTH} levels deep.`;

/** Builds the whole HTTP app: API under /api, the web app everywhere else. Listening is server.ts's job. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(options.config),
    bodyLimit: JSON_BODY_LIMIT,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: trustProxyOption(options.config.trustProxy),
    return503OnClosing: true,
    frameworkErrors: answerRouterError(options.config.publicUrl),
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  // SPEC §7's client sends a JSON content type on every call, bodiless ones too (DELETE /users/{id},
  // the invite POST): an empty body is no body, not malformed JSON.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    if (text === "") {
      done(null, undefined);
    } else if (NUL_ESCAPE.test(text)) {
      // PostgreSQL text cannot hold NUL, so a "\u0000" would fail deep in a query as a 500.
      done(badRequest("Text cannot contain the NUL character."));
    } else if (nestsDeeperThan(text, JSON_MAX_DEPTH)) {
      done(badRequest(JSON_TOO_DEEP_MESSAGE));
    } else {
      // Fastify's own JSON parser answers through `done`; its type also allows the promise form, which it never takes.
      void parseJson(request, text, done);
    }
  });

  app.decorate("config", options.config);
  app.decorate("now", options.now ?? (() => new Date()));
  app.addHook("onRequest", async (request, reply) => {
    void reply.header("x-request-id", request.id);
  });

  // Behind a proxy every connection comes from the proxy's address: a cap on it would cap everyone together.
  const behindProxy = options.config.trustProxy !== false;
  await app.register(transportPlugin, { maxConnectionsPerIp: behindProxy ? null : options.config.maxConnectionsPerIp });
  await app.register(dbPlugin, { database: options.database });
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(authPlugin);
  await app.register(storagePlugin);
  // Every answer a browser may take compressed, the kept fines list included: brotli, else gzip (deflate and zstd are
  // not offered: every browser that has them has these), from 1 kB. Prebuilt assets bring their own (static.ts).
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
  await app.register(openapiPlugin);

  // Records are made in each feature's transactions; this delivers them after commit, and serves the live socket.
  // Before notifications, which adds the outbox's hourly prune to it.
  await app.register(schedulerPlugin);
  await app.register(notificationsPlugin, { ...(options.mailTerminal ? { terminal: options.mailTerminal } : {}) });
  await app.register(remindersPlugin);
  await app.register(digestPlugin);
  await app.register(api, { prefix: "/api" });
  await app.register(filesRoutes);
  await app.register(appLinksRoutes);
  if (options.backupToken) await app.register(backupRoute, { token: options.backupToken });
  if (options.webRoot === null) {
    app.setNotFoundHandler(sendNotFound);
  } else {
    await app.register(staticPlugin, { root: options.webRoot ?? defaultWebRoot() });
  }
  return app;
}

/** The server's pino settings: LOG_LEVEL, and request URLs logged with their tokens redacted. */
export function loggerOptions(config: Config) {
  return { level: config.logLevel, serializers: { req: requestLogFields } };
}

/** A hop count becomes Fastify's function form: trust that many proxies nearest the server. */
function trustProxyOption(value: Config["trustProxy"]) {
  return typeof value === "number" ? (_address: string, hop: number) => hop < value : value;
}

function defaultWebRoot(): string {
  return new URL("../../web/dist", import.meta.url).pathname;
}
