import { afterEach, describe, expect, it, vi } from "vitest";
import { isNativeApp, startNativeDeepLinks, type NativeApp } from "./native";

/** A stand-in for Capacitor's App plugin: records the listener and lets the test open links. */
function fakeCapacitorApp(launchUrl?: string) {
  let listener: ((event: { url: string }) => void) | undefined;
  const remove = vi.fn(async () => {
    listener = undefined;
  });
  const app: NativeApp = {
    addListener: vi.fn(async (_event: "appUrlOpen", callback: (event: { url: string }) => void) => {
      listener = callback;
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

  it("stops listening when asked", async () => {
    runInsideCapacitor();
    const capacitor = fakeCapacitorApp();
    const stop = await startNativeDeepLinks(vi.fn(), async () => capacitor.app);
    await stop?.();
    expect(capacitor.remove).toHaveBeenCalled();
    expect(capacitor.isListening()).toBe(false);
  });
});
