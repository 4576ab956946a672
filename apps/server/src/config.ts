import { z } from "zod";
// The phone app's id (capacitor.config.ts builds with it): its Android package and iOS bundle unless configured.
import { APP_ID } from "@housemate/contract";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export const FILE_STORES = ["disk", "database", "s3"] as const;
export type FileStoreKind = (typeof FILE_STORES)[number];

/** Where uploaded files are kept (plugins/storage.ts); docs/decisions/039. */
export type FileStoreConfig =
  | { kind: "disk" | "database" }
  | {
      kind: "s3";
      url: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      region: string;
      forcePathStyle: boolean;
    };

/** The push services of Chrome and Edge on Android and desktop, Firefox, Safari and Windows. */
export const DEFAULT_PUSH_SERVICES = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "web.push.apple.com",
  "*.push.apple.com",
  "*.notify.windows.com",
] as const;

/** A push service a subscription's endpoint may name: `host` exactly, or any subdomain of it when `subdomains`. */
export interface PushService {
  protocol: "https:" | "http:";
  host: string;
  port: string;
  subdomains: boolean;
}

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
    FILE_STORE: z.enum(FILE_STORES, { error: "must be disk, database or s3" }).optional(),
    S3_URL: z
      .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
      // Keys go in S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: a URL is printed in messages, a secret must not be.
      .refine(hasNoUserinfo, "must not hold a user name or password: use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY")
      .optional(),
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens",
      )
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_FORCE_PATH_STYLE: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
    /** Issue 21, docs/decisions/046: `on` for a hosted service (households have plans), `off` limits nothing. */
    PLANS: z.enum(["off", "on"], { error: "must be off or on" }).default("off"),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_ key)")
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, "must be a Stripe webhook signing secret (whsec_…)")
      .optional(),
    STRIPE_PRICE_ID: z
      .string()
      .regex(/^price_\w+$/, "must be a Stripe price id (price_…)")
      .optional(),
    /** Where the Stripe client sends its calls: unset is Stripe itself; a stand-in (tests, stripe-mock) otherwise. */
    STRIPE_API_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    SUPPORT_EMAIL: z.email({ error: "must be an email address" }).optional(),
    /** Issue 23: the phone apps whose links this server's https links open (/.well-known, docs/decisions/057). */
    ANDROID_PACKAGE_NAME: z
      .string()
      .regex(
        /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/,
        "must be an Android application id such as app.housemate",
      )
      .default(APP_ID),
    ANDROID_SHA256_CERT_FINGERPRINTS: z
      .string()
      .regex(
        /^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){31}(,[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){31})*$/,
        "must be SHA-256 certificate fingerprints (32 colon-separated hex bytes), comma-separated",
      )
      .optional(),
    APPLE_TEAM_ID: z
      .string()
      .regex(/^[A-Z0-9]{10}$/, "must be an Apple team id: 10 capital letters or digits")
      .optional(),
    IOS_BUNDLE_ID: z
      .string()
      .regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, "must be an iOS bundle id such as app.housemate")
      .default(APP_ID),
    /**
     * Issue 23: the push services a subscription's endpoint may name (the server POSTs to it, so never anywhere else).
     * Origins, `*.` for any subdomain; https unless an entry says http:// (a test's own endpoint).
     */
    PUSH_SERVICES: z
      .string()
      .regex(/^(https?:\/\/)?(\*\.)?[A-Za-z0-9.-]+(:\d+)?(,(https?:\/\/)?(\*\.)?[A-Za-z0-9.-]+(:\d+)?)*$/, {
        error: "must be push service origins, comma-separated (https://host, *.host, or http://host:port)",
        abort: true,
      })
      // The pattern lets through what no origin is: an empty label ("a..b", "."), a port past 65535, `*.com`.
      .refine(
        (value) => parsePushServices(value).every(isPushServiceOrigin),
        "must be push service origins: host names of non-empty labels, ports up to 65535, `*.` before two labels or more",
      )
      .default(DEFAULT_PUSH_SERVICES.join(",")),
  })
  .superRefine((env, context) => {
    if (fileStoreOf(env) !== "s3") return;
    for (const name of ["S3_URL", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (!env[name]) context.addIssue({ code: "custom", path: [name], message: "is needed when FILE_STORE=s3" });
    }
  })
  .superRefine((env, context) => {
    if (env.PLANS !== "on") return;
    for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_ID"] as const) {
      if (!env[name]) context.addIssue({ code: "custom", path: [name], message: "is needed when PLANS=on" });
    }
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
    fileStore: fileStoreConfig(env),
    /** False when the store is only the default: an upgraded install may still keep its photos on disk. */
    fileStoreChosen: env.FILE_STORE !== undefined,
    plans: plansConfig(env),
    supportEmail: env.SUPPORT_EMAIL,
    appLinks: {
      androidPackageName: env.ANDROID_PACKAGE_NAME,
      androidCertFingerprints: env.ANDROID_SHA256_CERT_FINGERPRINTS?.toUpperCase().split(",") ?? [],
      appleTeamId: env.APPLE_TEAM_ID,
      iosBundleId: env.IOS_BUNDLE_ID,
    },
    pushServices: parsePushServices(env.PUSH_SERVICES),
  }));

