import { dehydrate, hydrate, type QueryClient, type QueryKey, type QueryState } from "@tanstack/react-query";
import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import { createStore, del, get, set } from "idb-keyval";
import { useAuthStore } from "@/lib/auth/auth-store";
import { LAST_SEEN_MAX_AGE_MS, LAST_SEEN_ROOTS } from "./last-seen-keys";

/**
 * The last data the dashboard, fines, rules, notes and fund pages showed, kept on this device (IndexedDB) so the app
 * opens with it without a network (issue 22, decision 053). One copy per person, under their id, forgotten when they
 * sign out here (or are signed out, or delete their account), so nobody else who signs in on the device sees it.
 */

/**
 * A kept copy restores only into the build that wrote it (scripts/build-version.ts hashes the web's code, the
 * contract's and the lockfile): after a deploy of new code the copy is dropped, never shown by code that may read
 * another shape.
 */
export const LAST_SEEN_BUSTER = __BUILD_VERSION__;

export const storeKey = (userId: string) => `last-seen:${userId}`;

/** Only what those pages read, and only answers: never an error, a pending query, or an invite's secret code. */
export function shouldPersistQuery(query: { queryKey: QueryKey; state: Pick<QueryState, "status"> }): boolean {
  const [root] = query.queryKey;
  return (
    query.state.status === "success" &&
    typeof root === "string" &&
    LAST_SEEN_ROOTS.has(root) &&
    !query.queryKey.includes("invites")
  );
}

/** Where the copies are kept: IndexedDB in a browser; tests give a Map's worth (jsdom has no IndexedDB). */
export interface LastSeenStorage {
  getItem: (key: string) => Promise<string | undefined>;
  setItem: (key: string, value: string) => Promise<void> | undefined;
  removeItem: (key: string) => Promise<void>;
}

/** The device's IndexedDB, where there is one (not in jsdom, nor in a browser that refuses it). */
function lastSeenStorage(): LastSeenStorage | null {
  if (typeof indexedDB === "undefined") return null;
  const store = createStore("housemate-last-seen", "queries");
  return {
    getItem: (key: string) => get<string>(key, store),
    setItem: (key: string, value: string) => set(key, value, store),
    removeItem: (key: string) => del(key, store),
  };
}

/**
 * The persister of one person's copy: the library's throttled writer (at most one write a second, the newest state).
 * Once `stop` is called its writes go nowhere, so a write still waiting when they sign out cannot put back the copy
 * that was just removed.
 */
function persisterFor(storage: LastSeenStorage, userId: string) {
  let active = true;
  const guarded: LastSeenStorage = {
    ...storage,
    setItem: (key, value) => (active ? storage.setItem(key, value) : undefined),
  };
  const key = storeKey(userId);
  const persister = createAsyncStoragePersister({ storage: guarded, key, throttleTime: 1000 });
  return { persister, storage: guarded, key, stop: () => void (active = false) };
}

/**
 * Restores the kept copy: only this build's (the buster), at most a week old; any other copy is removed. What
 * @tanstack/query-persist-client-core's persistQueryClientRestore does, with this app's @tanstack/react-query: that
 * package pins an older query-core of its own, whose hydrate would be a second copy in the bundle (decision 053).
 */
async function restore(queryClient: QueryClient, persister: Persister): Promise<void> {
  const kept = await persister.restoreClient();
  if (!kept) return;
  const usable = kept.buster === LAST_SEEN_BUSTER && Date.now() - kept.timestamp <= LAST_SEEN_MAX_AGE_MS;
  if (usable) hydrate(queryClient, kept.clientState);
  else await persister.removeClient();
}

/**
 * Saves the cache (what shouldPersistQuery keeps) whenever a query is added, changed or removed: through the
 * persister, which writes at most once a second, and at once when the page is hidden (the app left, the tab closed, a
 * reload), when a write still waiting for its second would be lost. Returns the function that stops it.
 */
function keepSaving(
  queryClient: QueryClient,
  { persister, storage, key, stop }: ReturnType<typeof persisterFor>,
): () => void {
  const snapshot = () => ({
    buster: LAST_SEEN_BUSTER,
    timestamp: Date.now(),
    clientState: dehydrate(queryClient, { shouldDehydrateQuery: shouldPersistQuery }),
  });
  const unsubscribe = queryClient.getQueryCache().subscribe(({ type }) => {
    if (type === "added" || type === "updated" || type === "removed") void persister.persistClient(snapshot());
  });
  const saveNow = () => {
    if (document.visibilityState === "hidden") void storage.setItem(key, JSON.stringify(snapshot()));
  };
  document.addEventListener("visibilitychange", saveNow);
  return () => {
    unsubscribe();
    document.removeEventListener("visibilitychange", saveNow);
    stop();
  };
}

type Persister = ReturnType<typeof createAsyncStoragePersister>;

let started = false;

/**
 * Puts the signed-in person's kept data into the cache, then keeps the copy up to date and forgets it when they sign
 * out. Awaited before the signed-in screens first render (app/providers.tsx), so a page opened offline shows it at
 * once. Once per page load; returns the function that stops it (for tests).
 */
export async function startLastSeen(
  queryClient: QueryClient,
  storage: LastSeenStorage | null = lastSeenStorage(),
): Promise<() => void> {
  if (started || !storage) return () => undefined;
  started = true;
  let stopSaving: (() => void) | undefined;
  const follow = (userId: string | undefined) => {
    stopSaving?.();
    stopSaving = userId ? keepSaving(queryClient, persisterFor(storage, userId)) : undefined;
  };

  const userId = useAuthStore.getState().currentUser?.id;
  if (userId) {
    const { persister } = persisterFor(storage, userId);
    await restore(queryClient, persister).catch(async (error: unknown) => {
      // A copy that cannot be read is no use to anyone.
      console.warn("The last-seen data could not be restored", error);
      await Promise.resolve(persister.removeClient()).catch(() => undefined);
    });
  }
  follow(userId);

  const stopFollowingUser = useAuthStore.subscribe(({ currentUser }, previous) => {
    const before = previous.currentUser?.id;
    if (currentUser?.id === before) return;
    follow(currentUser?.id);
    // Signed out (or signed in as someone else): what they saw goes with them.
    if (before) void storage.removeItem(storeKey(before));
  });
  return () => {
    stopFollowingUser();
    follow(undefined);
    started = false;
  };
}
