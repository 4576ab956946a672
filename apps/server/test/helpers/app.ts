import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp, type AppOptions } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import type { Database } from "../../src/db/client.js";
import { openTestDatabase } from "./database.js";
import { startSmtpCapture, type SmtpCapture } from "./smtp.js";

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  smtp: SmtpCapture;
  /** Moves the app's clock; starts at the real time. */
  clock: { now: Date; advance(ms: number): void; set(date: Date): void };
  /** `app.inject` that sends `token` as a bearer header. */
  request(options: InjectOptions & { token?: string | undefined }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export const PUBLIC_URL = "http://housemate.test";

/**
 * The real app over a fresh database, with mail going to a real SMTP listener and a clock the
 * test controls. One per test file (call in beforeAll, close in afterAll).
 */
export async function createTestContext(
  options: {
    env?: Record<string, string>;
    beforeReady?: (app: FastifyInstance) => void;
    onRoute?: AppOptions["onRoute"];
    logger?: AppOptions["logger"];
  } = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  const smtp = await startSmtpCapture();
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
    set(date: Date) {
      clock.now = date;
    },
  };
  const config = loadConfig({ PUBLIC_URL, SMTP_URL: smtp.url, LOG_LEVEL: "silent", ...options.env });
  const app = await buildApp({
    config,
    database,
    now: () => clock.now,
    logger: options.logger ?? false,
    webRoot: null,
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
  });
  options.beforeReady?.(app);
  await app.ready();

  return {
    app,
    db: database.db,
    smtp,
    clock,
    request({ token, headers, ...options }) {
      return app.inject({
        ...options,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    },
    async close() {
      await app.close();
      await smtp.close();
      await database.close();
    },
  };
}
