import { useSyncExternalStore } from "react";
import { onlineManager } from "@tanstack/react-query";

/**
 * Whether this device has a network, as the browser says (`navigator.onLine` and its online/offline events): the one
 * place the app reads it (decision 053). TanStack Query follows it too, so queries pause rather than fail while it is
 * offline, and refetch what is stale the moment it is back (refetchOnReconnect).
 *
 * A failed request does not mark the device offline: one timed-out call, or a server that is down, would then disable
 * every action on a device whose network works; those failures keep their own messages (SPEC §8 NETWORK_ERROR).
 */
const listeners = new Set<() => void>();
let online = typeof navigator === "undefined" ? true : navigator.onLine;

function setOnline(next: boolean) {
  if (next === online) return;
  online = next;
  onlineManager.setOnline(next);
  listeners.forEach((listener) => listener());
}

if (typeof window !== "undefined") {
  window.addEventListener("online", () => setOnline(true));
  window.addEventListener("offline", () => setOnline(false));
}
// TanStack's own manager starts online whatever the browser says: a page opened without a network would try every
// query first. From now on it hears the browser through setOnline above.
onlineManager.setEventListener(() => undefined);
onlineManager.setOnline(online);

/** Whether the device has a network now. */
export const isOnline = () => online;

/** Calls `listener` each time the device goes online or offline; returns the unsubscribe function. */
export function subscribeToNetwork(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the device has a network; re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeToNetwork, isOnline, () => true);
}

/** What a control that needs the server says while there is no network (its tooltip and accessible description). */
export const OFFLINE_REASON = "You are offline";
