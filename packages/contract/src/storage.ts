import { z } from "zod";
import { singleLineText } from "./text.js";

export const UPLOAD_CATEGORIES = ["fine-evidence", "rule-images", "profile-pictures"] as const;
export const uploadCategorySchema = z.enum(UPLOAD_CATEGORIES);
export type UploadCategory = z.infer<typeof uploadCategorySchema>;

export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export const imageTypeSchema = z.enum(IMAGE_TYPES, {
  message: "Only JPEG, PNG, WebP and GIF images can be uploaded",
});
export type ImageType = z.infer<typeof imageTypeSchema>;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_URL_TTL_MINUTES = 15;
/** Per person per rolling 24 hours: more uploads than this, or more bytes, is refused with 429. */
export const UPLOAD_DAILY_COUNT = 100;
export const UPLOAD_DAILY_BYTES = 200 * 1024 * 1024;

/** The extension of a stored file comes from its declared type, never from the client's file name. */
export const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

/**
 * Every path the server hands out: `<category>/<32 random base64url chars>.<ext>`. Anything else
 * (dots, slashes, encodings) is refused before it can reach a file system.
 */
export const FILE_PATH_PATTERN =
  /^(fine-evidence|rule-images|profile-pictures)\/[A-Za-z0-9_-]{32}\.(jpg|png|webp|gif)$/;
export const FILE_PATH_MESSAGE = "This is not a valid upload path.";
export const filePathSchema = z.string().regex(FILE_PATH_PATTERN, FILE_PATH_MESSAGE);
/** Where uploaded files are served; a publicUrl is PUBLIC_URL + this prefix + filePath. */
export const FILES_PREFIX = "/files/";

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
