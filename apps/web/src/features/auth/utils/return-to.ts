import { isRecord } from "@/lib/is-record";
import { STORAGE_KEYS } from "@/lib/auth/session-storage";

/** A same-site path to return to after sign-in; anything else (another origin, //host) is dropped. */
export function safeReturnPath(path: unknown): string | null {
  if (typeof path !== "string" || !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return null;
  return path;
}

/** The path a guard put in navigation state as `from` (SPEC §2 Guards), if any. */
export function originPath(state: unknown): string | null {
  if (!isRecord(state) || !isRecord(state.from)) return null;
  const { pathname, search, hash } = state.from;
  if (typeof pathname !== "string") return null;
  return safeReturnPath(
    `${pathname}${typeof search === "string" ? search : ""}${typeof hash === "string" ? hash : ""}`,
  );
}

/**
 * Keeps the origin across the email round trip: the link opens /auth/verify, which has no
 * navigation state. Session storage, because SPEC §3 lists every local-storage key.
 */
export function rememberReturnTo(path: string | null) {
  const safe = safeReturnPath(path);
  if (safe) sessionStorage.setItem(STORAGE_KEYS.returnTo, safe);
  else sessionStorage.removeItem(STORAGE_KEYS.returnTo);
}

/** Reads and forgets the remembered destination. */
export function takeReturnTo(): string | null {
  const path = safeReturnPath(sessionStorage.getItem(STORAGE_KEYS.returnTo));
  sessionStorage.removeItem(STORAGE_KEYS.returnTo);
  return path;
}
