import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { useAuthStore } from "@/lib/auth/auth-store";
import { readStoredSession, respondWith, serverUser, storeSession } from "@/lib/testing/fake-server";
import {
  LAST_SEEN_BUSTER,
  RESTORE_WAIT_MS,
  shouldPersistQuery,
  startLastSeen,
  storeKey,
  type LastSeenStorage,
} from "./last-seen";
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
    keys: () => Promise.resolve([...items.keys()]),
  };
  return { items, storage };
}

const success = (queryKey: unknown[], dataUpdatedAt = Date.now()) => ({
  queryKey,
  state: { status: "success" as const, dataUpdatedAt },
});

/** A copy as this build writes it, of one answer. */
function keptCopy(options: { buster?: string; age?: number; dataAge?: number } = {}) {
  const source = new QueryClient();
  source.setQueryData(["rules", "h1"], [{ id: "r1", title: "Dishes left overnight" }], {
    updatedAt: Date.now() - (options.dataAge ?? 60_000),
  });
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

/** The device loses its network (the browser's event, which lib/network.ts hears). */
const goOffline = () => window.dispatchEvent(new Event("offline"));

let stop: (() => void) | undefined;
beforeEach(async () => {
  respondWith({ "GET /api/auth/me": { body: { data: serverUser() } } });
  storeSession();
  await readStoredSession();
});
afterEach(() => {
  stop?.();
  stop = undefined;
  window.dispatchEvent(new Event("online"));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("what is kept for offline", () => {
  it("is the successful answers the five pages and the shell read, never errors, pending queries or invite codes", () => {
    const kept = [
      ["households", "h1"],
      ["households", "h1", "members"],
      ["households", "h1", "roster"],
      ["fines", "household", "h1", { limit: 10 }],
      ["fines", "user", "u1", { limit: 10, status: "pending" }],
      ["fines", "appeals", "h1"],
      ["rules", "h1"],
      ["notes", "h1"],
      ["balance", "h1"],
      ["balance", "h1", "stats"],
      ["balance", "h1", "transactions", { limit: 20 }],
      ["balance", "h1", "proposals", "open"],
      ["plan", "h1"],
      ["app-config"],
    ];
    for (const key of kept) expect(shouldPersistQuery(success(key)), JSON.stringify(key)).toBe(true);
    const notKept = [
      ["notifications", "list"],
      ["activity", "h1"],
      ["households", "h1", "invites"],
      // Later pages, and what only a fine's own dialog reads.
      ["fines", "household", "h1", { limit: 10, cursor: "c2" }],
      ["balance", "h1", "transactions", { limit: 20, page: 2 }],
      ["fines", "one", "h1", "f1"],
      ["fines", "edits", "h1", "f1"],
      ["fines", "dispute", "h1", "f1"],
      ["fines", "appeal", "h1", "f1"],
    ];
    for (const key of notKept) expect(shouldPersistQuery(success(key)), JSON.stringify(key)).toBe(false);
    expect(shouldPersistQuery({ queryKey: ["rules", "h1"], state: { status: "error", dataUpdatedAt: 0 } })).toBe(false);
    expect(shouldPersistQuery({ queryKey: ["rules", "h1"], state: { status: "pending", dataUpdatedAt: 0 } })).toBe(
      false,
    );
  });

  it("is never an answer older than a copy may be kept, so saving again does not make it young", () => {
    const now = Date.now();
    expect(shouldPersistQuery(success(["rules", "h1"], now - LAST_SEEN_MAX_AGE_MS), now)).toBe(true);
    expect(shouldPersistQuery(success(["rules", "h1"], now - LAST_SEEN_MAX_AGE_MS - 1), now)).toBe(false);
  });
});

describe("the last-seen copy", () => {
  it("is restored into the cache before the screens render when the app starts offline, for the person signed in", async () => {
    const { items, storage } = memoryStorage();
    items.set(storeKey("u1"), keptCopy());
    const client = new QueryClient();
    goOffline();
    stop = await startLastSeen(client, storage);
    expect(client.getQueryData(["rules", "h1"])).toEqual([{ id: "r1", title: "Dishes left overnight" }]);
  });

  it("waits while online (the pages load from the server, never from before a reload) and comes in when the network goes", async () => {
    const { items, storage } = memoryStorage();
    items.set(storeKey("u1"), keptCopy());
    const client = new QueryClient();
    stop = await startLastSeen(client, storage);
    expect(client.getQueryData(["rules", "h1"])).toBeUndefined();
    goOffline();
    await vi.waitFor(() =>
      expect(client.getQueryData(["rules", "h1"])).toEqual([{ id: "r1", title: "Dishes left overnight" }]),
    );
  });

  it("is dropped, not restored, when another build wrote it or it is over a week old", async () => {
    for (const copy of [keptCopy({ buster: "an-older-contract" }), keptCopy({ age: LAST_SEEN_MAX_AGE_MS + 1 })]) {
      const { items, storage } = memoryStorage();
      items.set(storeKey("u1"), copy);
      const client = new QueryClient();
      goOffline();
      stop = await startLastSeen(client, storage);
      expect(client.getQueryData(["rules", "h1"])).toBeUndefined();
      expect(items.has(storeKey("u1"))).toBe(false);
      stop();
    }
  });

  it("restores an answer older than a week in a newer copy not at all", async () => {
    const { items, storage } = memoryStorage();
    items.set(storeKey("u1"), keptCopy({ dataAge: LAST_SEEN_MAX_AGE_MS + 1 }));
    const client = new QueryClient();
    goOffline();
    stop = await startLastSeen(client, storage);
    expect(client.getQueryData(["rules", "h1"])).toBeUndefined();
  });

  it("does not hold the first screen longer than a moment when the device's store never answers", async () => {
    const { storage } = memoryStorage();
    const client = new QueryClient();
    const started = Date.now();
    goOffline();
    stop = await startLastSeen(client, { ...storage, getItem: () => new Promise(() => undefined) });
    expect(Date.now() - started).toBeLessThan(RESTORE_WAIT_MS + 500);
  });

  it("keeps no household join code and nobody's email on the device", async () => {
    const { items, storage } = memoryStorage();
    const client = new QueryClient();
    stop = await startLastSeen(client, storage);
    client.setQueryData(["households", "h1"], { id: "h1", name: "Flat 4", join_code: "secret-join-code" });
    client.setQueryData(["households", "h1", "members"], [{ id: "u2", display_name: "Sam", email: "sam@x.test" }]);
    // Written at most once a second, the newest state each time: the two answers may come in two writes.
    await vi.waitFor(() => expect(items.get(storeKey("u1"))).toContain("Sam"), { timeout: 3000 });
    expect(items.get(storeKey("u1"))).toContain("Flat 4");
    expect(items.get(storeKey("u1"))).not.toContain("secret-join-code");
    expect(items.get(storeKey("u1"))).not.toContain("sam@x.test");
    // What is restored still reads: the name is there, the email an empty string.
    const restored = new QueryClient();
    stop();
    goOffline();
    stop = await startLastSeen(restored, storage);
    expect(restored.getQueryData(["households", "h1", "members"])).toEqual([
      { id: "u2", display_name: "Sam", email: "" },
    ]);
  });

  it("removes at start the copies of everyone not signed in here", async () => {
    const { items, storage } = memoryStorage();
    items.set(storeKey("u1"), keptCopy());
    items.set(storeKey("someone-signed-out-elsewhere"), keptCopy());
    items.set("not-a-copy", "kept");
    stop = await startLastSeen(new QueryClient(), storage);
    await vi.waitFor(() => expect([...items.keys()].sort()).toEqual(["last-seen:u1", "not-a-copy"]));
  });

  it("removes them all when nobody is signed in (a session that expired while the app was closed)", async () => {
    useAuthStore.getState().signOutLocally();
    const { items, storage } = memoryStorage();
    items.set(storeKey("u1"), keptCopy());
    stop = await startLastSeen(new QueryClient(), storage);
    await vi.waitFor(() => expect(items.size).toBe(0));
  });

  it("is not written back by a tab closed after another tab signed out", async () => {
    const { items, storage } = memoryStorage();
    const client = new QueryClient();
    stop = await startLastSeen(client, storage);
    // The other tab signed out: the shared session keys are gone, and its copy removed.
    localStorage.removeItem("authToken");
    items.clear();
    client.setQueryData(["notes", "h1"], [{ id: "n1", content: "Bin day is Thursday!" }]);
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    document.dispatchEvent(new Event("visibilitychange"));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(items.size).toBe(0);
  });

  it("is not wiped by a page just opened, whose queries have no answer yet, before the network goes", async () => {
    const { items, storage } = memoryStorage();
    items.set(storeKey("u1"), keptCopy());
    const client = new QueryClient();
    stop = await startLastSeen(client, storage);
    // Reloaded where the server cannot be reached: the page's queries start, none answers.
    client
      .query({ queryKey: ["rules", "h1"], queryFn: () => new Promise<never>(() => undefined) })
      .catch(() => undefined);
    client
      .query({ queryKey: ["notes", "h1"], queryFn: () => Promise.reject(new Error("Failed to fetch")), retry: false })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(items.get(storeKey("u1"))).toContain("Dishes left overnight");
    goOffline();
    await vi.waitFor(() =>
      expect(client.getQueryData(["rules", "h1"])).toEqual([{ id: "r1", title: "Dishes left overnight" }]),
    );
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

describe("signing out in another tab", () => {
  it("signs this tab out too, which forgets the copy", async () => {
    const { items, storage } = memoryStorage();
    items.set(storeKey("u1"), keptCopy());
    stop = await startLastSeen(new QueryClient(), storage);
    localStorage.removeItem("authToken");
    window.dispatchEvent(new StorageEvent("storage", { key: "authToken", newValue: null, storageArea: localStorage }));
    expect(useAuthStore.getState().currentUser).toBeNull();
    await vi.waitFor(() => expect(items.size).toBe(0));
  });

  it("leaves this tab signed in when another key changes", async () => {
    window.dispatchEvent(new StorageEvent("storage", { key: "theme", newValue: null, storageArea: localStorage }));
    expect(useAuthStore.getState().currentUser?.id).toBe("u1");
  });
});
