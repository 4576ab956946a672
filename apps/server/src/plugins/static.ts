import { existsSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import fastifyStatic from "@fastify/static";
import { sendNotFound } from "./errors.js";
import { isApiPath } from "./security.js";

const IMMUTABLE = "public, max-age=31536000, immutable";

/** The landing page already rendered into index.html, written by the web build (apps/web/scripts/prerender-landing.ts). */
const LANDING_PAGE = "landing.html";

/** The build's scripts and style sheets (and their compressed copies) under assets/. */
const BUILT_CODE = /\.(?:js|css)(?:\.br|\.gz)?$/;
const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "x-frame-options",
  "cross-origin-opener-policy",
  "permissions-policy",
];

/** RFC 8615's well-known URIs: the server's own (features/app-links) or none, never a client route. */
const isWellKnownPath = (pathname: string) => pathname === "/.well-known" || pathname.startsWith("/.well-known/");

/**
 * Serves the built web app: hashed assets cached for a year, everything else (the service worker too) revalidated,
 * and index.html for any non-API GET so client-side routes work on reload. / gets the
 * prerendered landing page instead, so its hero paints before the script has run; no other
 * route may, or it would show the landing page until the app has loaded. Each is sent compressed at build time.
 */
export default async function staticPlugin(app: FastifyInstance, opts: { root: string }) {
  const root = path.resolve(opts.root);
  const hasBuild = existsSync(path.join(root, "index.html"));
  const sendPage = (reply: FastifyReply, file: string) =>
    reply.header("cache-control", "no-cache").type("text/html").sendFile(file);

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      // Looks files up per request, so a rebuild while running serves the new assets.
      wildcard: true,
      index: ["index.html"],
      // The build writes a brotli and a gzip copy of each text file (apps/web/scripts/precompress.ts): the one the
      // request accepts is sent as it is, with Vary: Accept-Encoding, and @fastify/compress leaves an answer that
      // already has a Content-Encoding alone. Without a copy (or accepting neither), the file itself.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        void reply.header("cache-control", hashed ? IMMUTABLE : "no-cache");
        // A module script or style sheet is never a document, and these headers are read only from a document's
        // answer (a page's, an SVG's): about 600 bytes a file on the dashboard's 7 scripts (issue 14). nosniff stays
        // (it stops a script being read as anything else), and so does Referrer-Policy (a style sheet's url()
        // fetches follow it). The service worker (sw.js and its Workbox runtime, at the root: decision 053) keeps
        // them: a worker runs under its own script's CSP. Being outside assets/, it is revalidated on every check, so
        // a new deploy's worker is found at once.
        if (hashed && BUILT_CODE.test(filePath)) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      },
    });
    // Looked up per request as well; a build without it (an older one) serves the empty page.
    app.get("/", (_request, reply) =>
      sendPage(reply, existsSync(path.join(root, LANDING_PAGE)) ? LANDING_PAGE : "index.html"),
    );
  } else {
    app.log.warn({ root }, "web app is not built: run `npm run build` to serve it");
  }

  // fastify-static's wildcard GET route catches unknown /api paths too: they are the API's JSON 404, not a page. So are
  // unknown /.well-known paths: a client asking there wants a file of the site (docs/decisions/057), never the app.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "";
    if (isApiPath(pathname) || isWellKnownPath(pathname)) return sendNotFound(request, reply);
    const wantsPage = (request.method === "GET" || request.method === "HEAD") && !path.extname(pathname);
    if (hasBuild && wantsPage) return sendPage(reply, "index.html");
    return sendNotFound(request, reply);
  });
}
