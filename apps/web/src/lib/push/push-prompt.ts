import { toast } from "sonner";
import { useAuthStore } from "@/lib/auth/auth-store";
import { turnOnPush } from "./push";
import { mayOfferPush, rememberNotNow } from "./support";

export const PUSH_PROMPT_TOAST_ID = "push-prompt";
/** Long enough to read and decide; it is not a question that must be answered. */
const PUSH_PROMPT_MS = 20_000;
export const PUSH_TURNED_ON_MESSAGE = "Push notifications turned on";
export const PUSH_TURN_ON_FAILED_MESSAGE = "Failed to turn on push notifications";

/**
 * The prompt after an action (offer-push.ts): only where this page can subscribe, while the browser has not been asked
 * yet (permission 'default'), and not within 30 days of this person's 'Not now' on this device (`mayOfferPush`). A toast, not a dialog, so
 * the action just taken stays in front.
 */
export function showPushPrompt(question: string): void {
  const userId = useAuthStore.getState().currentUser?.id;
  if (!mayOfferPush(userId)) return;
  toast(question, {
    id: PUSH_PROMPT_TOAST_ID,
    duration: PUSH_PROMPT_MS,
    action: { label: "Turn on", onClick: () => void turnOnWith(Notification.requestPermission()) },
    cancel: { label: "Not now", onClick: () => rememberNotNow(userId) },
  });
}

/**
 * 'Turn on' (the prompt's, or Preferences'): `asked` is the browser's permission prompt, asked by the click itself
 * before anything was awaited (Safari asks only from the gesture). Subscribes once the answer is yes, and says how it
 * went; resolves either way.
 */
export function turnOnWith(asked: Promise<NotificationPermission>): Promise<void> {
  return asked
    .then(async (permission) => {
      if (permission !== "granted") return;
      await turnOnPush();
      toast.success(PUSH_TURNED_ON_MESSAGE);
    })
    .catch(() => {
      toast.error("Error", { description: PUSH_TURN_ON_FAILED_MESSAGE });
    });
}
