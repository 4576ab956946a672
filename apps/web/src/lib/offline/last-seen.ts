import { dehydrate, hydrate, type QueryClient, type QueryKey, type QueryState } from "@tanstack/react-query";
import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import { createStore, del, get, keys, set } from "idb-keyval";
import { AUTH_TOKEN_KEY } from "@/lib/api-client";
import { useAuthStore } from "@/lib/auth/auth-store";
import { STORAGE_KEYS } from "@/lib/auth/session-storage";
import { networkState, subscribeToNetwork } from "@/lib/network";
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

/** A query as the copy sees it. */
interface KeptQuery {
  queryKey: QueryKey;
  state: Pick<QueryState, "status" | "dataUpdatedAt">;
}

const isFirstPage = (filter: unknown) =>
  typeof filter === "object" && filter !== null && (filter as { cursor?: unknown }).cursor === undefined;

/**
 * The keys those pages and the shell read, and only those: the household (its join code stripped, see keptJson),
 * its members and roster (emails stripped), the first page of each fines list and the open appeals, the rules, the
 * notes, the balance with the fund's stats, first transactions page and proposals, the plan and the app's
 * configuration. Never a later page, a fine's details, edits or dispute, an invite.
 */
function isLastSeenKey(key: QueryKey): boolean {
  const [root, a, b, c] = key;
  switch (root) {
    case "households":
      return key.length === 2 || (key.length === 3 && (b === "members" || b === "roster"));
    case "fines":
      if (a === "household" || a === "user") return key.length === 4 && isFirstPage(c);
      return a === "appeals" && key.length === 3;
    case "rules":
    case "notes":
    case "plan":
      return key.length === 2;
    case "balance":
      if (key.length === 2) return true;
      if (b === "stats" || b === "proposals") return true;
      return b === "transactions" && key.length === 4 && ((c as { page?: number }).page ?? 1) === 1;
    case "app-config":
      return key.length === 1;
    default:
      return false;
  }
}

/**
 * Only what those pages read, and only answers under a week old: never an error, a pending query, or one not
 * refreshed for longer than a copy may be kept (a restored query is not made young again by being saved again).
 */
export function shouldPersistQuery(query: KeptQuery, now = Date.now()): boolean {
  return (
    query.state.status === "success" &&
    now - query.state.dataUpdatedAt <= LAST_SEEN_MAX_AGE_MS &&
    LAST_SEEN_ROOTS.has(String(query.queryKey[0])) &&
    isLastSeenKey(query.queryKey)
  );
}

/**
 * The copy as written: a household's join code (a standing secret to join it, decision 020) and every person's email
 * never reach the device's disk. The pages write a person by their name; the ID card that shows the code is online only.
 */
export function keptJson(client: PersistedClient): string {
  return JSON.stringify(client, (key, value: unknown) => {
    if (key === "join_code") return undefined;
    if (key === "email") return "";
    return value;
  });
}

/** Where the copies are kept: IndexedDB in a browser; tests give a Map's worth (jsdom has no IndexedDB). */
export interface LastSeenStorage {
  getItem: (key: string) => Promise<string | undefined>;
  setItem: (key: string, value: string) => Promise<void> | undefined;
  removeItem: (key: string) => Promise<void>;
  /** Every key kept, to find the copies of people no longer signed in here. */
  keys: () => Promise<string[]>;
}

/** The device's IndexedDB, where there is one (not in jsdom, nor in a browser that refuses it). */
function lastSeenStorage(): LastSeenStorage | null {
  if (typeof indexedDB === "undefined") return null;
  const store = createStore("housemate-last-seen", "queries");
  return {
    getItem: (key: string) => get<string>(key, store),
    setItem: (key: string, value: string) => set(key, value, store),
    removeItem: (key: string) => del(key, store),
    keys: () => keys<string>(store),
  };
}

/** Whether this device's stored session (SPEC §3's local keys, shared by its tabs) is still `userId`'s, with `token`. */
function sessionIsStill(userId: string, token: string | null): boolean {
  if (token === null || localStorage.getItem(AUTH_TOKEN_KEY) !== token) return false;
  try {
    return (JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? "null") as { id?: unknown } | null)?.id === userId;
  } catch {
    return false;
  }
}

