import { z } from "zod";
import { envelope } from "./common.js";
import { defineEndpoint } from "./endpoint.js";
import {
  FILE_PATH_MESSAGE,
  IMAGE_TYPES,
  uploadCategorySchema,
  uploadConfigSchema,
  uploadResultSchema,
  uploadUrlBody,
} from "./storage.js";

/**
 * An upload's path as two parameters, `<category>/<file>` (the filePath the reservation answers with): OpenAPI has no
 * parameter that spans a slash. The server joins them and checks the whole path (FILE_PATH_PATTERN).
 */
export const uploadPathParams = z.object({
  category: uploadCategorySchema,
  file: z.string().regex(/^[A-Za-z0-9_-]{32}\.(jpg|png|webp|gif)$/, FILE_PATH_MESSAGE),
});

/** SPEC §7 Storage: reserve an upload path, then PUT the raw image bytes to it (DESIGN §3 Uploads). */
export const storageApi = {
  createUploadUrl: defineEndpoint({
    method: "POST",
    path: "/storage/upload-url",
    body: uploadUrlBody,
    response: envelope(uploadConfigSchema),
    auth: "session",
    errors: ["RATE_LIMITED"],
  }),
  uploadFile: defineEndpoint({
    method: "PUT",
    path: "/storage/upload/:category/:file",
    params: uploadPathParams,
    consumes: IMAGE_TYPES,
    response: envelope(uploadResultSchema),
    auth: "session",
    errors: ["FORBIDDEN", "NOT_FOUND", "CONFLICT", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE"],
  }),
};

/** The upload endpoint's path values for the filePath the reservation answered with (`<category>/<file>`). */
export function uploadPathValues(filePath: string): { category: string; file: string } {
  const slash = filePath.indexOf("/");
  return { category: filePath.slice(0, slash), file: filePath.slice(slash + 1) };
}
