import { beforeSignOut } from "@/lib/before-sign-out";
import { pushSupported } from "./support";

/** Sign-out waits this long at most for the browser to forget the subscription. */
const FORGET_WAIT_MS = 1_000;
let followingSignOut = false;

/**
 * At sign-out this browser forgets its subscription too (the server drops the session's own at logout), once pushes
 * are allowed here. Never a reason to wait: a second at most, and offline not at all (lib/push/push.ts).
 */
export function followSignOut(): void {
  if (followingSignOut) return;
  followingSignOut = true;
  beforeSignOut(() =>
    Promise.race([
      import("./push").then(({ forgetThisDevice }) => forgetThisDevice()),
      new Promise((resolve) => setTimeout(resolve, FORGET_WAIT_MS)),
    ]),
  );
}

/**
 * The signed-in start (issue 23): where pushes are allowed, this browser's subscription is registered again once the
 * page has loaded (lib/push/push.ts, loaded then). Elsewhere nothing loads: most people never allowed pushes here.
 */
export function resumePushAfterLoad(): void {
  if (!pushSupported() || Notification.permission !== "granted") return;
  followSignOut();
  const start = () =>
    void import("./push")
      .then(({ resumePush }) => resumePush())
      .catch((error: unknown) => console.warn("Push notifications could not be resumed", error));
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
