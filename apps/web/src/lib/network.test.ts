import { afterEach, describe, expect, it, vi } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { onlineManager } from "@tanstack/react-query";
import { isOnline, PROBE_INTERVAL_MS, reportReachable, reportUnreachable, useOnline } from "./network";

const goOffline = () => act(() => void window.dispatchEvent(new Event("offline")));
const goOnline = () => act(() => void window.dispatchEvent(new Event("online")));

/** jsdom has no service workers: a page the worker runs has a controller. */
function runByServiceWorker() {
  Object.defineProperty(navigator, "serviceWorker", { value: { controller: {} }, configurable: true });
}

afterEach(() => {
  goOnline();
  Reflect.deleteProperty(navigator, "serviceWorker");
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the network as the app sees it", () => {
  it("follows the browser's offline and online events, and TanStack Query follows it", () => {
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(true);
    goOffline();
    expect(result.current).toBe(false);
    expect(isOnline()).toBe(false);
    expect(onlineManager.isOnline()).toBe(false);
    goOnline();
    expect(result.current).toBe(true);
    expect(onlineManager.isOnline()).toBe(true);
  });

  it("keeps a failed request to itself when no service worker runs the app", () => {
    reportUnreachable();
    expect(isOnline()).toBe(true);
  });

  it("counts a request that never reached the server as offline while the worker runs the app, until an answer comes", () => {
    runByServiceWorker();
    const { result } = renderHook(() => useOnline());
    act(() => reportUnreachable());
    expect(result.current).toBe(false);
    expect(onlineManager.isOnline()).toBe(false);
    act(() => reportReachable());
    expect(result.current).toBe(true);
  });

  it("asks the server every 5 seconds whether it is back, and stops once it answers", async () => {
    vi.useFakeTimers();
    runByServiceWorker();
    let reachable = false;
    const probe = vi.fn(() =>
      reachable ? Promise.resolve(new Response("{}")) : Promise.reject(new TypeError("down")),
    );
    vi.stubGlobal("fetch", probe);
    reportUnreachable();
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS - 1);
    expect(probe).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledWith("/api/health", { cache: "no-store" });
    expect(isOnline()).toBe(false);
    reachable = true;
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(isOnline()).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * PROBE_INTERVAL_MS);
    expect(probe).toHaveBeenCalledTimes(2);
  });

  it("takes the browser's online event as the network back, whatever failed before", () => {
    runByServiceWorker();
    reportUnreachable();
    expect(isOnline()).toBe(false);
    goOnline();
    expect(isOnline()).toBe(true);
  });
});
