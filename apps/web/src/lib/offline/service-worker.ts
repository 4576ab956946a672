import { toast } from "sonner";
import { isNativeApp } from "@/lib/native";

/** How often a page left open asks whether a new version was deployed (a browser asks on each navigation besides). */
const UPDATE_CHECK_MS = 60 * 60_000;

/** The toast offering a new version: one at a time, and it stays until answered. */
export const UPDATE_TOAST_ID = "app-update";
export const UPDATE_AVAILABLE_MESSAGE = "Update available — reload";

type OfferUpdate = (apply: () => void) => void;

/** What the update flow reads of the browser's service workers: the page's controller and its change. */
export interface WorkerContainer {
  readonly controller: unknown;
  addEventListener: (type: "controllerchange", listener: () => void) => void;
}

/**
 * The update flow of one page (decision 053), apart from Workbox so it can be followed step by step.
 *
 * - A new worker waits (`waiting`): the toast is offered; its Reload asks the worker to take over and reloads once it
 *   has. If no worker waits any more (another tab took the update meanwhile), Reload just reloads.
 * - A new worker took the page over (`controllerchange`, listened to from registration): if this page asked, it reloads
 *   now. If another tab did, this page still runs the old build, whose not-yet-loaded screens the new worker's precache
 *   no longer holds: the toast is offered (again) with a plain reload. It does not reload by itself: the person may be
 *   half way through a form here, and the app cannot tell. Until they reload, a screen of the old build that fails to
 *   load (Vite's `vite:preloadError`) reloads the page into the new build rather than showing 'Page Failed to Load'.
 * - The first worker taking the page it installed from (clientsClaim) is no update: that page already runs its build.
 */
export function followUpdates(
  container: WorkerContainer,
  offerUpdate: OfferUpdate,
  reload: () => void,
  events: Pick<EventTarget, "addEventListener"> = window,
) {
  let hadController = container.controller !== null && container.controller !== undefined;
  let applying = false;
  let stale = false;
  container.addEventListener("controllerchange", () => {
    const wasUpdate = hadController;
    hadController = true;
    if (!wasUpdate) return;
    if (applying) {
      reload();
      return;
    }
    stale = true;
    offerUpdate(reload);
  });
  events.addEventListener("vite:preloadError", () => {
    if (stale) reload();
  });
  return {
    /** A new worker is waiting: offer it. Whether it still waits is asked when Reload is pressed. */
    waiting(stillWaiting: () => boolean, skipWaiting: () => void) {
      offerUpdate(() => {
        if (stale || !stillWaiting()) {
          reload();
          return;
        }
        applying = true;
        skipWaiting();
      });
    },
  };
}

/**
 * Registers the service worker that keeps the built app on the device (vite.config.ts, decision 053), once the page
 * has loaded: its download of the app's files never competes with the first screen's. workbox-window loads then, as a
 * chunk of its own. Not in development (Vite serves modules, not the build) nor where there are no service workers
 * (jsdom, an old browser).
 *
 * A new deploy installs a new worker beside the running one, which waits: the page keeps the app it started with,
 * every chunk from the same build, and offers the update (followUpdates). Only when the person takes it does the new
 * worker take over, and the page reloads once, into the new app.
 *
 * Not inside the phone apps (decisions 056, 058): they carry the built app on the device already (each new build comes
 * with a new version of the app, never from the server), and their WebViews have no Push API for the worker's pushes.
 */
let registered = false;

export function registerServiceWorker(offerUpdate: OfferUpdate = offerUpdateToast): void {
  if (registered || import.meta.env.DEV || isNativeApp() || !("serviceWorker" in navigator)) return;
  registered = true;
  const start = () => {
    const updates = followUpdates(navigator.serviceWorker, offerUpdate, () => window.location.reload());
    import("workbox-window")
      .then(async ({ Workbox }) => {
        const worker = new Workbox("/sw.js", { scope: "/" });
        // Listened to before registering: Workbox reports a worker already waiting as registration ends.
        const registered: { registration?: ServiceWorkerRegistration } = {};
        worker.addEventListener("waiting", () =>
          updates.waiting(
            () => Boolean(registered.registration?.waiting),
            () => worker.messageSkipWaiting(),
          ),
        );
        registered.registration = await worker.register();
        setInterval(() => void registered.registration?.update(), UPDATE_CHECK_MS);
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
