import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "@/lib/auth/auth-store";
import { finishBeforeSignOut } from "@/lib/before-sign-out";
import { readStoredSession, respondWith, serverUser, storeSession } from "@/lib/testing/fake-server";
import { FAKE_SUBSCRIPTION, fakePushDevice, removePushDevice } from "@/lib/testing/push-device";
import { pushDeviceState, READY_WAIT_MS, resumePush, turnOnPush } from "./push";

const ANA = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const BLAIR = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
const SUBSCRIPTION_ID = "99999999-9999-4999-8999-999999999999";

async function signIn(id: string) {
  storeSession(serverUser({ id }));
  await readStoredSession();
}

function server() {
  return respondWith({
    "POST /api/push/subscriptions": {
      status: 201,
      body: { data: { id: SUBSCRIPTION_ID, created_at: "2026-11-26T12:00:00.000Z" } },
    },
  });
}

const posts = (fake: ReturnType<typeof respondWith>) =>
  fake.bodies.filter((_, index) => new URL(fake.requests[index]?.url ?? "").pathname === "/api/push/subscriptions");

afterEach(() => {
  removePushDevice();
  vi.unstubAllGlobals();
  localStorage.clear();
  useAuthStore.getState().signOutLocally();
});

describe("this device's pushes at a signed-in start and at sign-out (issue 23)", () => {
  it("registers the browser's subscription again for the person who turned it on here", async () => {
    await signIn(ANA);
    fakePushDevice({ permission: "granted", subscribed: true });
    localStorage.setItem("pushDevice", JSON.stringify({ userId: ANA, subscriptionId: SUBSCRIPTION_ID }));
    const fake = server();
    await resumePush();
    expect(posts(fake)).toEqual([FAKE_SUBSCRIPTION]);
    expect(await pushDeviceState()).toBe("on");
  });

  it("drops a subscription left by someone else on this device, rather than giving their pushes to this person", async () => {
    await signIn(BLAIR);
    const device = fakePushDevice({ permission: "granted", subscribed: true });
    localStorage.setItem("pushDevice", JSON.stringify({ userId: ANA, subscriptionId: SUBSCRIPTION_ID }));
    const fake = server();
    await resumePush();
    expect(posts(fake)).toEqual([]);
    expect(device.subscription).toBeNull();
    expect(await pushDeviceState()).toBe("off");
  });

  it("registers nothing where the browser does not allow notifications", async () => {
    await signIn(ANA);
    fakePushDevice({ permission: "default" });
    const fake = server();
    await resumePush();
    expect(posts(fake)).toEqual([]);
  });

  it("unsubscribes the browser at sign-out, and does not wait on it offline", async () => {
    await signIn(ANA);
    const device = fakePushDevice({ permission: "granted", subscribed: true });
    localStorage.setItem("pushDevice", JSON.stringify({ userId: ANA, subscriptionId: SUBSCRIPTION_ID }));
    server();
    await resumePush();
    await finishBeforeSignOut();
    expect(device.unsubscribed).toBe(1);
    expect(localStorage.getItem("pushDevice")).toBeNull();

    // Offline: the next start drops it (no one is recorded for it), and sign-out goes on at once.
    const again = fakePushDevice({ permission: "granted", subscribed: true });
    vi.stubGlobal("navigator", Object.create(navigator, { onLine: { value: false } }));
    window.dispatchEvent(new Event("offline"));
    await finishBeforeSignOut();
    expect(again.unsubscribed).toBe(0);
    window.dispatchEvent(new Event("online"));
  });
});

describe("turning pushes on where no service worker is ready (issue 23)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("fails at once where no service worker controls the page, as Preferences and the prompt both judge it", async () => {
    await signIn(ANA);
    fakePushDevice({ permission: "granted", controlled: false });
    const fake = server();
    expect(await pushDeviceState()).toBe("unsupported");
    await expect(turnOnPush()).rejects.toThrow("No service worker controls this page");
    expect(posts(fake)).toEqual([]);
  });

  it(`fails after ${READY_WAIT_MS / 1000} s when the worker's registration never becomes ready`, async () => {
    await signIn(ANA);
    fakePushDevice({ permission: "granted", ready: "never" });
    const fake = server();
    vi.useFakeTimers();
    let settled = false;
    const turning = turnOnPush().finally(() => {
      settled = true;
    });
    const failed = expect(turning).rejects.toThrow("The service worker is not ready");
    await vi.advanceTimersByTimeAsync(READY_WAIT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await failed;
    expect(posts(fake)).toEqual([]);
  });
});
