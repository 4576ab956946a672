import type { FastifyInstance } from "fastify";
import { sendNotFound } from "../../plugins/errors.js";
import { isFilePath } from "./file-path.js";
import { findUploadedFile } from "./service.js";

/**
 * Serves uploads at /files/<filePath> without a bearer header, because an `<img>` cannot send one: the
 * path itself is the unguessable capability (docs/decisions/005). Only finished uploads are served,
 * with their recorded type and no sniffing, so a file can never be read as something else.
 */
export default async function filesRoutes(app: FastifyInstance) {
  app.get<{ Params: { "*": string } }>("/files/*", { schema: { hide: true } }, async (request, reply) => {
    const filePath = request.params["*"];
    if (!isFilePath(filePath)) return sendNotFound(request, reply);
    const upload = await findUploadedFile(app.db, filePath);
    const file = upload && (await app.files.open(filePath));
    if (!upload || !file) return sendNotFound(request, reply);
    return reply
      .header("content-type", upload.contentType)
      .header("content-length", file.size)
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "default-src 'none'; sandbox; frame-ancestors 'none'")
      .header("cache-control", "public, max-age=31536000, immutable")
      .send(file.stream);
  });
}
