import { defineConfig } from "vitest/config";
import type { Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { VitePWA } from "vite-plugin-pwa";
import { buildVersion } from "./scripts/build-version";
import { chunkGroups } from "./scripts/chunk-groups";
import { endpointsWithoutSchemas } from "./scripts/endpoints-without-schemas";
import { buildTarget } from "./scripts/shell-build";

const api = process.env.HOUSEMATE_API ?? "http://127.0.0.1:3000";

/**
 * main.tsx, the entry, imports the app (src/app/mount.tsx) as a chunk of its own. index.html preloads that chunk
 * and its static imports, so a page other than / fetches them alongside the entry rather than after it. The
 * prerendered landing page drops the links marked data-app-preload (app/prerender-landing.tsx): there the app
 * waits for the first paint, and its download must not compete with that paint either.
 */
function preloadApp(): Plugin {
  return {
    name: "housemate:preload-app",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle }) {
        const chunks = new Map(
          Object.values(bundle ?? {}).flatMap((output) =>
            output.type === "chunk" ? [[output.fileName, output] as const] : [],
          ),
        );
        // Its own chunk, or the `mount` group's (scripts/chunk-groups.ts).
        const app = [...chunks.values()].find((chunk) =>
          chunk.moduleIds.some((id) => id.endsWith("/src/app/mount.tsx")),
        );
        if (!app) throw new Error("the build has no chunk for src/app/mount.tsx");
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.get(fileName);
          // The entry is loading already.
          if (!chunk || chunk.isEntry || files.has(fileName)) return;
          files.add(fileName);
          chunk.imports.forEach(visit);
        };
        visit(app.fileName);
        return [...files].map((file) => ({
          tag: "link",
          attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}`, "data-app-preload": true },
          injectTo: "head" as const,
        }));
      },
    },
  };
}

const PUSH_WORKER_FILE = "push-sw.js";

/**
 * The service worker's push and notification-click handlers (issue 23, decision 058), from TypeScript
 * (src/lib/push/worker.ts) to /push-sw.js, which the Workbox worker below loads with importScripts: a file of its
 * own, unhashed (the worker names it), that the server revalidates as it does sw.js (decision 053).
 */
function pushWorker(): Plugin {
  return {
    name: "housemate:push-worker",
    apply: "build",
    buildStart() {
      this.emitFile({
        type: "chunk",
        id: new URL("./src/lib/push/worker.ts", import.meta.url).pathname,
        fileName: PUSH_WORKER_FILE,
      });
    },
    // A classic script shares the worker's global scope with Workbox's: its top-level names are kept to itself.
    renderChunk(code, chunk) {
      return chunk.fileName === PUSH_WORKER_FILE ? `(() => {\n${code}\n})();\n` : null;
    },
  };
}

/**
 * The service worker (decision 053): Workbox precaches every file the build wrote, the lazily loaded screens' chunks
 * too, so a page it controls runs one build whole, offline or not; a new deploy's worker waits until the person takes
 * the update (src/lib/offline/service-worker.ts registers it and asks). A navigation it cannot answer from the network
 * gets the app's index.html, except where the server's own answer matters: the API, the socket, uploaded files, the
 * pages with a secret in their URL (their no-referrer header), and / (the prerendered landing page, decision 015:
 * from the network, the app only when that fails). Nothing else is cached: the API's answers are never kept by the
 * worker (the last-seen data is the app's own copy). The manifest stays public/manifest.webmanifest, the one copy.
 */
function serviceWorker() {
  return VitePWA({
    registerType: "prompt",
    injectRegister: false,
    manifest: false,
    workbox: {
      // Shows pushes and opens their page when one is clicked (pushWorker above).
      importScripts: [`/${PUSH_WORKER_FILE}`],
      globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
      // landing.html is written after this build step (scripts/prerender-landing.ts) and is only ever served for /.
      globIgnores: ["**/landing.html", "**/node_modules/**"],
      // Workbox would answer / with the precached index.html (its default directoryIndex) before the navigation
      // fallback's denylist is consulted, so a returning visitor would get the client-rendered landing page rather
      // than the server's prerendered one (decision 015's LCP). Off: / goes to the network (below).
      directoryIndex: null,
      navigateFallback: "/index.html",
      navigateFallbackDenylist: [
        /^\/$/,
        /^\/api(?:\/|$)/,
        /^\/ws(?:\/|$)/,
        /^\/files\//,
        /^\/auth\/verify/,
        /^\/invite\//,
        /^\/\.well-known\//,
      ],
      // A new worker takes over only when asked (the update prompt); the first one takes the page it installed from,
      // which already runs its build, so that page works offline without a reload.
      skipWaiting: false,
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      // Hashed files never change: their URL is their revision.
      dontCacheBustURLsMatching: /^assets\//,
      // Nothing is kept at run time. / alone is fetched from the network and, only when that fails, answered with the
      // precached app (the landing page, or the dashboard to someone signed in): never a browser error page.
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) => request.mode === "navigate" && url.pathname === "/",
          handler: "NetworkOnly",
          options: { precacheFallback: { fallbackURL: "/index.html" } },
        },
      ],
    },
  });
}

/**
 * `--mode shell` (scripts/shell-build.ts, `npm run cap:sync`) builds the phone apps' copy: into its own folder, for the
 * server HOUSEMATE_URL names (refused without one), without the service worker. Every other build is the web's, which
 * calls its own origin whatever the environment says.
 */
export default defineConfig(({ mode }) => {
  const target = buildTarget(mode, process.env.HOUSEMATE_URL);
  return {
    plugins: [
      react(),
      tailwindcss(),
      preloadApp(),
      endpointsWithoutSchemas(),
      ...(target.shell ? [] : [pushWorker(), serviceWorker()]),
    ],
    // The last-seen copy's buster (src/lib/offline/last-seen.ts): changes with any of the app's sources.
    // The phone apps' server (src/lib/server-origin.ts, decision 056): "" for the web, which calls its own origin.
    define: {
      __BUILD_VERSION__: JSON.stringify(buildVersion()),
      __SERVER_ORIGIN__: JSON.stringify(target.serverOrigin),
    },
    resolve: { alias: { "@": new URL("./src", import.meta.url).pathname } },
    server: {
      port: 5173,
      proxy: {
        "/api": api,
        "/files": api,
        "/ws": { target: api.replace(/^http/, "ws"), ws: true },
      },
    },
    // The manifest lets e2e/bundle-budget.test.ts weigh each route's chunks.
    build: {
      outDir: target.outDir,
      target: "es2022",
      sourcemap: false,
      manifest: true,
      // Every browser the app supports reads <link rel=modulepreload> (Safari since 17); older ones load the same
      // modules a moment later. The polyfill was half a kilobyte of the entry, which every page waits for.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: { codeSplitting: chunkGroups() },
        // The contract's modules define zod schemas at the top level. Building a schema has no effect beyond the
        // schema, so one the app never uses is dropped, and a module only its constants are used from needs no zod.
        treeshake: {
          moduleSideEffects: (id: string) => (id.includes("/packages/contract/") ? false : undefined),
          manualPureFunctions: ["z"],
        },
      },
    },
    test: {
      environment: "jsdom",
      globals: false,
      setupFiles: ["./src/test/setup.ts"],
      include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
      css: false,
    },
  };
});
