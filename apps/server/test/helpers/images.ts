import { deflateSync } from "node:zlib";

/** Small real images of each accepted type, and hostile ones, built byte by byte. */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A PNG whose header declares `width` × `height` grey pixels. Only a small image carries all its rows;
 * a huge declared size (a pixel flood) carries one row's worth, as an attacker's file would.
 */
export function pngOf(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = width * height <= 10_000 ? height : 1;
  const pixels = Buffer.alloc(rows * (Math.min(width, 10_000) + 1), 0x80);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(pixels)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

export const tinyPng = () => pngOf(1, 1);

/** A 1 × 1 GIF; `screen` replaces its declared logical screen size (a pixel flood keeps the tiny frame). */
export function gifOf(screen: { width: number; height: number } = { width: 1, height: 1 }): Buffer {
  const bytes = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");
  bytes.writeUInt16LE(screen.width, 6);
  bytes.writeUInt16LE(screen.height, 8);
  return bytes;
}

/** A 1 × 1 lossless WebP. */
export const tinyWebp = () => Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64");

/** A real 8 × 8 baseline JPEG (JFIF, quality 50), no metadata. */
export const tinyJpeg = () =>
  Buffer.from(
    "/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NCOEJjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIAAgACAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AKNeefRH/9k=",
    "base64",
  );

/** What a phone camera writes into a photo taken at home: the GPS position, in an EXIF (APP1) segment. */
export const GPS_MARKER = "GPSLatitude=51.501364N;GPSLongitude=0.141890W";

function jpegSegment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/**
 * `jpeg` with camera metadata added right after its start marker: an EXIF APP1 segment holding
 * GPS_MARKER, an XMP APP1, an IPTC APP13 and a comment, as cameras and editors write them.
 */
export function withCameraMetadata(jpeg: Buffer): Buffer {
  const tiff = Buffer.concat([Buffer.from("MM\u0000\u002a\u0000\u0000\u0000\u0008", "latin1"), Buffer.from(GPS_MARKER)]);
  const metadata = [
    jpegSegment(0xe1, Buffer.concat([Buffer.from("Exif\u0000\u0000", "latin1"), tiff])),
    jpegSegment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\u0000<x:xmpmeta>${GPS_MARKER}</x:xmpmeta>`, "latin1")),
    jpegSegment(0xed, Buffer.from(`Photoshop 3.0\u0000${GPS_MARKER}`, "latin1")),
    jpegSegment(0xfe, Buffer.from(`Taken at home: ${GPS_MARKER}`)),
  ];
  return Buffer.concat([jpeg.subarray(0, 2), ...metadata, jpeg.subarray(2)]);
}

/**
 * `png` with what phones and editors write into a PNG: an eXIf chunk holding GPS_MARKER, text chunks (one of them
 * XMP, one compressed) and the time, after its header.
 */
export function pngWithCameraMetadata(png: Buffer): Buffer {
  const afterHeader = PNG_SIGNATURE.length + 12 + png.readUInt32BE(PNG_SIGNATURE.length);
  const metadata = [
    pngChunk("eXIf", Buffer.concat([Buffer.from("MM\u0000\u002a\u0000\u0000\u0000\u0008", "latin1"), Buffer.from(GPS_MARKER)])),
    pngChunk("tEXt", Buffer.from(`Comment\u0000Taken at home: ${GPS_MARKER}`, "latin1")),
    pngChunk("iTXt", Buffer.from(`XML:com.adobe.xmp\u0000\u0000\u0000\u0000\u0000<x:xmpmeta>${GPS_MARKER}</x:xmpmeta>`, "latin1")),
    pngChunk("zTXt", Buffer.concat([Buffer.from("Location\u0000\u0000", "latin1"), deflateSync(GPS_MARKER)])),
    pngChunk("tIME", Buffer.from([0x07, 0xea, 11, 23, 9, 30, 0])),
  ];
  return Buffer.concat([png.subarray(0, afterHeader), ...metadata, png.subarray(afterHeader)]);
}

export function webpChunk(fourcc: string, data: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(fourcc, 0, "latin1");
  header.writeUInt32LE(data.length, 4);
  return Buffer.concat([header, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

export function webpOf(chunks: Buffer[]): Buffer {
  const body = Buffer.concat(chunks);
  const header = Buffer.alloc(12);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(4 + body.length, 4);
  header.write("WEBP", 8, "latin1");
  return Buffer.concat([header, body]);
}

/** The extended header (VP8X) of a 1 × 1 WebP, announcing `flags` (EXIF 0x08, XMP 0x04, ICC 0x20, …). */
export const webpExtendedHeader = (flags: number) => webpChunk("VP8X", Buffer.from([flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]));

/** tinyWebp's picture (its VP8L chunk), as the extended format carries it. */
export const tinyWebpPicture = () => tinyWebp().subarray(12);

/** A 1 × 1 extended WebP as a phone writes it: EXIF holding GPS_MARKER and XMP, announced in its header. */
export function webpWithCameraMetadata(): Buffer {
  return webpOf([
    webpExtendedHeader(0x08 | 0x04),
    tinyWebpPicture(),
    webpChunk("EXIF", Buffer.concat([Buffer.from("MM\u0000\u002a\u0000\u0000\u0000\u0008", "latin1"), Buffer.from(GPS_MARKER)])),
    webpChunk("XMP ", Buffer.from(`<x:xmpmeta>${GPS_MARKER}</x:xmpmeta>`)),
  ]);
}
