import type { PushPayload } from "@housemate/contract";

/** Where a push with no usable address takes the person: their dashboard. */
export const PUSH_DEFAULT_PATH = "/dashboard";

/** What a push that cannot be read shows: Chrome shows a notice of its own for a push shown as nothing. */
export const UNREADABLE_PUSH = { title: "Housemate", body: "Something happened in your household." } as const;

/** The app icon beside a push (public/). */
const PUSH_ICON = "/icon-192.png";

/** A system notification, as `registration.showNotification(title, options)` takes it. */
export interface ShownPush {
  title: string;
  options: { body: string; tag?: string; icon: string; data: { url: string } };
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/**
 * A path of this app, never another site: a push names one (`/dashboard/fines/…`). It is resolved as the browser will
 * resolve it, against this app's origin: the URL parser drops tabs and newlines and reads a backslash as `/`, so a check of
 * the raw text (`//host`) would let `/\t/evil.example` through. Anything that does not land on `origin` opens the
 * dashboard; so does a path beginning `//`, which would name another host when resolved again.
 */
export function appPath(url: unknown, origin: string): string {
  const raw = text(url);
  if (!raw) return PUSH_DEFAULT_PATH;
  let resolved: URL;
  try {
    resolved = new URL(raw, origin);
  } catch {
    return PUSH_DEFAULT_PATH;
  }
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  if (resolved.origin !== new URL(origin).origin || path.startsWith("//")) return PUSH_DEFAULT_PATH;
  return path;
}

/**
 * The notification a push shows (issue 23): the contract's PushPayload as the server encrypted it. A push must show
 * something (`userVisibleOnly`), so one that is not such JSON shows a plain notice that opens the dashboard.
 */
export function shownPush(payload: unknown, origin: string): ShownPush {
  const fields: Partial<Record<keyof PushPayload, unknown>> =
    typeof payload === "object" && payload !== null ? payload : {};
  const title = text(fields.title);
  const body = text(fields.body);
  if (!title || !body) {
    return {
      title: UNREADABLE_PUSH.title,
      options: { body: UNREADABLE_PUSH.body, icon: PUSH_ICON, data: { url: PUSH_DEFAULT_PATH } },
    };
  }
  return {
    title,
    options: { body, tag: text(fields.tag), icon: PUSH_ICON, data: { url: appPath(fields.url, origin) } },
  };
}

/** The parts of a service worker's `clients` (and its window clients) that a notification click uses. */
export interface PushWindowClient {
  readonly url: string;
  focus(): Promise<PushWindowClient>;
  navigate(url: string): Promise<PushWindowClient | null>;
}
export interface PushClients {
  matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<readonly PushWindowClient[]>;
  openWindow(url: string): Promise<PushWindowClient | null>;
}

/**
 * A notification's click (worker.ts): the app's own window if one is open (focused first), else a new one; either goes
 * to the push's page, which `appPath` keeps on `origin` whatever the notification's data says.
 */
export async function openPage(clients: PushClients, origin: string, url: unknown): Promise<void> {
  const target = new URL(appPath(url, origin), origin).href;
  const windows = await clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === origin);
  if (open) {
    // Focused first, while the click still allows it; then the page changes.
    const focused = await open.focus();
    // An uncontrolled window cannot be navigated from here (null, or a rejection): a new one opens instead.
    const moved = await focused.navigate(target).catch(() => null);
    if (moved) return;
  }
  await clients.openWindow(target);
}
