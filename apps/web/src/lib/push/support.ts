import { isNativeApp } from "@/lib/native";

/**
 * Whether this browser can take pushes: a service worker, the Push API and notifications (iOS Safari only once the app
 * is added to the home screen). Never inside the phone app's WebView, which has no Push API (decision 058).
 */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window &&
    !isNativeApp()
  );
}

/**
 * Whether this page can subscribe now, the one rule for Preferences and the prompt: push is supported and a service
 * worker controls the page, so `navigator.serviceWorker.ready` settles. None does in development (`npm run dev`) or
 * after a failed registration, where subscribing would wait on `ready` for ever.
 */
export function canSubscribe(): boolean {
  return pushSupported() && navigator.serviceWorker.controller !== null;
}

/**
 * Whether the prompt after an action may be offered to this person: this page can subscribe, the browser has not
 * asked yet (permission 'default'), and they have not said 'Not now' on this device within 30 days.
 */
export function mayOfferPush(userId: string | undefined): userId is string {
  return !!userId && canSubscribe() && Notification.permission === "default" && !saidNotNowRecently(userId);
}

/** How long 'Not now' keeps the prompt away, per person on this device. */
export const NOT_NOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;
const notNowKey = (userId: string) => `pushNotNow:${userId}`;

/** True while this person's last 'Not now' on this device is under 30 days old. */
export function saidNotNowRecently(userId: string, now = Date.now()): boolean {
  const saidAt = Number(localStorage.getItem(notNowKey(userId)));
  return Number.isFinite(saidAt) && saidAt > 0 && now - saidAt < NOT_NOW_DAYS * DAY_MS;
}

export function rememberNotNow(userId: string, now = Date.now()): void {
  localStorage.setItem(notNowKey(userId), String(now));
}
