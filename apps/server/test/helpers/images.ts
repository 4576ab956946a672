import { crc32 } from "node:zlib";
import sharp from "sharp";
import { IMAGE_TYPES, type ImageType } from "@housemate/contract";

/**
 * Real images for the tests, made by sharp (libvips), and the few things a camera or an attacker writes
 * into a file that sharp will not: a PNG text chunk, a GIF comment, a header declaring a huge size.
 */

export const RED = [220, 38, 38] as const;
export const BLUE = [37, 99, 235] as const;
type Rgb = readonly [number, number, number];

/** What a phone camera writes into a photo taken at home: the GPS position. */
export const GPS_MARKER = "GPSLatitude=51.501364N;GPSLongitude=0.141890W";

/**
 * A `width` × `height` picture in `type`, red on its left half and blue on its right, so a test can tell
 * which way up it was stored; `frames` makes an animation (GIF or WebP) of that many frames, the colours
 * swapping sides from one frame to the next (encoders merge frames that do not change).
 */
export async function pictureOf(type: ImageType, width = 16, height = 8, frames = 1): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * frames * 3);
  for (let i = 0; i < width * height * frames; i += 1) {
    const left = i % width < width / 2;
    const odd = Math.floor(i / (width * height)) % 2 === 1;
    pixels.set(left !== odd ? RED : BLUE, i * 3);
  }
  return sharp(pixels, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .toFormat(FORMATS[type])
    .toBuffer();
}

const FORMATS = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp", "image/gif": "gif" } as const;

/** The colour of one pixel of an image, as its decoder sees it. */
export async function pixelAt(image: Buffer, x: number, y: number): Promise<Rgb> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at] ?? -1, data[at + 1] ?? -1, data[at + 2] ?? -1];
}

/** Whether two colours are the same to the eye (lossy encoders move a channel by a few steps). */
export const looksLike = (actual: Rgb, expected: Rgb) =>
  actual.every((channel, i) => Math.abs(channel - (expected[i] ?? 0)) <= 24);

// Small images for the many tests that only need one to upload, made once when this module loads.
const tiny = Object.fromEntries(
  await Promise.all(IMAGE_TYPES.map(async (type) => [type, await pictureOf(type, 2, 2)] as const)),
) as Record<ImageType, Buffer>;
export const tinyImage = (type: ImageType) => tiny[type];
export const tinyPng = () => tiny["image/png"];
export const tinyJpeg = () => tiny["image/jpeg"];

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The end of a PNG's header chunk (IHDR, always first: signature, length, type, 13 bytes, CRC). */
const PNG_HEADER_END = PNG_SIGNATURE.length + 8 + 13 + 4;

/** `png` with `chunks` after its header, as editors write text and metadata chunks. */
export const withPngChunks = (png: Buffer, chunks: Buffer[]) =>
  Buffer.concat([png.subarray(0, PNG_HEADER_END), ...chunks, png.subarray(PNG_HEADER_END)]);

/** `gif` with a comment extension before its first frame, as GIF editors write one. */
export function withGifComment(gif: Buffer, text: string): Buffer {
  const flags = gif[10] ?? 0;
  const colourTable = flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0;
  const at = 13 + colourTable;
  const comment = Buffer.from(text);
  return Buffer.concat([
    gif.subarray(0, at),
    Buffer.from([0x21, 0xfe, comment.length]),
    comment,
    Buffer.from([0]),
    gif.subarray(at),
  ]);
}

/**
 * A small real image of `type` whose header declares `width` × `height` pixels: a tiny file a decoder would
 * allocate gigabytes for (a pixel flood). The size is written where each format keeps it.
 */
export async function declaringSize(type: ImageType, width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(await pictureOf(type, 2, 2));
  switch (type) {
    case "image/png": {
      const header = Buffer.from(bytes.subarray(16, 29));
      header.writeUInt32BE(width, 0);
      header.writeUInt32BE(height, 4);
      return Buffer.concat([PNG_SIGNATURE, pngChunk("IHDR", header), bytes.subarray(PNG_HEADER_END)]);
    }
    case "image/gif": {
      // The frame's own rectangle: a decoder allocates for the frame, whatever the screen says.
      const frame = bytes.indexOf(Buffer.from([0x2c, 0, 0, 0, 0]));
      bytes.writeUInt16LE(width, frame + 5);
      bytes.writeUInt16LE(height, frame + 7);
      return bytes;
    }
    case "image/jpeg": {
      const frame = bytes.indexOf(Buffer.from([0xff, 0xc0]));
      bytes.writeUInt16BE(height, frame + 5);
      bytes.writeUInt16BE(width, frame + 7);
      return bytes;
    }
    case "image/webp": {
      // A lossy WebP: "VP8 " chunk, 3 bytes of frame tag, the start code 9d 01 2a, then 14-bit width and height.
      const start = bytes.indexOf(Buffer.from([0x9d, 0x01, 0x2a]));
      bytes.writeUInt16LE(width, start + 3);
      bytes.writeUInt16LE(height, start + 5);
      return bytes;
    }
  }
}
