import { afterEach, describe, expect, it, vi } from "vitest";
import { isNativeApp, openAtStartScreen, startNativeDeepLinks, type NativeApp } from "./native";

/**
 * A stand-in for Capacitor's App plugin: records the listener and lets the test open links. `launchUrl` is what
 * getLaunchUrl answers (Android and iOS, after a cold start); `retainedUrl`, a link the plugin kept and hands to the
 * first listener as it is added (iOS, after a cold start: @capacitor/app's retainUntilConsumed).
 */
function fakeCapacitorApp(launchUrl?: string, { retainedUrl }: { retainedUrl?: string } = {}) {
  let listener: ((event: { url: string }) => void) | undefined;
  const remove = vi.fn(async () => {
    listener = undefined;
  });
  const app: NativeApp = {
    addListener: vi.fn(async (_event: "appUrlOpen", callback: (event: { url: string }) => void) => {
      listener = callback;
      if (retainedUrl) callback({ url: retainedUrl });
      return { remove };
    }),
    getLaunchUrl: async () => (launchUrl ? { url: launchUrl } : undefined),
  };
  return {
    app,
    remove,
    open: (url: string) => listener?.({ url }),
    isListening: () => listener !== undefined,
  };
}

/** What Capacitor's native runtime puts on the window before the page runs. */
function runInsideCapacitor(native = true) {
  vi.stubGlobal("Capacitor", { isNativePlatform: () => native });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("deep links in the phone app", () => {
  it("is not native in a browser, and loads nothing of Capacitor there", async () => {
    expect(isNativeApp()).toBe(false);
    const loadApp = vi.fn(async () => fakeCapacitorApp().app);
    expect(await startNativeDeepLinks(vi.fn(), loadApp)).toBeUndefined();
    expect(loadApp).not.toHaveBeenCalled();
  });

  it("is not native in Capacitor's web build either", async () => {
    runInsideCapacitor(false);
    expect(isNativeApp()).toBe(false);
  });

  it("listens for appUrlOpen inside the app and sends sign-in and invite links to their screens", async () => {
    runInsideCapacitor();
    const capacitor = fakeCapacitorApp();
    const navigate = vi.fn();
    await startNativeDeepLinks(navigate, async () => capacitor.app);

    expect(capacitor.app.addListener).toHaveBeenCalledWith("appUrlOpen", expect.any(Function));
    capacitor.open("housemate://auth/verify?token=abc123");
    capacitor.open("https://housemate.example/invite/INV1TE");
    expect(navigate.mock.calls).toEqual([["/auth/verify?token=abc123"], ["/invite/INV1TE"]]);
  });

  it("ignores links that name no screen", async () => {
    runInsideCapacitor();
    const capacitor = fakeCapacitorApp();
    const navigate = vi.fn();
    await startNativeDeepLinks(navigate, async () => capacitor.app);
    capacitor.open("housemate://dashboard/rules");
    capacitor.open("https://housemate.example/auth/verify");
    expect(navigate).not.toHaveBeenCalled();
  });

  it("follows the link a cold start was opened with", async () => {
    runInsideCapacitor();
    const capacitor = fakeCapacitorApp("https://housemate.example/verify?token=cold");
    const navigate = vi.fn();
    await startNativeDeepLinks(navigate, async () => capacitor.app);
    expect(navigate).toHaveBeenCalledWith("/auth/verify?token=cold");
  });

  it("follows a cold start's link once on iOS, which hands it to the first listener and to getLaunchUrl", async () => {
    runInsideCapacitor();
    const link = "https://housemate.example/auth/verify?token=once";
    const capacitor = fakeCapacitorApp(link, { retainedUrl: link });
    const navigate = vi.fn();
    await startNativeDeepLinks(navigate, async () => capacitor.app);
    // A second visit would find the token spent.
    expect(navigate.mock.calls).toEqual([["/auth/verify?token=once"]]);

    // Tapped again later, with the app open (warm: appUrlOpen alone), the same link is followed again.
    capacitor.open(link);
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it("follows a warm start's links as they come, after a cold start's", async () => {
    runInsideCapacitor();
    const capacitor = fakeCapacitorApp("housemate://invite/COLD1");
    const navigate = vi.fn();
    await startNativeDeepLinks(navigate, async () => capacitor.app);
    capacitor.open("housemate://verify?token=warm");
    capacitor.open("https://housemate.example/invite/WARM2");
    expect(navigate.mock.calls).toEqual([["/invite/COLD1"], ["/auth/verify?token=warm"], ["/invite/WARM2"]]);
  });

  it("starts without a launch link where the platform cannot tell one", async () => {
    runInsideCapacitor();
    const capacitor = fakeCapacitorApp();
    capacitor.app.getLaunchUrl = () => Promise.reject(new Error("not implemented on web"));
    const navigate = vi.fn();
    await startNativeDeepLinks(navigate, async () => capacitor.app);
    expect(navigate).not.toHaveBeenCalled();
    capacitor.open("housemate://invite/AFTER");
    expect(navigate).toHaveBeenCalledWith("/invite/AFTER");
  });

  it("stops listening when asked", async () => {
    runInsideCapacitor();
    const capacitor = fakeCapacitorApp();
    const stop = await startNativeDeepLinks(vi.fn(), async () => capacitor.app);
    await stop?.();
    expect(capacitor.remove).toHaveBeenCalled();
    expect(capacitor.isListening()).toBe(false);
  });
});

describe("the screen the phone app opens on", () => {
  const at = (pathname: string) => ({ location: { pathname }, history: { replaceState: vi.fn() } });

  it("is the sign-in screen for someone signed out, and the dashboard for someone signed in, instead of /", () => {
    runInsideCapacitor();
    const signedOut = at("/");
    openAtStartScreen(() => false, signedOut.location, signedOut.history);
    expect(signedOut.history.replaceState).toHaveBeenCalledWith(null, "", "/login");

    const signedIn = at("/");
    openAtStartScreen(() => true, signedIn.location, signedIn.history);
    expect(signedIn.history.replaceState).toHaveBeenCalledWith(null, "", "/dashboard");
  });

  it("leaves any other page where it is", () => {
    runInsideCapacitor();
    const page = at("/invite/ABC");
    openAtStartScreen(() => true, page.location, page.history);
    expect(page.history.replaceState).not.toHaveBeenCalled();
  });

  it("changes nothing in a browser, where / is the landing page", () => {
    const page = at("/");
    openAtStartScreen(() => true, page.location, page.history);
    expect(page.history.replaceState).not.toHaveBeenCalled();
  });
});