/**
 * The persister of one person's copy: the library's throttled writer (at most one write a second, the newest state).
 * It writes only while the device's stored session is still the one it started with: once `stop` is called, or
 * another tab signed out (or in as someone else), its writes go nowhere, so a write still waiting, or a tab closing
 * late, cannot put back the copy that was just removed.
 */
function persisterFor(storage: LastSeenStorage, userId: string) {
  let active = true;
  const token = localStorage.getItem(AUTH_TOKEN_KEY);
  const guarded: LastSeenStorage = {
    ...storage,
    setItem: (key, value) => (active && sessionIsStill(userId, token) ? storage.setItem(key, value) : undefined),
  };
  const key = storeKey(userId);
  const persister = createAsyncStoragePersister({ storage: guarded, key, throttleTime: 1000, serialize: keptJson });
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
  const now = Date.now();
  const usable = kept.buster === LAST_SEEN_BUSTER && now - kept.timestamp <= LAST_SEEN_MAX_AGE_MS;
  if (!usable) return persister.removeClient();
  // Each answer as old as it is: one not refreshed for a week is not shown, nor saved again.
  const queries = kept.clientState.queries.filter((query) => shouldPersistQuery(query, now));
  hydrate(queryClient, { ...kept.clientState, queries });
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
  // A page just opened has no answer to keep yet: writing that would wipe the copy before it is put in the cache, which
  // happens only once the server is found out of reach (a reload offline while the browser says online).
  const worthKeeping = (kept: PersistedClient) => kept.clientState.queries.length > 0;
  const unsubscribe = queryClient.getQueryCache().subscribe(({ type }) => {
    if (type !== "added" && type !== "updated" && type !== "removed") return;
    const kept = snapshot();
    if (worthKeeping(kept)) void persister.persistClient(kept);
  });
  const saveNow = () => {
    if (document.visibilityState !== "hidden") return;
    const kept = snapshot();
    if (worthKeeping(kept)) void storage.setItem(key, keptJson(kept));
  };
  document.addEventListener("visibilitychange", saveNow);
  return () => {
    unsubscribe();
    document.removeEventListener("visibilitychange", saveNow);
    stop();
  };
}

type Persister = ReturnType<typeof createAsyncStoragePersister>;
type PersistedClient = NonNullable<Awaited<ReturnType<Persister["restoreClient"]>>>;

/**
 * How long the first signed-in screen waits for the copy. Reading it is quick; a device whose IndexedDB hangs (it
 * happens) must still get its app, and a copy that arrives later is merged in then (hydrate keeps newer answers).
 */
export const RESTORE_WAIT_MS = 300;

/** Removes the copies of everyone but `userId`: signed out in a tab that never got to remove theirs, or expired. */
async function forgetOthers(storage: LastSeenStorage, userId: string | undefined) {
  const kept = await storage.keys();
  const mine = userId ? storeKey(userId) : undefined;
  await Promise.all(
    kept.filter((key) => key.startsWith("last-seen:") && key !== mine).map((key) => storage.removeItem(key)),
  );
}

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
  void forgetOthers(storage, userId).catch(() => undefined);
  // The copy is for when the server cannot answer: online, the pages load from the server as they always did, so a
  // reload never shows what was true before it (a fine since cancelled, a page of activity since grown). It is put in
  // the cache when the app starts offline (before the first render), or the moment the network or the server goes.
  const restoreNow = async (): Promise<void> => {
    const current = useAuthStore.getState().currentUser?.id;
    if (!current) return;
    const { persister } = persisterFor(storage, current);
    await restore(queryClient, persister).catch(async (error: unknown) => {
      // A copy that cannot be read is no use to anyone.
      console.warn("The last-seen data could not be restored", error);
      await Promise.resolve(persister.removeClient()).catch(() => undefined);
    });
  };
  if (userId && networkState() !== "online") {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([restoreNow(), new Promise((resolve) => (timer = setTimeout(resolve, RESTORE_WAIT_MS)))]);
    clearTimeout(timer);
  }
  let wasOnline = networkState() === "online";
  const stopWatchingNetwork = subscribeToNetwork(() => {
    const online = networkState() === "online";
    if (wasOnline && !online) void restoreNow();
    wasOnline = online;
  });
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
    stopWatchingNetwork();
    follow(undefined);
    started = false;
  };
}
