/**
 * Segments that carry camera metadata rather than picture: APP1 (EXIF, with GPS position, camera serial
 * and time taken; also XMP), APP13 (Photoshop IPTC, which can hold a location too) and COM (free text).
 * A photo taken at home would otherwise tell every housemate, and anyone its address reaches, where
 * that home is. Colour profiles (APP2) and Adobe's colour flag (APP14) stay: the picture needs them.
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
