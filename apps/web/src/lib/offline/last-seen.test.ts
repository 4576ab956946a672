import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { useAuthStore } from "@/lib/auth/auth-store";
import { readStoredSession, respondWith, serverUser, storeSession } from "@/lib/testing/fake-server";
import { LAST_SEEN_BUSTER, shouldPersistQuery, startLastSeen, storeKey, type LastSeenStorage } from "./last-seen";
import { LAST_SEEN_MAX_AGE_MS } from "./last-seen-keys";

/** jsdom has no IndexedDB: the device's store, as a Map. */
function memoryStorage() {
  const items = new Map<string, string>();
  const storage: LastSeenStorage = {
    getItem: (key) => Promise.resolve(items.get(key)),
    setItem: (key, value) => {
      items.set(key, value);
      return Promise.resolve();
    },
    removeItem: (key) => {
      items.delete(key);
      return Promise.resolve();
    },
  };
  return { items, storage };
}

const success = (queryKey: unknown[]) => ({ queryKey, state: { status: "success" as const } });

/** A copy as this build writes it, of one answer. */
function keptCopy(options: { buster?: string; age?: number } = {}) {
  const source = new QueryClient();
  source.setQueryData(["rules", "h1"], [{ id: "r1", title: "Dishes left overnight" }]);
  return JSON.stringify({
    buster: options.buster ?? LAST_SEEN_BUSTER,
    timestamp: Date.now() - (options.age ?? 60_000),
    clientState: {
      mutations: [],
      queries: source
        .getQueryCache()
        .getAll()
        .map(({ queryKey, queryHash, state }) => ({ queryKey, queryHash, state })),
    },
  });
}

let stop: (() => void) | undefined;
beforeEach(async () => {
  respondWith({ "GET /api/auth/me": { body: { data: serverUser() } } });
  storeSession();
  await readStoredSession();
});
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.unstubAllGlobals();
});

describe("what is kept for offline", () => {
  it("is the successful answers of the last-seen pages, never errors, pending queries or invite codes", () => {
    for (const root of ["households", "fines", "rules", "notes", "balance", "plan", "app-config"]) {
      expect(shouldPersistQuery(success([root, "h1"])), root).toBe(true);
    }
    expect(shouldPersistQuery(success(["notifications", "list"]))).toBe(false);
    expect(shouldPersistQuery(success(["activity", "h1"]))).toBe(false);
    expect(shouldPersistQuery(success(["households", "h1", "invites"]))).toBe(false);
    expect(shouldPersistQuery({ queryKey: ["fines", "h1"], state: { status: "error" } })).toBe(false);
    expect(shouldPersistQuery({ queryKey: ["fines", "h1"], state: { status: "pending" } })).toBe(false);
  });
});

describe("the last-seen copy", () => {
  it("is restored into the cache before the screens render, for the person signed in", async () => {
    const { items, storage } = memoryStorage();
    items.set(storeKey("u1"), keptCopy());
    const client = new QueryClient();
    stop = await startLastSeen(client, storage);
    expect(client.getQueryData(["rules", "h1"])).toEqual([{ id: "r1", title: "Dishes left overnight" }]);
  });

  it("is dropped, not restored, when another build wrote it or it is over a week old", async () => {
    for (const copy of [keptCopy({ buster: "an-older-contract" }), keptCopy({ age: LAST_SEEN_MAX_AGE_MS + 1 })]) {
      const { items, storage } = memoryStorage();
      items.set(storeKey("u1"), copy);
      const client = new QueryClient();
      stop = await startLastSeen(client, storage);
      expect(client.getQueryData(["rules", "h1"])).toBeUndefined();
      expect(items.has(storeKey("u1"))).toBe(false);
      stop();
    }
  });

  it("is kept up to date with what the pages read, under the person's id", async () => {
    const { items, storage } = memoryStorage();
    const client = new QueryClient();
    stop = await startLastSeen(client, storage);
    client.setQueryData(["notes", "h1"], [{ id: "n1", content: "Bin day is Thursday!" }]);
    client.setQueryData(["notifications", "list"], [{ id: "x", title: "You were fined" }]);
    // Written at most once a second, the newest state each time.
    await vi.waitFor(() => expect(items.get(storeKey("u1"))).toContain("Bin day is Thursday!"), { timeout: 3000 });
    expect(items.get(storeKey("u1"))).not.toContain("You were fined");
    expect(items.get(storeKey("u1"))).toContain(LAST_SEEN_BUSTER);
  });

  it("is forgotten when the person signs out here, and what happens after is nobody's copy", async () => {
    const { items, storage } = memoryStorage();
    items.set(storeKey("u1"), keptCopy());
    const client = new QueryClient();
    stop = await startLastSeen(client, storage);
    useAuthStore.getState().signOutLocally();
    await vi.waitFor(() => expect(items.has(storeKey("u1"))).toBe(false));
    client.setQueryData(["notes", "h1"], [{ id: "n1", content: "written after" }]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect([...items.keys()]).toEqual([]);
  });
});