/** Plans and their payment provider (docs/decisions/046); null with PLANS=off. */
export interface PlansConfig {
  stripe: { secretKey: string; webhookSecret: string; priceId: string; apiUrl: string | undefined };
}

function plansConfig(env: {
  PLANS: "off" | "on";
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_PRICE_ID?: string | undefined;
  STRIPE_API_URL?: string | undefined;
}): PlansConfig | null {
  if (env.PLANS === "off") return null;
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_PRICE_ID: priceId } = env;
  // superRefine has refused the configuration unless all three are set.
  if (!secretKey || !webhookSecret || !priceId) throw new ConfigError("PLANS=on needs the Stripe keys");
  return { stripe: { secretKey, webhookSecret, priceId, apiUrl: env.STRIPE_API_URL } };
}

/**
 * Unset, the store follows what else is configured: an object store when there is one, the database when it is
 * PostgreSQL (every instance on it then serves every file), else the disk beside the embedded database.
 */
function fileStoreOf(env: {
  FILE_STORE?: FileStoreKind | undefined;
  S3_URL?: string | undefined;
  DATABASE_URL?: string | undefined;
}): FileStoreKind {
  return env.FILE_STORE ?? (env.S3_URL ? "s3" : env.DATABASE_URL ? "database" : "disk");
}

function fileStoreConfig(env: {
  FILE_STORE?: FileStoreKind | undefined;
  DATABASE_URL?: string | undefined;
  S3_URL?: string | undefined;
  S3_BUCKET?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_REGION: string;
  S3_FORCE_PATH_STYLE?: "true" | "false" | undefined;
}): FileStoreConfig {
  const kind = fileStoreOf(env);
  if (kind !== "s3") return { kind };
  // superRefine has refused the configuration unless all four are set.
  const { S3_URL: url, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!url || !bucket || !accessKeyId || !secretAccessKey)
    throw new ConfigError("FILE_STORE=s3 needs S3_URL, S3_BUCKET and keys");
  // AWS itself addresses buckets by host name; MinIO, s3rver and most others only by path.
  const forcePathStyle = env.S3_FORCE_PATH_STYLE
    ? env.S3_FORCE_PATH_STYLE === "true"
    : !new URL(url).hostname.endsWith("amazonaws.com");
  return { kind, url, bucket, accessKeyId, secretAccessKey, region: env.S3_REGION, forcePathStyle };
}

function hasNoUserinfo(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username === "" && parsed.password === "";
  } catch {
    return true; // not a URL: z.url reports that
  }
}

function parsePushServices(value: string): PushService[] {
  return value.split(",").map((entry) => {
    const protocol = entry.startsWith("http://") ? "http:" : "https:";
    const [host = "", port = ""] = entry.replace(/^https?:\/\//, "").split(":");
    const subdomains = host.startsWith("*.");
    return { protocol, host: (subdomains ? host.slice(2) : host).toLowerCase(), port, subdomains };
  });
}

/** A push service entry names a real origin: a wildcard covers a domain's subdomains, never a whole top-level one. */
function isPushServiceOrigin(service: PushService): boolean {
  const labels = service.host.split(".");
  if (labels.some((label) => label === "" || label.startsWith("-") || label.endsWith("-"))) return false;
  if (service.subdomains && labels.length < 2) return false;
  return service.port === "" || (Number(service.port) >= 1 && Number(service.port) <= 65_535);
}

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
