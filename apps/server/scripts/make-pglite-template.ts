/**
 * `npm run build -w @housemate/server`: makes the PGlite first-boot template (src/db/pglite-template.ts) for
 * the installed PGlite and the current migrations, unless it is already there. It runs PGlite's initdb, so
 * it takes several seconds once; every first boot after it skips that.
 */
import { performance } from "node:perf_hooks";
import { defaultPgliteTemplate, ensurePgliteTemplate } from "../src/db/client.js";

const template = defaultPgliteTemplate();
const started = performance.now();
const made = await ensurePgliteTemplate(template);
const took = ((performance.now() - started) / 1000).toFixed(1);
console.log(`PGlite first-boot template ${template.key}: ${made ? `made in ${took} s` : "up to date"} (${template.cache})`);
