import { defineConfig } from "vitest/config";
import type { Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { chunkGroups } from "./scripts/chunk-groups";
import { endpointsWithoutSchemas } from "./scripts/endpoints-without-schemas";

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

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadApp(), endpointsWithoutSchemas()],
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
});
