/**
 * This device's push subscription (issue 23, docs/decisions/058): turning pushes on and off, registering the browser's
 * subscription with the server again at each signed-in start, and dropping it at sign-out. Loaded lazily, through
 * device.ts: nothing here is on a first load's path.
 */
import { pushApi } from "@housemate/contract";
import { api, ApiError } from "@/lib/api-client";
import { useAuthStore } from "@/lib/auth/auth-store";
import { isOnline } from "@/lib/network";
import { beforeSignOut } from "@/lib/before-sign-out";
import { canSubscribe } from "./support";

/** This device, as Preferences shows it: no Push API, not asked yet, blocked, or allowed with pushes off or on. */
export type PushDeviceState = "unsupported" | "default" | "denied" | "off" | "on";

/** Who this browser's subscription was registered for, and the server's id of it (localStorage). */
interface PushDevice {
  userId: string;
  subscriptionId: string;
}
const DEVICE_KEY = "pushDevice";

function readDevice(): PushDevice | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(DEVICE_KEY) ?? "null");
    if (typeof stored !== "object" || stored === null) return null;
    const { userId, subscriptionId } = stored as Partial<Record<keyof PushDevice, unknown>>;
    return typeof userId === "string" && typeof subscriptionId === "string" ? { userId, subscriptionId } : null;
  } catch {
    return null;
  }
}

const forgetDevice = () => localStorage.removeItem(DEVICE_KEY);
const currentUserId = () => useAuthStore.getState().currentUser?.id;
/** How long the service worker's registration is waited for before turning on or off counts as failed. */
export const READY_WAIT_MS = 10_000;

/**
 * The service worker's registration, within READY_WAIT_MS: `ready` never settles where no worker registers, and a
 * button waiting on it would say 'Turning on...' for ever rather than fail with its toast.
 */
function registration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("The service worker is not ready")), READY_WAIT_MS);
  });
  return Promise.race([navigator.serviceWorker.ready, late]).finally(() => clearTimeout(timer));
}

const subscriptionOf = async () => (await registration()).pushManager.getSubscription();

/** The server's VAPID key, from base64url to the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll("-", "+").replaceAll("_", "/");
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const own = subscription.options.applicationServerKey;
  if (!own) return false;
  const bytes = new Uint8Array(own);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

/** POST /push/subscriptions: the server ties it to this session (again, the same endpoint, at each start). */
async function register(subscription: PushSubscription, userId: string): Promise<void> {
  const { endpoint, expirationTime, keys } = subscription.toJSON();
  const saved = await api.call(pushApi.subscribePush, {
    body: { endpoint: endpoint ?? "", expirationTime, keys: { p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "" } },
  });
  localStorage.setItem(DEVICE_KEY, JSON.stringify({ userId, subscriptionId: saved.id } satisfies PushDevice));
  followSignOut();
}

export async function pushDeviceState(): Promise<PushDeviceState> {
  if (!canSubscribe()) return "unsupported";
  if (Notification.permission !== "granted") return Notification.permission;
  const subscription = await subscriptionOf();
  return subscription && readDevice()?.userId === currentUserId() ? "on" : "off";
}

/** Subscribes this browser with the server's key and registers it; the permission must be granted already. */
export async function turnOnPush(): Promise<void> {
  const userId = currentUserId();
  if (!userId) throw new Error("Signed out");
  if (!canSubscribe()) throw new Error("No service worker controls this page");
  const { pushManager } = await registration();
  const { public_key } = await api.call(pushApi.getPushKey);
  const key = keyBytes(public_key);
  let subscription = await pushManager.getSubscription();
  // Made with another key (the server's was replaced): the push service would refuse our pushes to it.
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await register(subscription, userId);
}

/** 'Turn off on this device': the server stops sending here, then the browser forgets the subscription. */
export async function turnOffPush(): Promise<void> {
  const device = readDevice();
  if (device) {
    await api.call(pushApi.unsubscribePush, { params: { id: device.subscriptionId } }).catch((error: unknown) => {
      // Already gone (signed out elsewhere, expired): what was asked is done.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    });
  }
  forgetDevice();
  await (await subscriptionOf())?.unsubscribe();
}

/**
 * At a signed-in start with pushes allowed: the browser's subscription is registered again, so the server has it for
 * this session (sign-in made a new one) and with its current keys. One registered for someone else on this device, or
 * for no one known, is dropped instead: a person who signs in here never gets pushes they did not turn on.
 */
export async function resumePush(): Promise<void> {
  const userId = currentUserId();
  if (!userId || !canSubscribe() || Notification.permission !== "granted") return;
  const subscription = await subscriptionOf();
  if (!subscription) {
    forgetDevice();
    return;
  }
  if (readDevice()?.userId !== userId) {
    forgetDevice();
    await subscription.unsubscribe();
    return;
  }
  await register(subscription, userId);
}

/** Sign-out waits this long at most for the browser to forget the subscription. */
const FORGET_WAIT_MS = 1_000;
let followingSignOut = false;

/**
 * At sign-out this browser forgets its subscription too (the server drops the session's own at logout), once pushes
 * are allowed here. Never a reason to wait: a second at most, and offline not at all: the record goes now, so the next
 * start drops the subscription as no one's.
 */
function followSignOut(): void {
  if (followingSignOut) return;
  followingSignOut = true;
  beforeSignOut(async () => {
    forgetDevice();
    if (!isOnline()) return;
    const forgotten = subscriptionOf().then((subscription) => subscription?.unsubscribe());
    await Promise.race([forgotten, new Promise((resolve) => setTimeout(resolve, FORGET_WAIT_MS))]);
  });
}

/**
 * The signed-in start, once the page has loaded (app/routes/shell.tsx): where pushes are allowed, resumePush. Never a
 * failure the person sees: offline it waits for the next start.
 */
export async function resumeOnStart(): Promise<void> {
  if (!canSubscribe() || Notification.permission !== "granted") return;
  followSignOut();
  try {
    await resumePush();
  } catch (error) {
    if (isOnline()) console.warn("Push notifications could not be resumed", error);
  }
}
