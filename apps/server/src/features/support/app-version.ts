import { readFileSync } from "node:fs";

/**
 * The server package's version, which a support message reports. Read once from its package.json: the bundle keeps
 * each module's own URL (scripts/bundle.ts), so the path holds in development and production alike.
 */
export const APP_VERSION = (
  JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { version: string }
).version;
