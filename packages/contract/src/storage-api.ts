/**
 * SPEC §7 Storage: reserve an upload path, then PUT the raw image bytes to it (DESIGN §3 Uploads).
 * Imported as the `storageApi` namespace (index.ts), so a bundle keeps only the endpoints it uses.
 */
import { envelope } from "./common.js";
import { defineEndpoint } from "./endpoint.js";
import { uploadConfigSchema, uploadPathParams, uploadResultSchema, uploadUrlBody } from "./storage.js";
import { IMAGE_TYPES } from "./values/storage.js";

export const createUploadUrl = defineEndpoint({
  method: "POST",
  path: "/storage/upload-url",
  body: uploadUrlBody,
  response: envelope(uploadConfigSchema),
  auth: "session",
  errors: ["RATE_LIMITED"],
});

export const uploadFile = defineEndpoint({
  method: "PUT",
  path: "/storage/upload/:category/:file",
  params: uploadPathParams,
  consumes: IMAGE_TYPES,
  response: envelope(uploadResultSchema),
  auth: "session",
  errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE"],
});
