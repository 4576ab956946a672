import { afterEach, describe, expect, it, vi } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { onlineManager } from "@tanstack/react-query";
import { healthApi } from "@housemate/contract";
import { api } from "./api-client";
import {
  CONFIRM_TIMEOUT_MS,
  isOnline,
  networkState,
  PROBE_FIRST_MS,
  PROBE_MAX_MS,
  PROBE_URL,
  probeUrl,
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

/** The health check as the browser would answer it: `answer` resolves or rejects it, and the call is counted. */
function stubHealthCheck() {
  const calls: { settle: (answered: boolean) => void; signal: AbortSignal | undefined }[] = [];
  const probe = vi.fn(
    (_url: string, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const signal = init?.signal ?? undefined;
        signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        calls.push({
          settle: (answered) => (answered ? resolve(new Response("{}")) : reject(new TypeError("Failed to fetch"))),
          signal,
        });
      }),
  );
  vi.stubGlobal("fetch", probe);
  return { probe, calls };
}

/** A request fails and the health check, asked at once, fails too: the server is out of reach. */
async function cutOff() {
  const { calls } = stubHealthCheck();
  void reportUnreachable();
  await act(async () => {
    calls.at(-1)?.settle(false);
    await Promise.resolve();
  });
  vi.unstubAllGlobals();
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
    void reportUnreachable();
    expect(isOnline()).toBe(true);
  });

  it("counts a request that never reached the server as offline while the worker runs the app, until an answer comes", async () => {
    runByServiceWorker();
    const { result } = renderHook(() => useOnline());
    await cutOff();
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
    void reportUnreachable();
    // Asked at once whether the failed request meant the server is gone: it is.
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(isOnline()).toBe(false);
    await vi.advanceTimersByTimeAsync(PROBE_FIRST_MS - 1);
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenLastCalledWith("/api/health", { cache: "no-store" });
    expect(PROBE_URL).toBe("/api/health");
    // Inside the phone apps the health check is the configured server's, as every other request is.
    expect(probeUrl("https://housemate.example")).toBe("https://housemate.example/api/health");
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

  it("says 'Can't reach Housemate' while the device is online but the server is not, 'You are offline' when it is not", async () => {
    runByServiceWorker();
    const { result } = renderHook(() => useOfflineReason());
    expect(result.current).toBeNull();
    await cutOff();
    expect(networkState()).toBe("unreachable");
    expect(result.current).toBe("Can't reach Housemate");
    goOffline();
    expect(networkState()).toBe("offline");
    expect(result.current).toBe("You are offline");
  });

  it("takes the browser's online event as the network back, whatever failed before", async () => {
    runByServiceWorker();
    await cutOff();
    expect(isOnline()).toBe(false);
    goOnline();
    expect(isOnline()).toBe(true);
  });

  it("keeps the app on when one request failed but the health check, asked at once, answers (a dropped connection)", async () => {
    runByServiceWorker();
    const { probe, calls } = stubHealthCheck();
    const { result } = renderHook(() => useOfflineReason());
    void reportUnreachable();
    expect(probe).toHaveBeenCalledWith("/api/health", expect.objectContaining({ cache: "no-store" }));
    expect(networkState()).toBe("online");
    await act(async () => {
      calls[0]?.settle(true);
      await Promise.resolve();
    });
    expect(networkState()).toBe("online");
    expect(result.current).toBeNull();
    expect(onlineManager.isOnline()).toBe(true);
  });

  it("asks once for requests that fail together, and counts the server out of reach when the check fails too", async () => {
    runByServiceWorker();
    const { probe, calls } = stubHealthCheck();
    void reportUnreachable();
    void reportUnreachable();
    void reportUnreachable();
    expect(probe).toHaveBeenCalledTimes(1);
    await act(async () => {
      calls[0]?.settle(false);
      await Promise.resolve();
    });
    expect(networkState()).toBe("unreachable");
  });

  it("leaves the app on when another request is answered while the check is under way, and drops the check", async () => {
    runByServiceWorker();
    const { calls } = stubHealthCheck();
    void reportUnreachable();
    act(() => reportReachable());
    expect(calls[0]?.signal?.aborted).toBe(true);
    await act(async () => {
      calls[0]?.settle(false);
      await Promise.resolve();
    });
    expect(networkState()).toBe("online");
  });

  it("counts the server out of reach when the check has not answered in 5 s", async () => {
    vi.useFakeTimers();
    runByServiceWorker();
    const { calls } = stubHealthCheck();
    void reportUnreachable();
    await vi.advanceTimersByTimeAsync(CONFIRM_TIMEOUT_MS - 1);
    expect(networkState()).toBe("online");
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[0]?.signal?.aborted).toBe(true);
    expect(networkState()).toBe("unreachable");
  });

  it("asks nothing while the browser itself says it is offline: that already reads 'You are offline'", () => {
    runByServiceWorker();
    const { probe } = stubHealthCheck();
    goOffline();
    void reportUnreachable();
    expect(probe).not.toHaveBeenCalled();
    expect(networkState()).toBe("offline");
  });

  it("never takes a request its caller cancelled for a server out of reach, however fetch fails it", async () => {
    runByServiceWorker();
    // A cancelled fetch rejects with the abort's reason; Chromium may fail one cut short by the page as a TypeError.
    const fetchStub = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(new TypeError("Failed to fetch")));
        }),
    );
    vi.stubGlobal("fetch", fetchStub);
    const controller = new AbortController();
    const call = api.call(healthApi.getHealth, { signal: controller.signal });
    await vi.waitFor(() => expect(fetchStub).toHaveBeenCalledTimes(1));
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(TypeError);
    // Only the request itself: no health check was asked, and nothing changed.
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(networkState()).toBe("online");
  });

  it("answers the failed request's caller only once the verdict is in, so a query failing offline pauses", async () => {
    runByServiceWorker();
    const { calls } = stubHealthCheck();
    let heard: string | undefined;
    const verdict = reportUnreachable().then(() => (heard = networkState()));
    await Promise.resolve();
    expect(heard).toBeUndefined();
    calls[0]?.settle(false);
    await act(() => verdict);
    expect(heard).toBe("unreachable");
    expect(onlineManager.isOnline()).toBe(false);
  });
});
