import { AUTH_TOKEN_KEY } from "@/lib/api-client";
import { normalizeUser, type SessionUser } from "./session-user";

/** SPEC §3 storage keys. authToken is owned by the API client, which reads it on every call. */
export const STORAGE_KEYS = {
  authToken: AUTH_TOKEN_KEY,
  authExpires: "authExpires",
  user: "user",
  emailForSignIn: "emailForSignIn",
  /** Session storage: where the visitor was going when sent to sign in, kept across the email round trip. */
  returnTo: "returnTo",
} as const;

export interface StoredSession {
  token: string;
  expires: string;
  user: SessionUser;
}

export function saveSession({ token, expires, user }: StoredSession) {
  localStorage.setItem(STORAGE_KEYS.authToken, token);
  localStorage.setItem(STORAGE_KEYS.authExpires, expires);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function saveUser(user: SessionUser) {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** SPEC §4 logout: everything local about the session goes, whatever the server said. */
export function clearSession() {
  for (const key of [
    STORAGE_KEYS.authToken,
    STORAGE_KEYS.authExpires,
    STORAGE_KEYS.user,
    STORAGE_KEYS.emailForSignIn,
  ]) {
    localStorage.removeItem(key);
  }
}

function isExpired(expires: string | null, now: Date): boolean {
  if (!expires) return false;
  const at = Date.parse(expires);
  return !Number.isNaN(at) && at <= now.getTime();
}

function storedUser(): SessionUser | null {
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    return normalizeUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

/**
 * SPEC §4 'Auth check on start': a live token plus a stored user is a session. A token without a
 * readable user, or one past its authExpires, is removed with what belongs to it. Returns the
 * user, or null when signed out.
 */
export function restoreSession(now = new Date()): SessionUser | null {
  const token = localStorage.getItem(STORAGE_KEYS.authToken);
  if (!token) return null;
  const user = isExpired(localStorage.getItem(STORAGE_KEYS.authExpires), now) ? null : storedUser();
  if (!user) {
    localStorage.removeItem(STORAGE_KEYS.authToken);
    localStorage.removeItem(STORAGE_KEYS.authExpires);
    localStorage.removeItem(STORAGE_KEYS.user);
    return null;
  }
  return user;
}
