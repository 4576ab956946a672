import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp } from "../../../src/app.js";
import { loadConfig } from "../../../src/config.js";
import type { DatabaseHandle } from "../../../src/db/client.js";
import { PUBLIC_URL } from "../../helpers/app.js";
import { startSmtpCapture, type SmtpCapture } from "../../helpers/smtp.js";

export interface FaultApp {
  app: FastifyInstance;
  smtp: SmtpCapture;
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The real app over a database the test opened itself (its own cluster, a relay in front of it), so the
 * test can break that database. Mail goes to a real SMTP listener.
 */
export async function appOver(database: DatabaseHandle): Promise<FaultApp> {
  const smtp = await startSmtpCapture();
  const config = loadConfig({ PUBLIC_URL, SMTP_URL: smtp.url, LOG_LEVEL: "silent" });
  const app = await buildApp({ config, database, logger: false, webRoot: null });
  await app.ready();
  return {
    app,
    smtp,
    request({ token, headers, ...rest }) {
      return app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    },
    async close() {
      await app.close();
      await smtp.close();
      await database.close();
    },
  };
}

/** How long `fn` took, with its result. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await fn();
  return { result, ms: performance.now() - started };
}
