import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { IMAGE_TYPES, storageApi, UPLOAD_MAX_BYTES } from "@housemate/contract";
import { badRequest } from "../../lib/errors.js";
import { routeOptions } from "../../lib/route.js";
import { UPLOAD_BODY_TIMEOUT_MS } from "../../plugins/transport.js";
import { publicUrlFor } from "./file-path.js";
import { receiveUpload, reserveUpload } from "./service.js";

/** SPEC §7 Storage: reserve an upload path, then PUT the raw image bytes to it (DESIGN §3 Uploads). */
const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  // Raw image bodies, in this scope only; the rest of the API stays JSON with its 64 KB limit (app.ts).
  // The 5 MB limit is the upload route's own: set here it would let any route of the scope read 5 MB of image.
  app.addContentTypeParser([...IMAGE_TYPES], { parseAs: "buffer" }, (_request, body, done) => {
    done(null, body);
  });

  app.route({
    ...routeOptions(storageApi.createUploadUrl),
    handler: async (request) => {
      const config = await reserveUpload(app.db, {
        userId: request.session.user.id,
        file: request.body,
        now: app.now(),
        publicOrigin: app.config.publicUrl,
      });
      return { data: config };
    },
  });

  app.route({
    ...routeOptions(storageApi.uploadFile),
    bodyLimit: UPLOAD_MAX_BYTES,
    // Up to 5 MB, perhaps from a phone on a poor link: far longer than a JSON body gets.
    config: { bodyTimeoutMs: UPLOAD_BODY_TIMEOUT_MS },
    handler: async (request) => {
      // The reservation's filePath, `<category>/<file>`, as two parameters (OpenAPI has none that spans a slash).
      const filePath = `${request.params.category}/${request.params.file}`;
      if (!Buffer.isBuffer(request.body)) throw badRequest("Send the file's bytes with the image's Content-Type.");
      await receiveUpload(app.db, app.files, {
        userId: request.session.user.id,
        filePath,
        contentType: request.headers["content-type"],
        bytes: request.body,
        now: app.now(),
      });
      return { data: { publicUrl: publicUrlFor(app.config.publicUrl, filePath) } };
    },
  });
};

export default storageRoutes;
