import { z } from "zod";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection string")
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Housemate <no-reply@localhost>"),
    LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
    TRUST_PROXY: z
      .string()
      .regex(
        /^(true|false|\d+|[\d.:a-fA-F/]+(,[\d.:a-fA-F/]+)*)$/,
        "must be true, false, a hop count or a list of proxy addresses",
      )
      .default("false"),
    MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(256),
    MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(100),
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    // (?<!\/) starts the match at the first slash of the run only, keeping it linear.
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/(?<!\/)\/+$/, ""),
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    maxInFlight: env.MAX_IN_FLIGHT,
    maxConnectionsPerIp: env.MAX_CONNECTIONS_PER_IP,
  }));

/** Off by default: only behind a known proxy may X-Forwarded-For name the client (login limits are per IP). */
function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",");
}

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads DESIGN §1's variables; an empty string counts as unset. Throws naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const result = configSchema.safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
}
