import type { ImageType } from "@housemate/contract";

/**
 * A photo taken at home would otherwise tell every housemate, and anyone its address reaches, where that home is:
 * phones write the GPS position into JPEG, PNG and WebP files alike. Each stripper drops the parts that carry
 * metadata rather than picture, copies the rest byte for byte (so the image decodes exactly as before), and answers
 * null when the file's structure is broken, which no decoder would show either. GIF is stored as it is: cameras do
 * not write GIFs.
 */
export function stripImageMetadata(bytes: Buffer, type: ImageType): Buffer | null {
  switch (type) {
    case "image/jpeg":
      return stripJpegMetadata(bytes);
    case "image/png":
      return stripPngMetadata(bytes);
    case "image/webp":
      return stripWebpMetadata(bytes);
    case "image/gif":
      return bytes;
  }
}

/**
 * JPEG segments that carry camera metadata rather than picture: APP1 (EXIF, with GPS position, camera serial
 * and time taken; also XMP), APP13 (Photoshop IPTC, which can hold a location too) and COM (free text).
 * Colour profiles (APP2) and Adobe's colour flag (APP14) stay: the picture needs them.
 */
const METADATA_MARKERS = new Set([0xe1, 0xed, 0xfe]);

const SOI = 0xd8;
const SOS = 0xda;

/** Markers that stand alone, with no length after them. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9);

/**
 * The same JPEG without its metadata segments, byte for byte otherwise, so it decodes exactly as before.
 * Everything from the start of the image data (SOS) on is copied unchanged. Null when the file's segment
 * structure is broken, which no decoder would show either.
 */
export function stripJpegMetadata(bytes: Buffer): Buffer | null {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let offset = 2;
  while (offset + 2 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte before a marker
      continue;
    }
    if (isStandalone(marker)) {
      kept.push(bytes.subarray(offset, offset + 2));
      offset += 2;
      continue;
    }
    if (offset + 4 > bytes.length) return null;
    const end = offset + 2 + bytes.readUInt16BE(offset + 2);
    if (end > bytes.length || end < offset + 4) return null;
    if (marker === SOS) {
      kept.push(bytes.subarray(offset));
      return Buffer.concat(kept);
    }
    if (!METADATA_MARKERS.has(marker)) kept.push(bytes.subarray(offset, end));
    offset = end;
  }
  return null;
}

/** PNG chunks of metadata: EXIF (GPS position and the rest), the three kinds of text (XMP among them), the time. */
const PNG_METADATA_CHUNKS = new Set(["eXIf", "tEXt", "zTXt", "iTXt", "tIME"]);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The same PNG without its metadata chunks, ending at IEND. Colour chunks (iCCP, sRGB, gAMA, …) stay. */
export function stripPngMetadata(bytes: Buffer): Buffer | null {
  if (!bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return null;
  const kept: Buffer[] = [PNG_SIGNATURE];
  let offset = PNG_SIGNATURE.length;
  // Each chunk: its data's length (4 bytes), type (4), data, CRC (4).
  while (offset + 12 <= bytes.length) {
    const end = offset + 12 + bytes.readUInt32BE(offset);
    if (end > bytes.length) return null;
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    if (!PNG_METADATA_CHUNKS.has(type)) kept.push(bytes.subarray(offset, end));
    if (type === "IEND") return Buffer.concat(kept);
    offset = end;
  }
  return null;
}

/** WebP chunks of metadata, and the flags of the extended header (VP8X) that announce them. */
const WEBP_METADATA_CHUNKS = new Set(["EXIF", "XMP "]);
const VP8X_EXIF_AND_XMP = 0x08 | 0x04;

/**
 * The same WebP without its EXIF and XMP chunks, the extended header's flags for them cleared and the RIFF size
 * made to match. A simple (VP8 or VP8L) file has no room for metadata and comes back unchanged.
 */
export function stripWebpMetadata(bytes: Buffer): Buffer | null {
  if (bytes.length < 12 || bytes.toString("latin1", 0, 4) !== "RIFF" || bytes.toString("latin1", 8, 12) !== "WEBP") {
    return null;
  }
  const riffEnd = 8 + bytes.readUInt32LE(4);
  if (riffEnd > bytes.length) return null;
  const kept: Buffer[] = [];
  let offset = 12;
  // Each chunk: FourCC (4 bytes), its data's size (4, little-endian), data, a padding byte when the size is odd.
  while (offset + 8 <= riffEnd) {
    const fourcc = bytes.toString("latin1", offset, offset + 4);
    const dataEnd = offset + 8 + bytes.readUInt32LE(offset + 4);
    if (dataEnd > riffEnd) return null;
    const end = Math.min(dataEnd + (dataEnd % 2), riffEnd);
    if (!WEBP_METADATA_CHUNKS.has(fourcc)) {
      const chunk = Buffer.from(bytes.subarray(offset, end));
      if (fourcc === "VP8X" && chunk.length > 8) chunk[8] = (chunk[8] ?? 0) & ~VP8X_EXIF_AND_XMP;
      kept.push(chunk);
    }
    offset = end;
  }
  if (offset !== riffEnd || kept.length === 0) return null;
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(4 + body.length, 4);
  header.write("WEBP", 8, "latin1");
  return Buffer.concat([header, body]);
}
