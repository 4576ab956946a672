import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import type { DatabaseHandle } from "../src/db/client.js";
import { PUBLIC_URL } from "./helpers/app.js";
import { openTestDatabase } from "./helpers/database.js";

/** The built web app as the server serves it (plugins/static.ts), from a build folder made here. */
const INDEX = '<!doctype html><title>Housemate</title><div id="root"></div>';
const LANDING = '<!doctype html><title>Housemate</title><div id="root"><h1>House Rules Made Fun &amp; Fair</h1></div>';

/** A hashed asset with the brotli and gzip copies the web build writes beside it (apps/web/scripts/precompress.ts). */
const ASSET = "/assets/mount-def456.js";
const ASSET_BODY = Buffer.from(
  `export const rules = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `rule ${i}`))};`,
);
const ASSET_BR = brotliCompressSync(ASSET_BODY);
const ASSET_GZ = gzipSync(ASSET_BODY, { level: 9 });

/** The service worker the web build writes at the root (vite-plugin-pwa, decision 053), and its Workbox runtime. */
const SERVICE_WORKER = 'define(["./workbox-9c191d2f"], function (s) { s.precacheAndRoute([]); });';

let webRoot: string;
let database: DatabaseHandle;
let app: FastifyInstance;
beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), "housemate-web-"));
  await mkdir(path.join(webRoot, "assets"));
  await writeFile(path.join(webRoot, "index.html"), INDEX);
  await writeFile(path.join(webRoot, "landing.html"), LANDING);
  await writeFile(path.join(webRoot, "assets", "index-abc123.js"), "console.log('app')");
  await writeFile(path.join(webRoot, ASSET), ASSET_BODY);
  await writeFile(path.join(webRoot, `${ASSET}.br`), ASSET_BR);
  await writeFile(path.join(webRoot, `${ASSET}.gz`), ASSET_GZ);
  await writeFile(path.join(webRoot, "sw.js"), SERVICE_WORKER);
  await writeFile(path.join(webRoot, "workbox-9c191d2f.js"), "define([], function () {});");
  database = await openTestDatabase();
  const config = loadConfig({ PUBLIC_URL, LOG_LEVEL: "silent", DATA_DIR: webRoot });
  app = await buildApp({ config, database, logger: false, webRoot });
});
afterAll(async () => {
  await app.close();
  await database.close();
  await rm(webRoot, { recursive: true, force: true });
});

const get = (url: string, method: "GET" | "HEAD" = "GET") => app.inject({ method, url });

describe("the built web app", () => {
  it("answers / with the prerendered landing page, revalidated on every visit", async () => {
    for (const url of ["/", "/?utm_source=flyer"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.body, url).toBe(LANDING);
    }
    const head = await get("/", "HEAD");
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toMatch(/^text\/html/);
  });

  it("answers every other page with the empty app, so no other screen shows the landing page first", async () => {
    for (const url of ["/dashboard", "/dashboard/rules", "/login", "/invite/abc", "/no/such/room"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.body, url).toBe(INDEX);
    }
  });

  it("answers / with the empty app from a build without the prerendered page", async () => {
    await rm(path.join(webRoot, "landing.html"));
    try {
      const res = await get("/");
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toBe(INDEX);
    } finally {
      await writeFile(path.join(webRoot, "landing.html"), LANDING);
    }
    expect((await get("/")).body).toBe(LANDING);
  });

  it("keeps hashed assets for a year and answers a missing file with 404", async () => {
    const asset = await get("/assets/index-abc123.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await get("/assets/missing-000000.js")).statusCode).toBe(404);
  });

  it("leaves a document's headers off the build's scripts and keeps them on everything a browser may open as one", async () => {
    for (const acceptEncoding of ["br", "gzip", "identity"]) {
      const script = await app.inject({ method: "GET", url: ASSET, headers: { "accept-encoding": acceptEncoding } });
      expect(script.headers["x-content-type-options"], acceptEncoding).toBe("nosniff");
      for (const name of [
        "content-security-policy",
        "x-frame-options",
        "cross-origin-opener-policy",
        "permissions-policy",
      ]) {
        expect(script.headers[name], `${name} (${acceptEncoding})`).toBeUndefined();
      }
    }
    // A page, the landing page, a missing asset (404) and any other built file keep the whole set.
    await writeFile(path.join(webRoot, "assets", "preview-abc123.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    for (const url of ["/", "/dashboard", "/assets/missing-000000.js", "/assets/preview-abc123.svg", "/index.html"]) {
      const res = await get(url);
      expect(res.headers["content-security-policy"], url).toContain("frame-ancestors 'none'");
      expect(res.headers["x-frame-options"], url).toBe("DENY");
    }
  });

  it("serves the service worker and its Workbox runtime as scripts revalidated on every visit, under the page's policy", async () => {
    for (const url of ["/sw.js", "/workbox-9c191d2f.js"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/^(?:text|application)\/javascript/);
      // A new deploy's worker must be seen at the next check, never a year later: it is what offers the update.
      expect(res.headers["cache-control"], url).toBe("no-cache");
      // A worker runs under its script's own Content-Security-Policy: the page's, which lets it fetch this origin.
      expect(res.headers["content-security-policy"], url).toContain("connect-src 'self'");
    }
    expect((await get("/sw.js")).body).toBe(SERVICE_WORKER);
    // The page may register a worker from this origin, and no other.
    expect((await get("/dashboard")).headers["content-security-policy"]).toContain("worker-src 'self'");
  });

  describe("sends the copy compressed at build time that the browser accepts", () => {
    const fetchAsset = (acceptEncoding?: string) =>
      app.inject({
        method: "GET",
        url: ASSET,
        headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
      });
    const expectAssetHeaders = (res: Awaited<ReturnType<typeof fetchAsset>>, bytes: Buffer) => {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^(?:text|application)\/javascript/);
      expect(res.headers["content-length"]).toBe(String(bytes.length));
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.equals(bytes)).toBe(true);
    };

    it("brotli when the browser accepts it", async () => {
      const res = await fetchAsset("gzip, deflate, br, zstd");
      expect(res.headers["content-encoding"]).toBe("br");
      expectAssetHeaders(res, ASSET_BR);
      expect(brotliDecompressSync(res.rawPayload).equals(ASSET_BODY)).toBe(true);
    });

    it("gzip when the browser accepts only gzip", async () => {
      const res = await fetchAsset("gzip");
      expect(res.headers["content-encoding"]).toBe("gzip");
      expectAssetHeaders(res, ASSET_GZ);
      expect(gunzipSync(res.rawPayload).equals(ASSET_BODY)).toBe(true);
    });

    it("the file itself when the browser accepts neither", async () => {
      for (const acceptEncoding of [undefined, "identity"]) {
        const res = await fetchAsset(acceptEncoding);
        expect(res.headers["content-encoding"], acceptEncoding).toBeUndefined();
        expectAssetHeaders(res, ASSET_BODY);
      }
    });
  });
});
