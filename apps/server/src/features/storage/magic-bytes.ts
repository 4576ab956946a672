import type { ImageType } from "@housemate/contract";

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * Whether the content really is the declared kind of image. The declared type decides how the file is
 * served, so a file that is not what it claims (HTML named .png, say) must never be stored.
 */
export function matchesImageType(bytes: Buffer, type: ImageType): boolean {
  switch (type) {
    case "image/jpeg":
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case "image/png":
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case "image/gif":
      return startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"));
    case "image/webp":
      return startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8);
  }
}

/** How a person names the type in a message: "JPEG", "PNG", … */
export function imageTypeName(type: ImageType): string {
  return type.slice("image/".length).toUpperCase().replace("WEBP", "WebP");
}
