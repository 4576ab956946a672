import { defineConfig } from "vitest/config";
import type { Plugin, Rolldown } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

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
          Object.values(bundle ?? {}).flatMap((output) => (output.type === "chunk" ? [[output.fileName, output] as const] : [])),
        );
        // Its own chunk, or the `mount` group's (chunkGroups below).
        const app = [...chunks.values()].find((chunk) => chunk.moduleIds.some((id) => id.endsWith("/src/app/mount.tsx")));
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

/**
 * Chunks by when they are needed rather than by who shares them. Left to itself the bundler made a chunk per set of
 * screens sharing a module: the dashboard loaded 49 files, about 1.1 kB of headers each, and a lazy route's imports
 * were found only once its chunk had arrived (issue 14). Now:
 * - `mount`: the app as the landing page needs it (React, the router, the landing page): what main.tsx and
 *   app/mount.tsx import statically, and nothing else, so the landing page downloads none of the signed-in app;
 * - `shell`: the layouts every signed-in screen renders in (app/providers, routes/protected, routes/shell) and all they
 *   import (TanStack Query, Radix, the API client), one file;
 * - each screen keeps its own chunk, and what several screens (but not the layouts) share is chunked as the bundler
 *   sees fit.
 */
function chunkGroups(): Rolldown.CodeSplittingOptions {
  const graphs = new Map<string, Set<string>>();
  /** The modules these ones import statically, and theirs, once per pass (the graph does not change within it). */
  const staticGraph = (ctx: Rolldown.ChunkingContext, src: string, roots: string[]): Set<string> => {
    const key = roots.join();
    let graph = graphs.get(key);
    if (graph) return graph;
    graph = new Set();
    const visit = (id: string) => {
      if (graph?.has(id)) return;
      graph?.add(id);
      ctx.getModuleInfo(id)?.importedIds.forEach(visit);
    };
    roots.forEach((root) => visit(`${src}/${root}`));
    graphs.set(key, graph);
    return graph;
  };
  const group = (id: string, ctx: Rolldown.ChunkingContext): string | null => {
    const src = /^(.*\/apps\/web\/src)\//.exec(id)?.[1] ?? `${import.meta.dirname}/src`;
    // The entry stays alone: it holds the styles and the loader.
    if (id === `${src}/main.tsx`) return null;
    if (staticGraph(ctx, src, ["main.tsx", "app/mount.tsx"]).has(id)) return "mount";
    if (staticGraph(ctx, src, ["app/providers.tsx", "app/routes/protected.tsx", "app/routes/shell.tsx"]).has(id)) return "shell";
    return null;
  };
  return { groups: [{ name: group, debugName: "mount and shell" }] };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadApp()],
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
    rolldownOptions: { output: { codeSplitting: chunkGroups() } },
  },
  test: {
    environment: "jsdom",
    globals: false,
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
  },
});
