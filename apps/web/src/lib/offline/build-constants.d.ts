/** A hash of the app's sources (scripts/build-version.ts), defined by vite.config.ts: the last-seen copy's buster. */
declare const __BUILD_VERSION__: string;
/** The phone apps' server origin, or "" on the web (src/lib/server-origin.ts), defined by vite.config.ts. */
declare const __SERVER_ORIGIN__: string;
