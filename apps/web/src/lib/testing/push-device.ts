import { vi } from "vitest";

/** A push service's endpoint and a device's keys, as a browser's subscription gives them (the sizes RFC 8291 uses). */
export const FAKE_SUBSCRIPTION = {
  endpoint: "https://fcm.googleapis.com/fcm/send/device-1",
  expirationTime: null,
  keys: { p256dh: `B${"A".repeat(86)}`, auth: "AAAAAAAAAAAAAAAAAAAAAA" },
};
/** The server's VAPID public key (65 bytes, base64url), as GET /push/key answers. */
export const FAKE_PUSH_KEY = `B${"Q".repeat(86)}`;

export interface FakePushDevice {
  permission: NotificationPermission;
  /** What the browser's permission prompt is answered with. */
  answer: NotificationPermission;
  subscription: PushSubscription | null;
  permissionAsked: number;
  unsubscribed: number;
}

function keyBuffer(key: BufferSource | string | null | undefined): ArrayBuffer | null {
  if (!key || typeof key === "string") return null;
  const view = ArrayBuffer.isView(key)
    ? new Uint8Array(key.buffer, key.byteOffset, key.byteLength)
    : new Uint8Array(key);
  return view.slice().buffer;
}

/**
 * What jsdom lacks for pushes (issue 23): `Notification`'s permission, the Push API and a service worker registration,
 * standing in for a browser whose worker is running. `setup` sets where it starts; `removePushDevice` takes it away.
 */
export function fakePushDevice(
  setup: Partial<Pick<FakePushDevice, "permission" | "answer">> & {
    subscribed?: boolean;
    /** False: no service worker controls the page (`npm run dev`, a failed registration). */
    controlled?: boolean;
    /** "never": the worker's registration never becomes ready. */
    ready?: "never";
  } = {},
) {
  const device: FakePushDevice = {
    permission: setup.permission ?? "default",
    answer: setup.answer ?? "granted",
    subscription: null,
    permissionAsked: 0,
    unsubscribed: 0,
  };
  const subscriptionWith = (key: ArrayBuffer | null): PushSubscription => {
    const subscription = {
      ...FAKE_SUBSCRIPTION,
      options: { userVisibleOnly: true, applicationServerKey: key },
      getKey: () => null,
      toJSON: () => structuredClone(FAKE_SUBSCRIPTION),
      unsubscribe: () => {
        device.unsubscribed += 1;
        if (device.subscription === subscription) device.subscription = null;
        return Promise.resolve(true);
      },
    } satisfies PushSubscription;
    return subscription;
  };
  // Subscribed earlier with the server's key.
  if (setup.subscribed)
    device.subscription = subscriptionWith(
      keyBuffer(Uint8Array.from(atob(`${FAKE_PUSH_KEY}=`), (char) => char.charCodeAt(0))),
    );
  const pushManager = {
    getSubscription: () => Promise.resolve(device.subscription),
    subscribe: (options: PushSubscriptionOptionsInit) => {
      device.subscription = subscriptionWith(keyBuffer(options.applicationServerKey));
      return Promise.resolve(device.subscription);
    },
  };
  // Only its presence is read (lib/push/support.ts).
  vi.stubGlobal("PushManager", {});
  vi.stubGlobal("Notification", {
    get permission() {
      return device.permission;
    },
    requestPermission: () => {
      device.permissionAsked += 1;
      device.permission = device.answer;
      return Promise.resolve(device.permission);
    },
  });
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: {
      controller: setup.controlled === false ? null : {},
      ready: setup.ready === "never" ? new Promise(() => undefined) : Promise.resolve({ pushManager }),
    },
  });
  return device;
}

/** Back to jsdom's own: no service worker (vi.unstubAllGlobals takes the rest away). */
export function removePushDevice() {
  Reflect.deleteProperty(navigator, "serviceWorker");
}
