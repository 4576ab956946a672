/**
 * Uploads: categories, image types, limits and paths.
 *
 * A module of values/: the contract's constants, texts and plain functions, with no schema library. The web's
 * signed-in shell imports these on every page; a schema module beside them would bring zod and its schemas along
 * (docs/decisions/033). Schemas built from them live in ../storage.ts.
 */
export const UPLOAD_CATEGORIES = ["fine-evidence", "rule-images", "profile-pictures", "receipts"] as const;
export type UploadCategory = (typeof UPLOAD_CATEGORIES)[number];
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** What a picker says of a file it will not upload: another type, or too large (UPLOAD_MAX_BYTES). */
export const IMAGE_FILE_MESSAGE = "Only JPEG, PNG, WebP or GIF images up to 5 MB";
/** Whether the server would take this file as an image upload; pickers check it before reserving a path. */
export const isUploadableImage = (file: { type: string; size: number }): boolean =>
  (IMAGE_TYPES as readonly string[]).includes(file.type) && file.size > 0 && file.size <= UPLOAD_MAX_BYTES;
/**
 * A decoder holds width × height pixels in memory whatever the file's size, so a 100-byte file declaring
 * 50 000 × 50 000 pixels (a "pixel flood") would take gigabytes. 40 megapixels is far above any phone photo
 * (a 12 MP camera gives 4032 × 3024); an animation's frames count together, as all of them are decoded.
 */
export const UPLOAD_MAX_PIXELS = 40_000_000;
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
  /^(fine-evidence|rule-images|profile-pictures|receipts)\/[A-Za-z0-9_-]{32}\.(jpg|png|webp|gif)$/;
export const FILE_PATH_MESSAGE = "This is not a valid upload path.";
/** Where uploaded files are served; a publicUrl is PUBLIC_URL + this prefix + filePath. */
export const FILES_PREFIX = "/files/";
/**
 * Every upload also gets a thumbnail: a WebP at most this many pixels square, cropped from the centre, for lists,
 * cards and avatars (2× for a 64 px square, 3× for a 36 px avatar). Viewers show the image itself.
 */
export const THUMBNAIL_SIZE = 128;
/**
 * The address of an upload's thumbnail, from the publicUrl the upload answered with: the one place the variant is
 * spelt (docs/decisions/040). Any other address (a photo stored before photos had to be uploads) is left as it is,
 * since another server would not know the parameter.
 */
export function thumbnailUrl(publicUrl: string): string {
  if (!publicUrl.includes(FILES_PREFIX)) return publicUrl;
  return `${publicUrl}${publicUrl.includes("?") ? "&" : "?"}size=thumbnail`;
}
/** The upload endpoint's path values for the filePath the reservation answered with (`<category>/<file>`). */
export function uploadPathValues(filePath: string): { category: string; file: string } {
  const slash = filePath.indexOf("/");
  return { category: filePath.slice(0, slash), file: filePath.slice(slash + 1) };
}
