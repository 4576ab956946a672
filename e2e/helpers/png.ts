import { deflateSync } from "node:zlib";
import { PNG_SIGNATURE, pngChunk } from "../../apps/server/test/helpers/images.js";

type Rgb = [number, number, number];

/**
 * A real PNG of `width` × `height` pixels: a diagonal of two colours, so a broken image and a
 * working one look different in a screenshot. (The server tests' images are grey; a journey's are seen.)
 */
export function makePng(width = 64, height = 48, from: Rgb = [79, 70, 229], to: Rgb = [250, 204, 21]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(0); // filter: none
    for (let x = 0; x < width; x += 1) rows.push(...(x / width + y / height < 1 ? from : to));
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.from(rows))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
