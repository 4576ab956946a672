import { z } from "zod";

export const UPLOAD_CATEGORIES = ["fine-evidence", "rule-images", "profile-pictures"] as const;
export const uploadCategorySchema = z.enum(UPLOAD_CATEGORIES);
export type UploadCategory = z.infer<typeof uploadCategorySchema>;

export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export const imageTypeSchema = z.enum(IMAGE_TYPES, {
  message: "Only JPEG, PNG, WebP and GIF images can be uploaded",
});
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_URL_TTL_MINUTES = 15;

export const uploadUrlBody = z.object({
  fileName: z.string().trim().min(1).max(255),
  fileType: imageTypeSchema,
  fileSize: z.number().int().min(1).max(UPLOAD_MAX_BYTES, "Files can be at most 5 MB"),
  category: uploadCategorySchema,
});
export type UploadUrlBody = z.infer<typeof uploadUrlBody>;

export const uploadConfigSchema = z.object({ filePath: z.string(), publicUrl: z.string() });
export type UploadConfig = z.infer<typeof uploadConfigSchema>;
export const uploadResultSchema = z.object({ publicUrl: z.string() });
