import type { Rolldown } from "vite";

/**
 * The build's chunks, by when the app needs them rather than by who shares them (vite.config.ts). Left to itself the
 * bundler made a chunk per set of screens sharing a module: the dashboard loaded 49 files, about 1.1 kB of headers
 * each, and a lazy route's imports were found only once its chunk had arrived (issue 14). Now:
 * - `mount`: the app as the landing page needs it (React, the router, the landing page): what main.tsx and
 *   app/mount.tsx import statically, and nothing else, so the landing page downloads none of the signed-in app;
 * - `shell`: the layouts every signed-in screen renders in (app/providers, routes/protected, routes/shell) and all they
 *   import (TanStack Query, Radix, the API client), plus our own small modules that two or more screens share and that
 *   bring no library with them (a card, a badge, an API hook): one file instead of one per module;
 * - each screen keeps its own chunk; libraries only some screens use (the profile's cropper, Radix's select) are
 *   chunked as the bundler sees fit.
 * The contract (packages/contract) is left to the bundler too: its modules go where their exports are used.
 */
export function chunkGroups(): Rolldown.CodeSplittingOptions {
  const graphs = new Map<string, Set<string>>();
  /** The modules these ones import statically, and theirs (the contract as a leaf), once per chunking pass. */
  const staticGraph = (ctx: Rolldown.ChunkingContext, roots: string[]): Set<string> => {
    const key = roots.join();
    const known = graphs.get(key);
    if (known) return known;
    const graph = new Set<string>();
    const visit = (id: string) => {
      if (graph.has(id)) return;
      graph.add(id);
      if (!isContract(id)) ctx.getModuleInfo(id)?.importedIds.forEach(visit);
    };
    roots.forEach(visit);
    graphs.set(key, graph);
    return graph;
  };

  const group = (id: string, ctx: Rolldown.ChunkingContext): string | null => {
    const src = /^(.*\/apps\/web\/src)\//.exec(id)?.[1] ?? `${import.meta.dirname}/../src`;
    const at = (file: string) => `${src}/${file}`;
    // The entry stays alone (the styles and the loader); the contract goes where it is used.
    if (id === at("main.tsx") || isContract(id)) return null;
    const landing = staticGraph(ctx, [at("main.tsx"), at("app/mount.tsx")]);
    if (landing.has(id)) return "mount";
    const layouts = staticGraph(ctx, [at("app/providers.tsx"), at("app/routes/protected.tsx"), at("app/routes/shell.tsx")]);
    if (layouts.has(id)) return "shell";
    if (!id.startsWith(`${src}/`) || id.startsWith(at("app/routes/"))) return null;
    const own = [...staticGraph(ctx, [id])].filter((dep) => !landing.has(dep) && !layouts.has(dep));
    if (own.some((dep) => dep.includes("/node_modules/"))) return null;
    const screens = (ctx.getModuleInfo(at("app/router.tsx"))?.dynamicallyImportedIds ?? []).filter((screen) => !layouts.has(screen));
    const sharedBy = screens.filter((screen) => staticGraph(ctx, [screen]).has(id)).length;
    return sharedBy >= 2 ? "shell" : null;
  };
  return { groups: [{ name: group, debugName: "mount and shell" }] };
}

const isContract = (id: string) => id.includes("/packages/contract/");
