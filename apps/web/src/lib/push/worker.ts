/**
 * The service worker's push handling (issue 23, docs/decisions/058), built to /push-sw.js (vite.config.ts) and loaded
 * by Workbox's worker with `importScripts`. A classic script: it imports nothing at run time but the pure helpers the
 * bundler inlines, and exports nothing.
 */
import { appPath, shownPush } from "./push-notification";

/** The parts of a service worker's global scope used here (the DOM library has no worker types). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface PushWorkerScope {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
}

declare const self: PushWorkerScope;

function payloadOf(event: PushEvent): unknown {
  try {
    return event.data?.json();
  } catch {
    return undefined;
  }
}

self.addEventListener("push", (event) => {
  const { title, options } = shownPush(payloadOf(event));
  event.waitUntil(self.registration.showNotification(title, options));
});

/** The app's own window if one is open (the one focused first), else a new one; either goes to the push's page. */
async function openPage(path: string): Promise<void> {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    // Focused first, while the click still allows it; then the page changes.
    const focused = await open.focus();
    // An uncontrolled window cannot be navigated from here (null, or a rejection): a new one opens instead.
    const moved = await focused.navigate(url).catch(() => null);
    if (moved) return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const url = typeof data === "object" && data !== null && "url" in data ? data.url : undefined;
  event.waitUntil(openPage(appPath(url)));
});
