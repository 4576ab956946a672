import { describe, expect, it } from "vitest";
import { FinesListCache } from "../src/features/fines/list-cache.js";

const bytes = (n: number, fill = "x") => Buffer.alloc(n, fill);

describe("the fines list cache", () => {
  it("answers only for the version it was given", () => {
    const cache = new FinesListCache(1_000);
    cache.set("a", 3, bytes(10));
    expect(cache.get("a", 3)?.length).toBe(10);
    expect(cache.get("a", 4)).toBeUndefined();
    // A miss on a newer version drops the old entry at once.
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it("keeps a newer entry when a slower request brings an older version", () => {
    const cache = new FinesListCache(1_000);
    cache.set("a", 5, bytes(10, "n"));
    cache.set("a", 4, bytes(20, "o"));
    expect(cache.get("a", 5)?.toString()).toBe("n".repeat(10));
    cache.set("a", 6, bytes(30));
    expect(cache.get("a", 6)?.length).toBe(30);
    expect(cache.bytes).toBe(30);
  });

  it("drops the least recently used households beyond its size", () => {
    const cache = new FinesListCache(100);
    cache.set("a", 1, bytes(40));
    cache.set("b", 1, bytes(40));
    cache.get("a", 1);
    cache.set("c", 1, bytes(40));
    expect(cache.get("b", 1)).toBeUndefined();
    expect(cache.get("a", 1)).toBeDefined();
    expect(cache.get("c", 1)).toBeDefined();
    expect(cache.bytes).toBe(80);
    // An answer bigger than the whole cache is not kept.
    cache.set("d", 1, bytes(101));
    expect(cache.get("d", 1)).toBeUndefined();
    expect(cache.bytes).toBe(80);
  });
});
