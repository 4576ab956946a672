import { z } from "zod";
import { singleLineText } from "./text.js";
import {
  FILE_PATH_MESSAGE,
  FILE_PATH_PATTERN,
  IMAGE_TYPES,
  UPLOAD_CATEGORIES,
  UPLOAD_MAX_BYTES,
} from "./values/storage.js";
export const uploadCategorySchema = z.enum(UPLOAD_CATEGORIES);
export const imageTypeSchema = z.enum(IMAGE_TYPES, {
  message: "Only JPEG, PNG, WebP and GIF images can be uploaded",
});
export const filePathSchema = z.string().regex(FILE_PATH_PATTERN, FILE_PATH_MESSAGE);
/** `GET /files/<filePath>?size=thumbnail` serves the thumbnail instead of the image (docs/decisions/024). */
export const fileQuerySchema = z.object({ size: z.enum(["thumbnail"]).optional() });
export type FileQuery = z.infer<typeof fileQuerySchema>;

export const uploadUrlBody = z.strictObject({
  fileName: singleLineText({ min: 1, tooShort: "File name is required", max: 255 }),
  fileType: imageTypeSchema,
  fileSize: z.number().int().min(1).max(UPLOAD_MAX_BYTES, "Files can be at most 5 MB"),
  category: uploadCategorySchema,
});
export type UploadUrlBody = z.infer<typeof uploadUrlBody>;

export const uploadConfigSchema = z.object({ filePath: z.string(), publicUrl: z.string() });
export type UploadConfig = z.infer<typeof uploadConfigSchema>;
export const uploadResultSchema = z.object({ publicUrl: z.string() });

/**
 * An upload's path as two parameters, `<category>/<file>` (the filePath the reservation answers with): OpenAPI has no
 * parameter that spans a slash. The server joins them and checks the whole path (FILE_PATH_PATTERN).
 */
export const uploadPathParams = z.object({
  category: uploadCategorySchema,
  file: z.string().regex(/^[A-Za-z0-9_-]{32}\.(jpg|png|webp|gif)$/, FILE_PATH_MESSAGE),
});
