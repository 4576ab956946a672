import { useSyncExternalStore } from "react";
import { onlineManager } from "@tanstack/react-query";
import { healthApi } from "@housemate/contract";
import { SERVER_ORIGIN, serverUrl } from "@/lib/server-origin";

/**
 * Whether the app can reach its server: the one place the app reads it (decision 053). Offline when the browser says
 * so (`navigator.onLine` and its events), and when a request failed to reach the server at all while the service
 * worker runs the app: a phone on a station's Wi-Fi without internet, or Chromium's offline emulation after a reload,
 * still says it is online. TanStack Query follows it too, so queries pause rather than fail while offline, and refetch
 * what is stale the moment the network is back (refetchOnReconnect).
 *
 * Without the worker a failed request keeps its own message (SPEC §8 NETWORK_ERROR): the app cannot open offline
 * then, and a test's unanswered request must not switch it off.
 *
 * The two ways of being cut off read differently: 'offline' is the device's own network gone; 'unreachable' is a
 * device that says it is online but cannot reach the server (no internet behind the Wi-Fi, or the server down), so the
 * app says "Can't reach Housemate" rather than telling someone on working Wi-Fi that they are offline.
 */
export type NetworkState = "online" | "offline" | "unreachable";

const listeners = new Set<() => void>();
let browserOnline = typeof navigator === "undefined" ? true : navigator.onLine;
let reachable = true;
let state: NetworkState = browserOnline ? "online" : "offline";
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probeDelay = 0;
/** The health check asked at once about a failed request, while it is under way (confirmUnreachable). */
let confirmation: { controller: AbortController; verdict: Promise<void> } | undefined;

/**
 * While the server is unreachable on a network the browser calls online, it is asked whether it is back: first after
 * 5 s, then twice as long each time up to a minute, each wait spread by up to a fifth either way. The health check
 * pings the database and is exempt from load shedding: a server that is down must not have every open tab asking it
 * in step every 5 s.
 */
export const PROBE_FIRST_MS = 5_000;
export const PROBE_MAX_MS = 60_000;
const PROBE_JITTER = 0.2;
/**
 * The server's health check: public, tiny, and never cached. On the server the app calls (server-origin.ts): inside
 * the phone apps the page's own origin is the app, not the server.
 */
export const probeUrl = (origin: string = SERVER_ORIGIN) => serverUrl(`/api${healthApi.getHealth.path}`, origin);
export const PROBE_URL = probeUrl();
/** The longest the health check confirming a failed request may take before the server counts as out of reach. */
export const CONFIRM_TIMEOUT_MS = 5_000;

/** The wait before the next probe, for a backoff step `base` and a random number in [0, 1). */
export const probeWait = (base: number, random: number) =>
  Math.round(base * (1 - PROBE_JITTER + 2 * PROBE_JITTER * random));

function update() {
  const next: NetworkState = !browserOnline ? "offline" : reachable ? "online" : "unreachable";
  if (next === "unreachable") startProbing();
  else stopProbing();
  if (next === state) return;
  const wasOnline = state === "online";
  state = next;
  if (wasOnline !== (next === "online")) onlineManager.setOnline(next === "online");
  listeners.forEach((listener) => listener());
}

function startProbing() {
  if (probeTimer !== undefined) return;
  probeDelay = PROBE_FIRST_MS;
  scheduleProbe();
}

function scheduleProbe() {
  probeTimer = setTimeout(
    () => {
      probeDelay = Math.min(probeDelay * 2, PROBE_MAX_MS);
      fetch(PROBE_URL, { cache: "no-store" }).then(reportReachable, () => {
        if (probeTimer !== undefined) scheduleProbe();
      });
    },
    probeWait(probeDelay, Math.random()),
  );
}

function stopProbing() {
  clearTimeout(probeTimer);
  probeTimer = undefined;
}

/** The API client's news: an answer came back (any status), so the server is reachable. */
export function reportReachable(): void {
  // Whatever the failure being confirmed was, the server has answered since.
  cancelConfirmation();
  if (reachable) return;
  reachable = true;
  update();
}

/**
 * The API client's news: a request never reached the server (fetch's TypeError; never a request its caller
 * cancelled). Counted while the worker runs the app, once the health check, asked at once, fails too: one request
 * dropped on a busy network or server (a connection reset) must not turn every button off for the seconds until the
 * next probe. Offline, the check fails at once, so a real outage still shows within moments. Resolves once the
 * verdict is in: the client passes the failure on only then, so that a query failing offline finds TanStack Query
 * offline already and pauses rather than fails.
 */
export function reportUnreachable(): Promise<void> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator) || !navigator.serviceWorker.controller)
    return Promise.resolve();
  if (!reachable || !browserOnline) return Promise.resolve();
  confirmation ??= confirmUnreachable();
  return confirmation.verdict;
}

function confirmUnreachable() {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CONFIRM_TIMEOUT_MS);
  const settle = (answered: boolean) => {
    clearTimeout(timer);
    // Cancelled: an answer or the browser's network events have had their say since.
    if (confirmation?.controller !== controller) return;
    confirmation = undefined;
    if (answered) return;
    reachable = false;
    update();
  };
  const verdict = fetch(PROBE_URL, { cache: "no-store", signal: controller.signal }).then(
    () => settle(true),
    () => settle(false),
  );
  return { controller, verdict };
}

function cancelConfirmation() {
  confirmation?.controller.abort();
  confirmation = undefined;
}

if (typeof window !== "undefined") {
  window.addEventListener("online", () => {
    cancelConfirmation();
    browserOnline = true;
    // The network is back: whatever failed before is worth trying again at once.
    reachable = true;
    update();
  });
  window.addEventListener("offline", () => {
    cancelConfirmation();
    browserOnline = false;
    update();
  });
}
// TanStack's own manager starts online whatever the browser says: a page opened without a network would try every
// query first. From now on it hears the network through update() above.
onlineManager.setEventListener(() => undefined);
onlineManager.setOnline(state === "online");

/** Whether the server is reachable now, as far as the app knows. */
export const isOnline = () => state === "online";

/** Online, offline (the device's network is gone) or unreachable (the device online, the server out of reach). */
export const networkState = () => state;

/** Calls `listener` each time the app goes online or offline; returns the unsubscribe function. */
export function subscribeToNetwork(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the server is reachable; re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeToNetwork, isOnline, () => true);
}

/** The network's state; re-renders when it changes. */
export function useNetworkState(): NetworkState {
  return useSyncExternalStore(subscribeToNetwork, networkState, () => "online");
}

/** What a control that needs the server says while offline (its tooltip and accessible description). */
export const OFFLINE_REASON = "You are offline";
/** What it says while the device is online but the server cannot be reached. */
export const UNREACHABLE_REASON = "Can't reach Housemate";

/** Why a control that needs the server is off now, or null while the server is reachable. */
export function useOfflineReason(): string | null {
  const current = useNetworkState();
  return current === "online" ? null : current === "offline" ? OFFLINE_REASON : UNREACHABLE_REASON;
}

/**
 * For a control that needs the server (a button's `needsServer`, a switch, a note's editor): while offline or while
 * the server cannot be reached, `offline` is true and `offlineProps` mark it aria-disabled with the reason as its title
 * (its tooltip and accessible description), the element staying focusable so the reason can be read. The control
 * itself ignores presses then.
 */
export function useNeedsServer(needsServer = true): {
  offline: boolean;
  offlineProps: { "aria-disabled"?: true; title?: string };
} {
  const reason = useOfflineReason();
  const offline = needsServer && reason !== null;
  return { offline, offlineProps: offline ? { "aria-disabled": true, title: reason } : {} };
}
