import { deepLinkRoute } from "./deep-link";

/** The part of Capacitor's App plugin the deep-link listener uses (the real one is @capacitor/app's `App`). */
export interface NativeApp {
  addListener(
    event: "appUrlOpen",
    listener: (event: { url: string }) => void,
  ): Promise<{ remove: () => Promise<void> }>;
  /** The link a cold start was opened with, where the platform knows it. */
  getLaunchUrl?: () => Promise<{ url: string } | undefined>;
}

/** Moves the app to an in-app route, e.g. the router's `navigate`. */
export type Navigate = (to: string) => void;

/**
 * True only inside the Capacitor shell: the native runtime puts `Capacitor` on the window before
 * the page runs. In a browser there is none, so nothing of Capacitor is ever downloaded there.
 */
export function isNativeApp(): boolean {
  const bridge: unknown = Reflect.get(globalThis, "Capacitor");
  if (typeof bridge !== "object" || bridge === null) return false;
  const isNativePlatform: unknown = Reflect.get(bridge, "isNativePlatform");
  return typeof isNativePlatform === "function" && isNativePlatform.call(bridge) === true;
}

/**
 * SPEC §2 'Native mobile deep links': every link the phone opens the app with (a sign-in link, an
 * invite) goes through the deep-link parser and, when it names a screen, to that screen. Other links
 * are ignored. Resolves to a function that stops listening.
 */
export async function listenForDeepLinks(app: NativeApp, navigate: Navigate): Promise<() => Promise<void>> {
  const follow = (url: string | undefined) => {
    const route = url ? deepLinkRoute(url) : null;
    if (route) navigate(route);
  };
  const handle = await app.addListener("appUrlOpen", (event) => follow(event.url));
  // A link that started the app may have arrived before anyone was listening.
  const launch = await app.getLaunchUrl?.().catch(() => undefined);
  follow(launch?.url);
  return () => handle.remove();
}

const loadCapacitorApp = async (): Promise<NativeApp> => (await import("@capacitor/app")).App;

/**
 * Starts the deep-link listener when running inside the phone app, and does nothing in a browser.
 * `loadApp` is the boundary to Capacitor; tests hand in a stand-in.
 */
export async function startNativeDeepLinks(
  navigate: Navigate,
  loadApp: () => Promise<NativeApp> = loadCapacitorApp,
): Promise<(() => Promise<void>) | undefined> {
  if (!isNativeApp()) return undefined;
  return listenForDeepLinks(await loadApp(), navigate);
}
