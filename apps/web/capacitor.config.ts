import type { CapacitorConfig } from "@capacitor/cli";

/**
 * The phone app (DESIGN §4): Capacitor 7 wraps the web build in `dist`. After `npm run build`, add a
 * platform with `npx cap add android` (or ios) and copy the build in with `npx cap sync`.
 *
 * The web app calls its API on its own origin (`/api`, `/ws`, `/files`), so the wrapper shows the
 * Housemate server it is pointed at: set HOUSEMATE_URL (the server's PUBLIC_URL) when running
 * `npx cap sync`. Sign-in and invite links then open inside the app (docs/decisions/013).
 */
const hostedAt = process.env.HOUSEMATE_URL;

const config: CapacitorConfig = {
  appId: "app.housemate",
  appName: "Housemate",
  webDir: "dist",
  ...(hostedAt ? { server: { url: hostedAt, cleartext: hostedAt.startsWith("http://") } } : {}),
};

export default config;
