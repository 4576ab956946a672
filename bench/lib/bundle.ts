import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";
import { ensurePgliteTemplate } from "../../apps/server/src/db/client.js";
import { root } from "./server.js";

/**
 * Each module keeps its own `import.meta.url`: the server finds its migrations and the built web
 * app relative to its source files, and one bundle would otherwise give every module the bundle's URL.
 */
const keepModuleUrls: Plugin = {
  name: "keep-module-urls",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      return { contents: source.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)), loader: "ts" };
    });
  },
};

/**
 * The production build of the server: our TypeScript (server and contract) bundled into one ES
 * module, npm dependencies left to node_modules, run with plain `node` (no tsx, no loader thread), and
 * PGlite's first-boot template, which the bundle finds beside its source (apps/server/.cache).
 */
export async function bundleServer(outFile: string): Promise<string> {
  const manifest = JSON.parse(readFileSync(path.join(root, "apps/server/package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  const packages = Object.keys(manifest.dependencies).filter((name) => !name.startsWith("@housemate/"));
  await build({
    entryPoints: [path.join(root, "apps/server/src/server.ts")],
    outfile: outFile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: [...packages, ...packages.map((name) => `${name}/*`)],
    plugins: [keepModuleUrls],
    sourcemap: true,
    logLevel: "warning",
  });
  // The rest of the server's build (`npm run build -w @housemate/server`): PGlite's first-boot template.
  await ensurePgliteTemplate();
  return outFile;
}
