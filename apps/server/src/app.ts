import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import fastifyCompress from "@fastify/compress";
import fastifySwagger from "@fastify/swagger";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Config } from "./config.js";
import type { DatabaseHandle } from "./db/client.js";
import api from "./api.js";
import authPlugin from "./plugins/auth.js";
import dbPlugin from "./plugins/db.js";
import notifierPlugin from "./plugins/notifier.js";
import realtimePlugin, { requestLogFields } from "./plugins/realtime.js";
import errorsPlugin, { sendNotFound } from "./plugins/errors.js";
import { createMailer, type Mailer } from "./plugins/mail.js";
import staticPlugin from "./plugins/static.js";
import storagePlugin from "./plugins/storage.js";
import filesRoutes from "./features/storage/files.js";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    mailer: Mailer;
    /** The clock every rule reads (expiry, rate windows); tests replace it. */
    now(): Date;
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  mailer?: Mailer;
  now?: () => Date;
  logger?: FastifyServerOptions["logger"];
  /** Folder of the built web app; null serves the API only. */
  webRoot?: string | null;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;
export const BODY_LIMIT = 1024 * 1024;

/** Builds the whole HTTP app: API under /api, the web app everywhere else. Listening is server.ts's job. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: options.config.logLevel, serializers: { req: requestLogFields } },
    bodyLimit: BODY_LIMIT,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: trustProxyOption(options.config.trustProxy),
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // SPEC §7's client sends a JSON content type on every call, bodiless ones too (DELETE /users/{id},
  // the invite POST): an empty body is no body, not malformed JSON.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    if (text === "") return done(null, undefined);
    parseJson(request, text, done);
  });

  app.decorate("config", options.config);
  app.decorate("now", options.now ?? (() => new Date()));
  app.decorate(
    "mailer",
    options.mailer ?? createMailer({ smtpUrl: options.config.smtpUrl, from: options.config.mailFrom, log: app.log }),
  );
  app.addHook("onClose", async () => app.mailer.close());
  app.addHook("onRequest", async (request, reply) => {
    void reply.header("x-request-id", request.id);
  });

  await app.register(dbPlugin, { database: options.database });
  await app.register(errorsPlugin);
  await app.register(authPlugin);
  await app.register(notifierPlugin);
  await app.register(storagePlugin);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Housemate API", version: "1.0.0" },
      servers: [{ url: "/api" }],
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(realtimePlugin);
  await app.register(api, { prefix: "/api" });
  await app.register(filesRoutes);
  if (options.webRoot === null) {
    app.setNotFoundHandler(sendNotFound);
  } else {
    await app.register(staticPlugin, { root: options.webRoot ?? defaultWebRoot() });
  }
  return app;
}

/** A hop count becomes Fastify's function form: trust that many proxies nearest the server. */
function trustProxyOption(value: Config["trustProxy"]) {
  return typeof value === "number" ? (_address: string, hop: number) => hop < value : value;
}

function defaultWebRoot(): string {
  return new URL("../../web/dist", import.meta.url).pathname;
}
