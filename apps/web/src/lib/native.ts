import { deepLinkRoute } from "./deep-link";
import { SERVER_ORIGIN } from "./server-origin";

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
  // The links that arrived while starting. iOS keeps the link a cold start was opened with and hands it to the first
  // listener as well as to getLaunchUrl: followed twice, a sign-in link's token would be spent by the first visit and
  // the second would show it as used.
  let startedWith: Set<string> | null = new Set();
  const handle = await app.addListener("appUrlOpen", (event) => {
    startedWith?.add(event.url);
    follow(event.url);
  });
  // Android hands a cold start's link only to getLaunchUrl: it arrived before anyone was listening.
  const launch = await app.getLaunchUrl?.().catch(() => undefined);
  if (launch && !startedWith.has(launch.url)) follow(launch.url);
  startedWith = null;
  return () => handle.remove();
}

/**
 * Where the phone app opens (decision 056). Its first page is / of the built app, whose landing page is the website's
 * front door (pricing, testimonials), not an app's: a person signed in on this phone starts on the dashboard, anyone
 * else on the sign-in screen. Replaces the entry, so Back does not return to /. Any other path is left alone, and
 * outside the app nothing changes. A link the app was opened with is followed afterwards (listenForDeepLinks).
 */
export function openAtStartScreen(
  signedIn: () => boolean,
  location: Pick<Location, "pathname"> = window.location,
  history: Pick<History, "replaceState"> = window.history,
): void {
  if (!isNativeApp() || location.pathname !== "/") return;
  history.replaceState(null, "", signedIn() ? "/dashboard" : "/login");
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

/**
 * Inside a phone app built with no server to call (decision 056: `npx cap sync` over a build made without
 * HOUSEMATE_URL): the app must not start, its every request going to its own page. Never in a browser, which calls
 * its own origin.
 */
export function builtWithoutServer(origin: string = SERVER_ORIGIN): boolean {
  return isNativeApp() && origin === "";
}
