import { existsSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import { sendNotFound } from "./errors.js";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * and index.html for any non-API GET so client-side routes work on reload.
 */
export default async function staticPlugin(app: FastifyInstance, opts: { root: string }) {
  const root = path.resolve(opts.root);
  const hasBuild = existsSync(path.join(root, "index.html"));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      // Looks files up per request, so a rebuild while running serves the new assets.
      wildcard: true,
      index: ["index.html"],
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        void reply.header("cache-control", hashed ? IMMUTABLE : "no-cache");
      },
    });
  } else {
    app.log.warn({ root }, "web app is not built: run `npm run build` to serve it");
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === "GET" || request.method === "HEAD") && !path.extname(request.url.split("?")[0] ?? "");
    if (hasBuild && wantsPage) {
      return reply.header("cache-control", "no-cache").type("text/html").sendFile("index.html");
    }
    return sendNotFound(request, reply);
  });
}
