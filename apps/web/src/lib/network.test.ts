import { afterEach, describe, expect, it, vi } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { onlineManager } from "@tanstack/react-query";
import {
  isOnline,
  networkState,
  PROBE_FIRST_MS,
  PROBE_MAX_MS,
  PROBE_URL,
  probeWait,
  reportReachable,
  reportUnreachable,
  useOfflineReason,
  useOnline,
} from "./network";

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

  it("asks the server whether it is back after 5 s, then backing off to a minute, and stops once it answers", async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, "random").mockReturnValue(0.5); // no spread: the waits are the backoff's own
    runByServiceWorker();
    let reachable = false;
    const probe = vi.fn(() =>
      reachable ? Promise.resolve(new Response("{}")) : Promise.reject(new TypeError("down")),
    );
    vi.stubGlobal("fetch", probe);
    reportUnreachable();
    await vi.advanceTimersByTimeAsync(PROBE_FIRST_MS - 1);
    expect(probe).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledWith("/api/health", { cache: "no-store" });
    expect(PROBE_URL).toBe("/api/health");
    // 10 s, 20 s, 40 s, then a minute each time.
    for (const wait of [10_000, 20_000, 40_000, PROBE_MAX_MS, PROBE_MAX_MS]) {
      const before = probe.mock.calls.length;
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(probe).toHaveBeenCalledTimes(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(probe).toHaveBeenCalledTimes(before + 1);
    }
    expect(isOnline()).toBe(false);
    reachable = true;
    await vi.advanceTimersByTimeAsync(PROBE_MAX_MS);
    expect(isOnline()).toBe(true);
    const calls = probe.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10 * PROBE_MAX_MS);
    expect(probe).toHaveBeenCalledTimes(calls);
    vi.restoreAllMocks();
  });

  it("spreads each probe's wait by up to a fifth either way, so tabs cut off together do not ask together", () => {
    expect(probeWait(PROBE_FIRST_MS, 0)).toBe(4_000);
    expect(probeWait(PROBE_FIRST_MS, 0.5)).toBe(5_000);
    expect(probeWait(PROBE_FIRST_MS, 0.999_999)).toBe(6_000);
    expect(probeWait(PROBE_MAX_MS, 0)).toBe(48_000);
  });

  it("says 'Can't reach Housemate' while the device is online but the server is not, 'You are offline' when it is not", () => {
    runByServiceWorker();
    const { result } = renderHook(() => useOfflineReason());
    expect(result.current).toBeNull();
    act(() => reportUnreachable());
    expect(networkState()).toBe("unreachable");
    expect(result.current).toBe("Can't reach Housemate");
    goOffline();
    expect(networkState()).toBe("offline");
    expect(result.current).toBe("You are offline");
  });

  it("takes the browser's online event as the network back, whatever failed before", () => {
    runByServiceWorker();
    reportUnreachable();
    expect(isOnline()).toBe(false);
    goOnline();
    expect(isOnline()).toBe(true);
  });
});
