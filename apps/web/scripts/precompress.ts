/**
 * Last build step: writes a brotli (quality 11) and a gzip (level 9) copy beside each text file of dist/, which the
 * server sends instead of compressing per request (apps/server/src/plugins/static.ts, @fastify/static's
 * `preCompressed`). Brotli 11 is too slow to run per request, and made once it is about 13 % smaller than the
 * quality 4 that @fastify/compress uses for dynamic answers (docs/performance.md, issue 14).
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const dist = path.resolve(import.meta.dirname, "../dist");
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Made once, so even a small file is worth a copy; under this a few bytes are all there is to save. */
const THRESHOLD_BYTES = 256;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Dotted folders (.vite's manifest) are not served.
const files = (await readdir(dist, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name))
  .filter(
    (file) =>
      !path
        .relative(dist, file)
        .split(path.sep)
        .some((part) => part.startsWith(".")),
  );

let compressed = 0;
let before = 0;
let after = 0;
await Promise.all(
  files.map(async (file) => {
    const body = await readFile(file);
    if (body.length < THRESHOLD_BYTES) return;
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    // A copy no smaller than the file would only cost a header: the server then sends the file itself.
    if (br.length < body.length) await writeFile(`${file}.br`, br);
    if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
    compressed += 1;
    before += body.length;
    after += Math.min(br.length, body.length);
  }),
);
console.info(
  `precompressed ${compressed} files: ${(before / 1024).toFixed(0)} kB → ${(after / 1024).toFixed(0)} kB brotli`,
);
