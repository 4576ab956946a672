import type { ImageType } from "@housemate/contract";

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * A browser decodes an image into width × height × 4 bytes of memory whatever the file's size, so a
 * 100-byte file declaring 50 000 × 50 000 pixels (a "pixel flood") can take 10 GB from whoever views it.
 * 40 megapixels is far above any phone photo (a 12 MP camera gives 4032 × 3024).
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * The width and height an image's header declares, read without decoding it; null when the header is
 * missing or malformed, since a decoder could not show such a file either.
 */
export function readImageSize(bytes: Buffer, type: ImageType): ImageSize | null {
  switch (type) {
    case "image/png":
      return pngSize(bytes);
    case "image/gif":
      return gifSize(bytes);
    case "image/webp":
      return webpSize(bytes);
    case "image/jpeg":
      return jpegSize(bytes);
  }
}

/** PNG: the first chunk must be IHDR, holding width and height as 32-bit big-endian numbers. */
function pngSize(bytes: Buffer): ImageSize | null {
  if (bytes.length < 24 || bytes.toString("latin1", 12, 16) !== "IHDR") return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * GIF: the logical screen, then every frame's own rectangle (a frame may be larger than the screen and
 * decoders allocate for it), so the largest of them counts.
 */
function gifSize(bytes: Buffer): ImageSize | null {
  if (bytes.length < 13) return null;
  let width = bytes.readUInt16LE(6);
  let height = bytes.readUInt16LE(8);
  let offset = 13 + colourTableBytes(bytes[10] ?? 0);
  while (offset < bytes.length) {
    const block = bytes[offset];
    if (block === 0x3b) break; // trailer
    if (block === 0x21) {
      offset = skipSubBlocks(bytes, offset + 2);
    } else if (block === 0x2c) {
      if (offset + 10 > bytes.length) break;
      width = Math.max(width, bytes.readUInt16LE(offset + 1) + bytes.readUInt16LE(offset + 5));
      height = Math.max(height, bytes.readUInt16LE(offset + 3) + bytes.readUInt16LE(offset + 7));
      offset = skipSubBlocks(bytes, offset + 10 + colourTableBytes(bytes[offset + 9] ?? 0) + 1);
    } else {
      break;
    }
    if (offset < 0) break;
  }
  return { width, height };
}

const colourTableBytes = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);

/** Past a chain of GIF data sub-blocks (length byte, data, …, 0); -1 when it runs off the end. */
function skipSubBlocks(bytes: Buffer, start: number): number {
  let offset = start;
  while (offset < bytes.length) {
    const length = bytes[offset] ?? 0;
    offset += 1 + length;
    if (length === 0) return offset;
  }
  return -1;
}

/** WebP: the canvas of an extended file (VP8X), or the frame size of a simple lossy or lossless one. */
function webpSize(bytes: Buffer): ImageSize | null {
  if (bytes.length < 30) return null;
  const chunk = bytes.toString("latin1", 12, 16);
  if (chunk === "VP8X") {
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  }
  if (chunk === "VP8 ") {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === "VP8L") {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return null;
}

/** JPEG: the frame header (any SOFn marker) found by walking the segments before the image data. */
function jpegSize(bytes: Buffer): ImageSize | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (offset + 9 > bytes.length) return null;
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    if (marker === 0xda) return null; // image data before any frame header
    offset += 2 + length;
  }
  return null;
}
