import type { CapacitorConfig } from "@capacitor/cli";
// The contract's module itself, not the package: the Capacitor CLI compiles this file and what it imports one by one,
// and reads no package whose modules import each other by their .js names. app-links.ts imports only zod.
import { APP_ID } from "../../packages/contract/src/app-links";
import { SHELL_BUILD_DIR } from "./scripts/shell-build";

/**
 * The phone apps (DESIGN §4, decision 056): Capacitor 7 wraps the phone apps' build of the web app (dist-shell,
 * scripts/shell-build.ts), which the Android and iOS projects (android/, ios/) carry on the device: never a remote URL.
 * The app calls the server it was built for (HOUSEMATE_URL, src/lib/server-origin.ts): `npm run cap:sync` builds with
 * it and copies the build into both projects.
 * Sign-in and invite links open inside the app (src/lib/native.ts, the projects' link entries).
 */
const config: CapacitorConfig = {
  appId: APP_ID,
  appName: "Housemate",
  webDir: SHELL_BUILD_DIR,
  // Capacitor's defaults, named because the server's CORS and socket Origin checks accept exactly the pages these make:
  // https://localhost on Android, capacitor://localhost on iOS (the contract's SHELL_ORIGINS).
  server: { androidScheme: "https", iosScheme: "capacitor", hostname: "localhost" },
};

export default config;
