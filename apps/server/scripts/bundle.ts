import { readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";

const SERVER = fileURLToPath(new URL("..", import.meta.url));

/** Where `npm run build -w @housemate/server` writes the server, and `npm run serve` runs it from. */
export const SERVER_BUNDLE = `${SERVER}dist/server.mjs`;

/**
 * Each module keeps its own `import.meta.url`: the server finds its migrations, the PGlite template and the
 * built web app relative to its source files, and one bundle would otherwise give every module the bundle's URL.
 */
const keepModuleUrls: Plugin = {
  name: "keep-module-urls",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      return {
        contents: source.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)),
        loader: "ts",
      };
    });
  },
};

/**
 * The production build of the server: our TypeScript (server and contract) bundled into one ES module, npm
 * dependencies left to node_modules, run with plain `node`. No tsx transpiling every file at start-up in a
 * loader thread: a cold start in about a second instead of 3–6, and about 100 MB less memory
 * (docs/performance.md).
 */
export async function bundleServer(outFile = SERVER_BUNDLE): Promise<string> {
  const manifest = JSON.parse(readFileSync(`${SERVER}package.json`, "utf8")) as {
    dependencies: Record<string, string>;
  };
  const packages = Object.keys(manifest.dependencies).filter((name) => !name.startsWith("@housemate/"));
  await build({
    entryPoints: [`${SERVER}src/server.ts`],
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
  return outFile;
}
