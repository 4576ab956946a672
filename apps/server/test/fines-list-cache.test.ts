import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { FinesListCache } from "../src/features/fines/list-cache.js";
import { compress, preferredEncoding } from "../src/lib/compression.js";

const bytes = (n: number, fill = "x") => Buffer.alloc(n, fill);
/** A maker that counts its calls. */
function maker(n: number, fill = "x") {
  const made = { calls: 0, make: async () => (made.calls++, bytes(n, fill)) };
  return made;
}

describe("the fines list cache", () => {
  it("makes a variant once per version, even when asked for at once", async () => {
    const cache = new FinesListCache(1_000);
    const json = maker(10);
    await Promise.all([cache.variant("a", 3, "json", json.make), cache.variant("a", 3, "json", json.make)]);
    expect(json.calls).toBe(1);
    await cache.variant("a", 3, "json", json.make);
    expect(json.calls).toBe(1);
    // A new version makes it again and drops what the old one held.
    await cache.variant("a", 4, "json", json.make);
    expect(json.calls).toBe(2);
    expect(cache.bytes).toBe(10);
  });

  it("keeps a newer entry when a slower request brings an older version", async () => {
    const cache = new FinesListCache(1_000);
    await cache.variant("a", 5, "json", maker(10, "n").make);
    expect((await cache.variant("a", 4, "json", maker(20, "o").make)).toString()).toBe("o".repeat(20));
    const newer = maker(10);
    expect((await cache.variant("a", 5, "json", newer.make)).toString()).toBe("n".repeat(10));
    expect(newer.calls).toBe(0);
    expect(cache.bytes).toBe(10);
  });

  it("counts every variant, and drops the least recently used households beyond its size", async () => {
    const cache = new FinesListCache(100);
    await cache.variant("a", 1, "json", maker(30).make);
    await cache.variant("a", 1, "br", maker(10).make);
    await cache.variant("b", 1, "json", maker(40).make);
    await cache.variant("a", 1, "json", maker(30).make);
    await cache.variant("c", 1, "json", maker(40).make);
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(80);
    const b = maker(40);
    await cache.variant("b", 1, "json", b.make);
    expect(b.calls).toBe(1);
  });

  it("keeps each page of a household apart, and drops them all with a new version", async () => {
    const cache = new FinesListCache(1_000);
    const first = maker(10, "f");
    const paid = maker(20, "p");
    await cache.variant("a", 1, "limit=10&status= json", first.make);
    await cache.variant("a", 1, "limit=10&status=paid json", paid.make);
    expect((await cache.variant("a", 1, "limit=10&status= json", paid.make)).toString()).toBe("f".repeat(10));
    expect(cache.bytes).toBe(30);
    await cache.variant("a", 2, "limit=10&status=paid json", paid.make);
    expect(paid.calls).toBe(2);
    expect((await cache.variant("a", 2, "limit=10&status= json", maker(5, "n").make)).toString()).toBe("n".repeat(5));
    expect(cache.bytes).toBe(25);
  });

  it("forgets a variant whose making failed", async () => {
    const cache = new FinesListCache(100);
    await expect(cache.variant("a", 1, "json", () => Promise.reject(new Error("database down")))).rejects.toThrow();
    const json = maker(10);
    await cache.variant("a", 1, "json", json.make);
    expect(json.calls).toBe(1);
  });
});

describe("the encoding of a kept answer", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip;q=0.5", "gzip"],
    ["identity", null],
    ["*", "br"],
    ["*;q=0, gzip", "gzip"],
    ["deflate", null],
    ["BR;Q=1", "br"],
  ])("Accept-Encoding %j gets %j", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it("compresses off the event loop into what a browser can read", async () => {
    const body = Buffer.from(JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: i, description: "Pans left" })) }));
    const br = await compress(body, "br");
    expect(br.length).toBeLessThan(body.length / 5);
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
  });
});
