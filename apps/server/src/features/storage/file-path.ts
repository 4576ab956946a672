import { randomToken } from "../../lib/tokens.js";
import {
  FILE_PATH_PATTERN,
  FILES_PREFIX,
  IMAGE_EXTENSIONS,
  type ImageType,
  type UploadCategory,
} from "@housemate/contract";

/**
 * A new, unguessable path: the category, 24 random bytes (32 base64url characters) and the extension of
 * the declared type. The client's file name plays no part, so nothing it sends reaches the file system.
 */
export function newFilePath(category: UploadCategory, type: ImageType): string {
  return `${category}/${randomToken(24)}.${IMAGE_EXTENSIONS[type]}`;
}

/** Where an upload's thumbnail is stored: beside the image, under the same name with its own extension. */
export function thumbnailKey(filePath: string): string {
  return filePath.replace(/\.[a-z]+$/, ".thumbnail.webp");
}

export function isFilePath(value: string): boolean {
  return FILE_PATH_PATTERN.test(value);
}

/** The address a browser fetches the file from (an `<img src>`); see docs/decisions/005. */
export function publicUrlFor(publicOrigin: string, filePath: string): string {
  return `${publicOrigin}${FILES_PREFIX}${filePath}`;
}

/**
 * The filePath a publicUrl we handed out points at (absolute, or the same-origin `/files/…` form),
 * or null for any other address.
 */
export function filePathFromPublicUrl(publicOrigin: string, url: string): string | null {
  const absolute = `${publicOrigin}${FILES_PREFIX}`;
  const rest = url.startsWith(absolute)
    ? url.slice(absolute.length)
    : url.startsWith(FILES_PREFIX)
      ? url.slice(FILES_PREFIX.length)
      : null;
  return rest !== null && isFilePath(rest) ? rest : null;
}
