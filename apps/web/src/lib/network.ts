import { useSyncExternalStore } from "react";
import { onlineManager } from "@tanstack/react-query";

/**
 * Whether the app can reach its server: the one place the app reads it (decision 053). Offline when the browser says
 * so (`navigator.onLine` and its events), and when a request failed to reach the server at all while the service
 * worker runs the app: a phone on a station's Wi-Fi without internet, or Chromium's offline emulation after a reload,
 * still says it is online. TanStack Query follows it too, so queries pause rather than fail while offline, and refetch
 * what is stale the moment the network is back (refetchOnReconnect).
 *
 * Without the worker a failed request keeps its own message (SPEC §8 NETWORK_ERROR): the app cannot open offline
 * then, and a test's unanswered request must not switch it off.
 */
const listeners = new Set<() => void>();
let browserOnline = typeof navigator === "undefined" ? true : navigator.onLine;
let reachable = true;
let online = browserOnline;
let probeTimer: ReturnType<typeof setInterval> | undefined;

/** While the server was unreachable on a network the browser calls online, it is asked this often whether it is back. */
export const PROBE_INTERVAL_MS = 5_000;
/** The server's health check (the API's /health): public, tiny, and never cached. */
const PROBE_URL = "/api/health";

function update() {
  const next = browserOnline && reachable;
  if (browserOnline && !reachable) startProbing();
  else stopProbing();
  if (next === online) return;
  online = next;
  onlineManager.setOnline(next);
  listeners.forEach((listener) => listener());
}

function startProbing() {
  probeTimer ??= setInterval(() => {
    fetch(PROBE_URL, { cache: "no-store" }).then(reportReachable, () => undefined);
  }, PROBE_INTERVAL_MS);
}

function stopProbing() {
  clearInterval(probeTimer);
  probeTimer = undefined;
}

/** The API client's news: an answer came back (any status), so the server is reachable. */
export function reportReachable(): void {
  if (reachable) return;
  reachable = true;
  update();
}

/** The API client's news: a request never reached the server (fetch's TypeError). Counted while the worker runs the app. */
export function reportUnreachable(): void {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator) || !navigator.serviceWorker.controller)
    return;
  reachable = false;
  update();
}

if (typeof window !== "undefined") {
  window.addEventListener("online", () => {
    browserOnline = true;
    // The network is back: whatever failed before is worth trying again at once.
    reachable = true;
    update();
  });
  window.addEventListener("offline", () => {
    browserOnline = false;
    update();
  });
}
// TanStack's own manager starts online whatever the browser says: a page opened without a network would try every
// query first. From now on it hears the network through update() above.
onlineManager.setEventListener(() => undefined);
onlineManager.setOnline(online);

/** Whether the server is reachable now, as far as the app knows. */
export const isOnline = () => online;

/** Calls `listener` each time the app goes online or offline; returns the unsubscribe function. */
export function subscribeToNetwork(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the server is reachable; re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeToNetwork, isOnline, () => true);
}

/** What a control that needs the server says while offline (its tooltip and accessible description). */
export const OFFLINE_REASON = "You are offline";

/**
 * For a control that needs the server (a button's `needsServer`, a switch, a note's editor): while offline, `offline`
 * is true and `offlineProps` mark it aria-disabled with the reason as its title (its tooltip and accessible
 * description), the element staying focusable so the reason can be read. The control itself ignores presses then.
 */
export function useNeedsServer(needsServer = true): {
  offline: boolean;
  offlineProps: { "aria-disabled"?: true; title?: string };
} {
  const online = useOnline();
  const offline = needsServer && !online;
  return { offline, offlineProps: offline ? { "aria-disabled": true, title: OFFLINE_REASON } : {} };
}
