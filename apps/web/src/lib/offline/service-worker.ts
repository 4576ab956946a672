import { toast } from "sonner";

/** How often a page left open asks whether a new version was deployed (a browser asks on each navigation besides). */
const UPDATE_CHECK_MS = 60 * 60_000;

/** The toast offering a new version: one at a time, and it stays until answered. */
export const UPDATE_TOAST_ID = "app-update";
export const UPDATE_AVAILABLE_MESSAGE = "Update available — reload";

/**
 * Registers the service worker that keeps the built app on the device (vite.config.ts, decision 053), once the page
 * has loaded: its download of the app's files never competes with the first screen's. workbox-window loads then, as a
 * chunk of its own. Not in development (Vite serves modules, not the build) nor where there are no service workers
 * (jsdom, an old browser).
 *
 * A new deploy installs a new worker beside the running one, which waits: the page keeps the app it started with,
 * every chunk from the same build, and offers the update (`offerUpdate`). Only when the person takes it does the new
 * worker take over, and the page reloads once, into the new app.
 */
let registered = false;

export function registerServiceWorker(offerUpdate: (apply: () => void) => void = offerUpdateToast): void {
  if (registered || import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  registered = true;
  const start = () => {
    import("workbox-window")
      .then(async ({ Workbox }) => {
        const worker = new Workbox("/sw.js", { scope: "/" });
        worker.addEventListener("waiting", () =>
          offerUpdate(() => {
            worker.addEventListener("controlling", () => window.location.reload());
            worker.messageSkipWaiting();
          }),
        );
        const registration = await worker.register();
        setInterval(() => void registration?.update(), UPDATE_CHECK_MS);
      })
      .catch((error: unknown) => console.warn("The app could not be kept for offline use", error));
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}

/** Issue 22: 'Update available — reload', with Reload; never swapped under the person's feet. */
export function offerUpdateToast(apply: () => void): void {
  toast(UPDATE_AVAILABLE_MESSAGE, {
    id: UPDATE_TOAST_ID,
    duration: Number.POSITIVE_INFINITY,
    action: { label: "Reload", onClick: apply },
  });
}
