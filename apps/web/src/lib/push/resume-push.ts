import { pushSupported } from "./support";

/**
 * The signed-in start (issue 23): where pushes are allowed, this browser's subscription is registered again once the
 * page has loaded (lib/push/push.ts, loaded then). Elsewhere nothing loads: most people never allowed pushes here.
 */
export function resumePushAfterLoad(): void {
  if (!pushSupported() || Notification.permission !== "granted") return;
  const start = () =>
    void import("./push")
      .then(({ resumePush }) => resumePush())
      .catch((error: unknown) => console.warn("Push notifications could not be resumed", error));
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
