import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Rolldown } from "vite";

/** The app's sources, as the bundler names its modules. */
const src = fileURLToPath(new URL("../src", import.meta.url)).replace(/\/$/, "");

/**
 * The build's chunks, by when the app needs them rather than by who shares them (vite.config.ts). Left to itself the
 * bundler made a chunk per set of screens sharing a module: the dashboard loaded 49 files, about 1.1 kB of headers
 * each, and a lazy route's imports were found only once its chunk had arrived (issue 14). Now:
 * - `mount`: the app as the landing page needs it (React, the router, the landing page): what app/mount.tsx imports
 *   statically, and nothing else, so the landing page downloads none of the signed-in app (and what the landing page
 *   loads later, its toast outlet, is left out of the shell for the same reason);
 * - `shell`: the layouts every signed-in screen renders in (app/providers, routes/protected, routes/shell) and all they
 *   import (TanStack Query, Radix, the API client), plus our own modules that two or more lazy chunks (screens, dialogs) share and that
 *   bring no library with them but an icon or two (a card, a badge, an API hook): one file instead of one per module;
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

  /** Which group a module belongs to, if any; groups of a higher priority take their modules first. */
  const kind = (id: string, ctx: Rolldown.ChunkingContext): string | null => {
    const at = (file: string) => `${src}/${file}`;
    // The rest of the contract (its values, the endpoints without their schemas) goes where it is used.
    if (isContract(id) && !isContractSchemas(id)) return null;
    // What the entry (main.tsx) imports besides the app: Vite's preload helper, which the app uses as well. Left to the
    // mount group, the entry would import that whole chunk before the first paint it must not wait for (decision 015).
    if (id.startsWith("\0vite/")) return "preload";
    if (id === at("main.tsx") || id.endsWith(".css")) return null;
    // The schema library and the contract's schemas, for the few screens and dialogs that check data with them: left
    // to itself the bundler put zod in the shell, which every one of them imports, so every signed-in page loaded it
    // (a third of the shell), and made a chunk of a few hundred bytes of each schema module.
    if (id.includes("/node_modules/zod/") || isContractSchemas(id)) return "schemas";
    const landing = staticGraph(ctx, [at("app/mount.tsx")]);
    if (landing.has(id)) return "mount";
    // What the landing page itself loads later (the toast outlet, Capacitor inside the phone app) is a chunk per
    // import(), or the landing page would download the shell to show a toast.
    const later = landingLater(ctx, landing, at("app/router.tsx")).get(id);
    if (later) return later;
    const layouts = staticGraph(ctx, [
      at("app/providers.tsx"),
      at("app/routes/protected.tsx"),
      at("app/routes/shell.tsx"),
    ]);
    if (layouts.has(id)) return "shell";
    if (id.startsWith(at("app/routes/"))) return null;
    const own = [...staticGraph(ctx, [id])].filter((dep) => !landing.has(dep) && !layouts.has(dep));
    const library = own.filter((dep) => dep.includes("/node_modules/"));
    if (
      library.reduce((bytes, dep) => bytes + (ctx.getModuleInfo(dep)?.code?.length ?? Infinity), 0) >
      SMALL_LIBRARY_BYTES
    )
      return null;
    // One that checks data against the contract's schemas brings zod with it: a library, though the contract hides it.
    if (own.some((dep) => !isContract(dep) && VALIDATES.test(ctx.getModuleInfo(dep)?.code ?? ""))) return null;
    const sharedBy = lazyChunks(ctx, at("app/router.tsx")).filter(
      (lazy) => !layouts.has(lazy) && staticGraph(ctx, [lazy]).has(id),
    );
    return sharedBy.length >= 2 ? "shell" : null;
  };
  const only = (names: (name: string) => boolean) => (id: string, ctx: Rolldown.ChunkingContext) => {
    const name = kind(id, ctx);
    return name !== null && names(name) ? name : null;
  };

  let later: Map<string, string> | undefined;
  /** The modules the landing page's own import() calls load (not the router's screens), each named after its import. */
  const landingLater = (ctx: Rolldown.ChunkingContext, landing: Set<string>, router: string): Map<string, string> => {
    if (later) return later;
    const roots = [...landing]
      .filter((id) => id !== router)
      .flatMap((id) => ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
      .filter((id) => !landing.has(id));
    later = new Map();
    for (const root of roots) {
      const name = path.basename(root).replace(/\.[^.]*$/, "");
      for (const id of staticGraph(ctx, [root]))
        if (!landing.has(id) && !later.has(id)) later.set(id, name === "index" ? "native" : name);
    }
    return later;
  };

  let lazy: string[] | undefined;
  /** Every module the app imports with import() (screens, the notes' drag and drop, dialogs): each a chunk's start. */
  const lazyChunks = (ctx: Rolldown.ChunkingContext, router: string): string[] => {
    if (lazy) return lazy;
    const seen = new Set<string>();
    const found = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      const info = ctx.getModuleInfo(id);
      info?.importedIds.forEach(visit);
      info?.dynamicallyImportedIds.forEach((target) => {
        found.add(target);
        visit(target);
      });
    };
    visit(router);
    lazy = [...found];
    return lazy;
  };
  return {
    groups: [
      { name: only((name) => name === "preload"), debugName: "preload", priority: 4 },
      { name: only((name) => name === "mount"), debugName: "mount", priority: 3 },
      {
        name: only((name) => name !== "preload" && name !== "mount" && name !== "shell" && name !== "schemas"),
        debugName: "landing later",
        priority: 2,
      },
      {
        name: only((name) => name === "schemas"),
        debugName: "schemas",
        priority: 1,
        // Not the contract's values the schemas are built from: the shell uses those, and would load this chunk for them.
        includeDependenciesRecursively: false,
      },
      { name: only((name) => name === "shell"), debugName: "shell", priority: 1 },
    ],
  };
}

/** An icon or two (lucide's are about 400 bytes each), not a library a screen of its own should load. */
const SMALL_LIBRARY_BYTES = 2048;

const isContract = (id: string) => id.includes("/packages/contract/");
/**
 * The contract's schema modules: not its values (packages/contract/src/values, no zod), nor the endpoint modules, whose
 * schemas the build leaves out (endpoints-without-schemas.ts).
 */
const isContractSchemas = (id: string) =>
  isContract(id) && !id.includes("/src/values/") && !/(-api|\/endpoint|\/index)\.ts$/.test(id);

/** A schema at work: the web checks data with `safeParse` (the API's answers it takes as typed, decision 028). */
const VALIDATES = /\.safeParse\(/;
