/**
 * Build step after `vite build`: writes dist/landing.html, the built index.html with the landing page
 * already rendered in it. The server answers / with it (apps/server/src/plugins/static.ts); every other
 * route keeps the empty index.html, so no other screen flashes the landing page.
 */
import { readFile, writeFile } from "node:fs/promises";
import { prerenderLandingPage, withLandingPage } from "../src/app/prerender-landing";

const dist = new URL("../dist/", import.meta.url);
const indexHtml = await readFile(new URL("index.html", dist), "utf8");
const page = withLandingPage(indexHtml, await prerenderLandingPage());
await writeFile(new URL("landing.html", dist), page);
console.info(`dist/landing.html: ${(Buffer.byteLength(page) / 1024).toFixed(1)} kB`);
