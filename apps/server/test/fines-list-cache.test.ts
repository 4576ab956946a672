import { describe, expect, it } from "vitest";
import { FinesListCache } from "../src/features/fines/list-cache.js";

const bytes = (n: number, fill = "x") => Buffer.alloc(n, fill);
/** A maker that counts its calls. */
function maker(n: number, fill = "x") {
  const made = { calls: 0, make: () => (made.calls++, Promise.resolve(bytes(n, fill))) };
  return made;
}
/** A maker that finishes only when told to, to hold a making in flight. */
function heldMaker(n: number, fill: string) {
  let release = () => {};
  const finished = new Promise<void>((resolve) => (release = resolve));
  const made = { calls: 0, release, make: async () => (made.calls++, await finished, bytes(n, fill)) };
  return made;
}

describe("the fines list cache", () => {
  it("makes a household's page once per version, even when asked for at once", async () => {
    const cache = new FinesListCache(1_000);
    const page = maker(10);
    await Promise.all([cache.firstPage("a", 3, page.make), cache.firstPage("a", 3, page.make)]);
    expect(page.calls).toBe(1);
    await cache.firstPage("a", 3, page.make);
    expect(page.calls).toBe(1);
    // A new version makes it again and drops what the old one held.
    await cache.firstPage("a", 4, page.make);
    expect(page.calls).toBe(2);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(10);
  });

  it("never serves a page of another version than the one the request read", async () => {
    const cache = new FinesListCache(1_000);
    expect((await cache.firstPage("a", 1, maker(10, "1").make)).toString()).toBe("1".repeat(10));
    expect((await cache.firstPage("a", 2, maker(10, "2").make)).toString()).toBe("2".repeat(10));
    // The kept page is version 2's: a request that read version 3 gets a page made now.
    expect((await cache.firstPage("a", 3, maker(10, "3").make)).toString()).toBe("3".repeat(10));
  });

  it("does not hand a making still in flight for an older version to a request that read a newer one", async () => {
    const cache = new FinesListCache(1_000);
    const old = heldMaker(10, "o");
    const oldPage = cache.firstPage("a", 5, old.make);
    const newer = maker(10, "n");
    // Version 6 was read while version 5's page is still being made (a fine paid in between).
    const newerPage = cache.firstPage("a", 6, newer.make);
    old.release();
    expect((await newerPage).toString()).toBe("n".repeat(10));
    expect((await oldPage).toString()).toBe("o".repeat(10));
    expect(newer.calls).toBe(1);
    // Version 5's page was kept when it finished; the next request at version 6 replaces it, never serves it.
    expect((await cache.firstPage("a", 6, maker(10, "m").make)).toString()).toBe("m".repeat(10));
    const kept = maker(10);
    expect((await cache.firstPage("a", 6, kept.make)).toString()).toBe("m".repeat(10));
    expect(kept.calls).toBe(0);
  });

  it("keeps a newer page when a slower request brings an older version", async () => {
    const cache = new FinesListCache(1_000);
    await cache.firstPage("a", 5, maker(10, "n").make);
    expect((await cache.firstPage("a", 4, maker(20, "o").make)).toString()).toBe("o".repeat(20));
    const newer = maker(10);
    expect((await cache.firstPage("a", 5, newer.make)).toString()).toBe("n".repeat(10));
    expect(newer.calls).toBe(0);
    expect(cache.bytes).toBe(10);
  });

  it("holds its byte cap, dropping the least recently used households first", async () => {
    const cache = new FinesListCache(100);
    await cache.firstPage("a", 1, maker(30).make);
    await cache.firstPage("b", 1, maker(40).make);
    // a is used again, so b is now the least recently used.
    await cache.firstPage("a", 1, maker(30).make);
    await cache.firstPage("c", 1, maker(40).make);
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(70);
    const a = maker(30);
    await cache.firstPage("a", 1, a.make);
    expect(a.calls).toBe(0);
    const b = maker(40);
    await cache.firstPage("b", 1, b.make);
    expect(b.calls).toBe(1);

    // However many households come and go, what is kept never weighs more than the cap.
    for (let i = 0; i < 50; i++) {
      await cache.firstPage(`h${i}`, 1, maker(7 + (i % 5) * 11).make);
      expect(cache.bytes).toBeLessThanOrEqual(100);
    }
  });

  it("serves a page larger than the whole cap without keeping it", async () => {
    const cache = new FinesListCache(100);
    await cache.firstPage("a", 1, maker(50).make);
    const huge = maker(101);
    expect((await cache.firstPage("b", 1, huge.make)).length).toBe(101);
    await cache.firstPage("b", 1, huge.make);
    expect(huge.calls).toBe(2);
    expect(cache.bytes).toBe(50);
  });

  it("forgets a page whose making failed", async () => {
    const cache = new FinesListCache(100);
    await expect(cache.firstPage("a", 1, () => Promise.reject(new Error("database down")))).rejects.toThrow();
    const page = maker(10);
    await cache.firstPage("a", 1, page.make);
    expect(page.calls).toBe(1);
  });
});
