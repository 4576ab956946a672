import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/** The encodings an answer kept in memory is offered in, best first. */
const ENCODINGS = ["br", "gzip"] as const;
export type ContentEncoding = (typeof ENCODINGS)[number];

/** Answers smaller than this go as they are, as with every other route (`@fastify/compress`'s threshold in app.ts). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * The encoding to send a kept answer in, from the request's Accept-Encoding: brotli, else gzip, else none.
 * An encoding with q=0 is refused; `*` stands for any encoding not named.
 */
export function preferredEncoding(header: string | undefined): ContentEncoding | null {
  if (!header) return null;
  const quality = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    quality.set(name, q === undefined ? 1 : Number(q.slice(2)));
  }
  return ENCODINGS.find((encoding) => (quality.get(encoding) ?? quality.get("*") ?? 0) > 0) ?? null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses an answer that is kept and sent many times, on libuv's thread pool (not the event loop). It is made
 * once per change, so it can afford a higher brotli quality than the per-request compression of other answers.
 */
export function compress(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === "br"
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: 6 });
}
