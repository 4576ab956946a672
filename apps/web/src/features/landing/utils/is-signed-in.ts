import { isRecord } from "@/lib/is-record";

/**
 * Whether the visitor looks signed in, read straight from what sign-in leaves in local storage (the
 * 'authToken' key and the auth store's persisted 'auth-storage' isAuthenticated flag). Reading storage
 * here, rather than importing the auth store, keeps the landing bundle small.
 */
export function isSignedIn(storage: Storage = window.localStorage): boolean {
  try {
    if (!storage.getItem("authToken")) return false;
    const expires = Date.parse(storage.getItem("authExpires") ?? "");
    if (!Number.isNaN(expires) && expires <= Date.now()) return false;
    const persisted: unknown = JSON.parse(storage.getItem("auth-storage") ?? "null");
    return isRecord(persisted) && isRecord(persisted.state) && persisted.state.isAuthenticated === true;
  } catch {
    // Storage can be blocked (private mode) or hold something unparseable: treat the visitor as signed out.
    return false;
  }
}

/** Calls `onChange` when another tab signs in or out (the browser's storage event), for useSyncExternalStore. */
export function subscribeToSignIn(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}
