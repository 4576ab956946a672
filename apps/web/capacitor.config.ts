import type { CapacitorConfig } from "@capacitor/cli";

/**
 * The phone apps (DESIGN §4, decision 056): Capacitor 7 wraps the web build in `dist`, which the Android and iOS
 * projects (android/, ios/) carry on the device: never a remote URL. The app calls the server it was built for
 * (HOUSEMATE_URL, src/lib/server-origin.ts): `npm run cap:sync` builds with it and copies the build into both projects.
 * Sign-in and invite links open inside the app (src/lib/native.ts, the projects' link entries).
 */
const config: CapacitorConfig = {
  appId: "app.housemate",
  appName: "Housemate",
  webDir: "dist",
  // Capacitor's defaults, named because the server's CORS and socket Origin checks accept exactly the pages these make:
  // https://localhost on Android, capacitor://localhost on iOS (SHELL_ORIGINS).
  server: { androidScheme: "https", iosScheme: "capacitor", hostname: "localhost" },
};

/** The origins the phone apps' pages have, which call the server cross-origin (with a bearer token, no cookies). */
export const SHELL_ORIGINS = ["https://localhost", "capacitor://localhost"] as const;

export default config;
