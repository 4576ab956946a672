import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  APPLE_APP_SITE_ASSOCIATION_PATH,
  ASSET_LINKS_PATH,
  type AppleAppSiteAssociation,
  type AssetLinks,
} from "@housemate/contract";
import { sendNotFound } from "../../plugins/errors.js";
import { appleAppSiteAssociation, assetLinks } from "./documents.js";

/**
 * Android and iOS fetch these when the app is installed (and again now and then): an hour keeps a changed certificate
 * or team from waiting a day, and costs the server nothing worth counting.
 */
export const APP_LINKS_CACHE_CONTROL = "public, max-age=3600";

/**
 * The two files that let the phone apps open this server's sign-in and invite links (docs/decisions/057): public,
 * the same for everyone, taking no input; written once from the configuration. Unconfigured, each is the API's JSON
 * 404, so a phone opens the links in the browser. HEAD comes with each GET; any other method is the 404 of a route
 * that does not exist, as everywhere else.
 */
export default async function appLinksRoutes(app: FastifyInstance) {
  const { appLinks } = app.config;
  serve(app, ASSET_LINKS_PATH, assetLinks(appLinks));
  serve(app, APPLE_APP_SITE_ASSOCIATION_PATH, appleAppSiteAssociation(appLinks));
}

function serve(app: FastifyInstance, path: string, document: AssetLinks | AppleAppSiteAssociation | null) {
  // Serialised once: the answer never changes while the server runs. Apple's CDN wants no redirect and JSON's type;
  // bytes, so Fastify adds no charset parameter (JSON has none: RFC 8259 §11).
  const body = document === null ? null : Buffer.from(JSON.stringify(document));
  app.get(path, { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (body === null) return sendNotFound(request, reply);
    return reply.header("cache-control", APP_LINKS_CACHE_CONTROL).type("application/json").send(body);
  });
}
