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
 * A path of this app, never another site: a push names one (`/dashboard/fines/…`), and a protocol-relative `//host` or
 * a full URL would make the notification a link away from Housemate.
 */
export function appPath(url: unknown): string {
  const path = text(url);
  if (!path?.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return PUSH_DEFAULT_PATH;
  return path;
}

/**
 * The notification a push shows (issue 23): the contract's PushPayload as the server encrypted it. A push must show
 * something (`userVisibleOnly`), so one that is not such JSON shows a plain notice that opens the dashboard.
 */
export function shownPush(payload: unknown): ShownPush {
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
  return { title, options: { body, tag: text(fields.tag), icon: PUSH_ICON, data: { url: appPath(fields.url) } } };
}
