import type { QueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { Notification, ServerMessage } from "@housemate/contract";
import { useAuthStore } from "@/lib/auth/auth-store";
import { HOUSEHOLD_ACCESS_TOAST_ID } from "@/lib/toast-ids";
import { useNotificationCountsStore } from "../stores/notification-counts-store";
import { receiveNotification, updateNotificationList } from "./notification-cache";

/** SPEC §9: a pushed notification's toast stays 5 seconds. */
export const NOTIFICATION_TOAST_MS = 5_000;
/**
 * The toast that says why the household is gone stays longer than a notification's: it is read on another screen
 * (onboarding), after a change the person did not make, and nothing else on that screen says what happened.
 */
export const ACCESS_ENDED_TOAST_MS = 20_000;

/** `household_access_ended`'s data (decision 032): whose household, why, and the text to show. */
export type HouseholdAccessEnded = Extract<ServerMessage, { type: "household_access_ended" }>["data"];

/**
 * The longest a notification's toast waits for what it changed to be fetched again: a slow answer must not lose the
 * news, nor hold it back for long.
 */
export const LIVE_REFRESH_WAIT_MS = 2_000;

/** The messages that say something changed, which the app answers by fetching that again (app/live-refresh.ts). */
export type ChangeMessage = Extract<
  ServerMessage,
  { type: "notification" | "household_changed" | "fund_changed" | "activity_changed" }
>;

/** What the rest of the app does about a live message: the notifications feature knows no other feature. */
export interface LiveMessageHandlers {
  /**
   * Fetches again what the message changed (members, rules, notes, fines, the fund), settling once those answers are
   * in: a notification's toast waits for it, so the news and what it is about show together (issue 18).
   */
  refresh?: ((message: ChangeMessage) => Promise<unknown> | undefined) | undefined;
  /** The person's household access ended; their session stays valid. The toast is shown here already. */
  onHouseholdAccessEnded?: ((ended: HouseholdAccessEnded) => void) | undefined;
}

function announce({ title, message }: Notification) {
  toast(title || "New Notification", {
    description: message || "You have a new notification",
    duration: NOTIFICATION_TOAST_MS,
  });
}

/**
 * Resolves once `refreshed` has settled (or LIVE_REFRESH_WAIT_MS has passed) and the screen shows its answers.
 */
async function refreshedOnScreen(refreshed: Promise<unknown> | undefined): Promise<void> {
  if (!refreshed) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => (timer = setTimeout(resolve, LIVE_REFRESH_WAIT_MS)));
  // A failed fetch shows its own error where it is used; the news is still worth telling.
  await Promise.race([refreshed.catch(() => undefined), cap]);
  clearTimeout(timer);
  await renderedIdle();
}

/** The longest the toast waits for the browser to be idle after the answers are in. */
const IDLE_WAIT_MS = 300;
/** Where the browser cannot say when it is idle (jsdom): about a frame. */
const NO_IDLE_CALLBACK_MS = 16;

/**
 * Resolves once the browser is idle: TanStack Query hands answers to the screen on a timer, and React renders a
 * deferred list (lib/deferred-query.ts) in tasks it queues one after another from there; an idle callback runs only
 * once they are done.
 */
function renderedIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MS });
    else setTimeout(resolve, NO_IDLE_CALLBACK_MS);
  });
}

/** Who the news is for: the signed-in person and their household, or nobody (signed out, or with no household). */
function signedInAs(): string | null {
  const user = useAuthStore.getState().currentUser;
  return user?.household_id ? `${user.id} in ${user.household_id}` : null;
}

/**
 * SPEC §7 Live socket: what each server message does to the panel and the bell, and which of the handlers it calls
 * (decision 032 for the household's own messages).
 */
export function handleServerMessage(
  queryClient: QueryClient,
  message: ServerMessage,
  handlers: LiveMessageHandlers = {},
) {
  switch (message.type) {
    case "notification": {
      const isNew = receiveNotification(queryClient, message.data);
      const refreshed = handlers.refresh?.(message);
      if (!isNew) return;
      const receivedBy = signedInAs();
      // The wait may outlast the person's session or household here: news for them then is no one's to see.
      void refreshedOnScreen(refreshed).then(() => {
        if (signedInAs() === receivedBy) announce(message.data);
      });
      return;
    }
    case "notification_count": {
      useNotificationCountsStore.getState().setCounts(message.data);
      updateNotificationList(queryClient, (list) => ({ ...list, ...message.data }));
      return;
    }
    case "pong":
      return;
    case "household_changed":
    case "fund_changed":
    case "activity_changed":
      void handlers.refresh?.(message);
      return;
    case "household_access_ended":
      // News only while the app still thinks the person is in it: after they left here, the leave dialog has said so
      // (and whichever of the two arrives second replaces the other's toast rather than adding one).
      if (useAuthStore.getState().currentUser?.household_id === message.data.household_id) {
        toast.warning("You are no longer in the household", {
          id: HOUSEHOLD_ACCESS_TOAST_ID,
          description: message.data.message,
          duration: ACCESS_ENDED_TOAST_MS,
        });
      }
      handlers.onHouseholdAccessEnded?.(message.data);
      return;
  }
}
