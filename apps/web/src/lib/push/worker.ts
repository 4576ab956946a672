/**
 * The service worker's push handling (issue 23, docs/decisions/058), built to /push-sw.js (vite.config.ts) and loaded
 * by Workbox's worker with `importScripts`. A classic script: it imports nothing at run time but the pure helpers the
 * bundler inlines, and exports nothing.
 */
import { openPage, shownPush, type PushClients } from "./push-notification";

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
interface PushWorkerScope {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: PushClients;
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
  const { title, options } = shownPush(payloadOf(event), self.location.origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const url = typeof data === "object" && data !== null && "url" in data ? data.url : undefined;
  event.waitUntil(openPage(self.clients, self.location.origin, url));
});
