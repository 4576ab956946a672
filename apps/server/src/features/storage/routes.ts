import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  envelope,
  filePathSchema,
  IMAGE_TYPES,
  UPLOAD_MAX_BYTES,
  uploadConfigSchema,
  uploadResultSchema,
  uploadUrlBody,
} from "@housemate/contract";
import { badRequest } from "../../lib/errors.js";
import { UPLOAD_BODY_TIMEOUT_MS } from "../../plugins/transport.js";
import { publicUrlFor } from "./file-path.js";
import { receiveUpload, reserveUpload } from "./service.js";

const security = [{ bearer: [] }];

/** SPEC §7 Storage: reserve an upload path, then PUT the raw image bytes to it (DESIGN §3 Uploads). */
const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  // Raw image bodies, in this scope only; the rest of the API stays JSON with its 64 KB limit (app.ts).
  // The 5 MB limit is the upload route's own: set here it would let any route of the scope read 5 MB of image.
  app.addContentTypeParser([...IMAGE_TYPES], { parseAs: "buffer" }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    "/storage/upload-url",
    { schema: { tags: ["storage"], security, body: uploadUrlBody, response: { 200: envelope(uploadConfigSchema) } } },
    async (request) => {
      const user = request.session.user;
      const config = await reserveUpload(app.db, {
        userId: user.id,
        file: request.body,
        now: app.now(),
        publicOrigin: app.config.publicUrl,
      });
      return { data: config };
    },
  );

  app.put(
    "/storage/upload/*",
    {
      bodyLimit: UPLOAD_MAX_BYTES,
      // Up to 5 MB, perhaps from a phone on a poor link: far longer than a JSON body gets.
      config: { bodyTimeoutMs: UPLOAD_BODY_TIMEOUT_MS },
      schema: {
        tags: ["storage"],
        security,
        params: z.object({ "*": filePathSchema }),
        response: { 200: envelope(uploadResultSchema) },
      },
    },
    async (request) => {
      const user = request.session.user;
      const filePath = request.params["*"];
      if (!Buffer.isBuffer(request.body)) throw badRequest("Send the file's bytes with the image's Content-Type.");
      await receiveUpload(app.db, app.files, {
        userId: user.id,
        filePath,
        contentType: request.headers["content-type"],
        bytes: request.body,
        now: app.now(),
      });
      return { data: { publicUrl: publicUrlFor(app.config.publicUrl, filePath) } };
    },
  );
};

export default storageRoutes;
