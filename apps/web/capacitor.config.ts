import type { CapacitorConfig } from "@capacitor/cli";

/**
 * The phone app (DESIGN §4): Capacitor 7 wraps the web build in `dist`. Add a platform with
 * `npx cap add android` (or ios) after `npm run build`, then `npx cap sync`. Sign-in and invite
 * links reach the app through the platform's link settings and src/lib/native.ts.
 */
const config: CapacitorConfig = {
  appId: "app.housemate",
  appName: "Housemate",
  webDir: "dist",
};

export default config;
