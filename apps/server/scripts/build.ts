/**
 * `npm run build -w @housemate/server`: the production server (scripts/bundle.ts → dist/server.mjs, which
 * `npm run serve` runs) and the PGlite first-boot template (src/db/pglite-template.ts), unless it is already there.
 * The template runs PGlite's initdb, so it takes several seconds once; every first boot after it skips that.
 */
import { performance } from "node:perf_hooks";
import { defaultPgliteTemplate, ensurePgliteTemplate } from "../src/db/client.js";
import { bundleServer } from "./bundle.js";

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

let started = performance.now();
const bundle = await bundleServer();
console.log(`server bundled in ${seconds(started)} s (${bundle})`);

const template = defaultPgliteTemplate();
started = performance.now();
const made = await ensurePgliteTemplate(template);
console.log(
  `PGlite first-boot template ${template.key}: ${made ? `made in ${seconds(started)} s` : "up to date"} (${template.cache})`,
);
