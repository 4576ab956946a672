import { toast } from "sonner";
import { useAuthStore } from "@/lib/auth/auth-store";
import { rememberNotNow, saidNotNowRecently } from "./support";

export const PUSH_PROMPT_TOAST_ID = "push-prompt";
/** Long enough to read and decide; it is not a question that must be answered. */
const PUSH_PROMPT_MS = 20_000;
export const PUSH_TURNED_ON_MESSAGE = "Push notifications turned on";
export const PUSH_TURN_ON_FAILED_MESSAGE = "Failed to turn on push notifications";

/**
 * The prompt itself (offer-push.ts decides when): a toast, not a dialog, so the action just taken stays in front.
 * Not within 30 days of this person's 'Not now' on this device.
 */
export function showPushPrompt(question: string): void {
  const userId = useAuthStore.getState().currentUser?.id;
  if (!userId || Notification.permission !== "default" || saidNotNowRecently(userId)) return;
  // No worker controls the page (development, or a browser that has not installed it yet): nothing could subscribe.
  if (!navigator.serviceWorker.controller) return;
  toast(question, {
    id: PUSH_PROMPT_TOAST_ID,
    duration: PUSH_PROMPT_MS,
    action: { label: "Turn on", onClick: () => void turnOnFromClick() },
    cancel: { label: "Not now", onClick: () => rememberNotNow(userId) },
  });
}

/**
 * 'Turn on' (the prompt's, or Preferences'): the browser's permission is asked from the click itself, before anything
 * else is awaited (Safari shows its prompt only from the gesture); the subscribing module loads once the answer is yes.
 * Says how it went; resolves either way.
 */
export function turnOnFromClick(): Promise<void> {
  return Notification.requestPermission()
    .then(async (permission) => {
      if (permission !== "granted") return;
      const { turnOnPush } = await import("./push");
      await turnOnPush();
      toast.success(PUSH_TURNED_ON_MESSAGE);
    })
    .catch(() => {
      toast.error("Error", { description: PUSH_TURN_ON_FAILED_MESSAGE });
    });
}
