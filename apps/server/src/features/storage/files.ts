import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fileQuerySchema } from "@housemate/contract";
import { sendNotFound } from "../../plugins/errors.js";
import { isFilePath, thumbnailKey } from "./file-path.js";
import { findUploadedFile } from "./service.js";

/**
 * Serves uploads at /files/<filePath> without a bearer header, because an `<img>` cannot send one: the
 * path itself is the unguessable capability (docs/decisions/005). Only finished uploads are served,
 * with their recorded type and no sniffing, so a file can never be read as something else.
 * `?size=thumbnail` serves the upload's thumbnail instead (docs/decisions/024).
 */
const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/files/*",
    // Any path string reaches the handler, which answers 404 (not 400) for one that is not an upload's.
    { schema: { hide: true, params: z.object({ "*": z.string() }), querystring: fileQuerySchema } },
    async (request, reply) => {
      const filePath = request.params["*"];
      if (!isFilePath(filePath)) return sendNotFound(request, reply);
      const upload = await findUploadedFile(app.db, filePath);
      if (!upload) return sendNotFound(request, reply);
      // An upload stored before thumbnails existed has none: its image stands in, so an avatar still shows.
      const thumbnail = request.query.size === "thumbnail" ? await app.files.open(thumbnailKey(filePath)) : null;
      const file = thumbnail ?? (await app.files.open(filePath));
      if (!file) return sendNotFound(request, reply);
      return reply
        .header("content-type", thumbnail ? "image/webp" : upload.contentType)
        .header("content-length", file.size)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox; frame-ancestors 'none'")
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(file.stream);
    },
  );
};

export default filesRoutes;
