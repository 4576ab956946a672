/**
 * The phone apps' build (decision 056): `vite build --mode shell`, run by `npm run cap:sync`. It goes to a folder of
 * its own, which capacitor.config.ts's webDir names, so the dist the server serves is never a build for another
 * origin; and it holds only what the shells load from their own files: no service worker (the shells never register
 * one: src/lib/offline/service-worker.ts), no precompressed copies (no server serves them), no prerendered landing page
 * (the app opens at its sign-in screen or dashboard: src/lib/native.ts).
 */
import { requiredShellServerOrigin } from "./server-origin";

export const SHELL_BUILD_MODE = "shell";
export const SHELL_BUILD_DIR = "dist-shell";

export interface BuildTarget {
  /** The phone apps' build: no service worker (vite.config.ts leaves its plugins out). */
  shell: boolean;
  outDir: string;
  /** `__SERVER_ORIGIN__` (src/lib/server-origin.ts): "" for the web, which calls its own origin. */
  serverOrigin: string;
}

/**
 * What `vite build --mode <mode>` builds: the web's app into dist, calling its own origin whatever HOUSEMATE_URL says;
 * or, in the shell mode, the phone apps' into dist-shell for HOUSEMATE_URL's server, refused without one.
 */
export function buildTarget(mode: string, housemateUrl: string | undefined): BuildTarget {
  return mode === SHELL_BUILD_MODE
    ? { shell: true, outDir: SHELL_BUILD_DIR, serverOrigin: requiredShellServerOrigin(housemateUrl) }
    : { shell: false, outDir: "dist", serverOrigin: "" };
}
