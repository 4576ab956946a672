import type { QueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { FINE_NOTIFICATION_TYPES, type Notification, type ServerMessage } from "@housemate/contract";
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

/** What the rest of the app does about a live message: the notifications feature knows no other feature. */
export interface LiveMessageHandlers {
  /** A fine-related notification arrived: whoever shows fines fetches them again. */
  onFineChanged?: (() => void) | undefined;
  /** The household's name, currency, members or roles changed: everything cached about it is fetched again. */
  onHouseholdChanged?: ((householdId: string) => void) | undefined;
  /** The household's fund changed (issue 17): its balance, stats, transactions and proposals are fetched again. */
  onFundChanged?: ((householdId: string) => void) | undefined;
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
      if (receiveNotification(queryClient, message.data)) announce(message.data);
      if (FINE_NOTIFICATION_TYPES.includes(message.data.type_id)) handlers.onFineChanged?.();
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
      handlers.onHouseholdChanged?.(message.data.household_id);
      return;
    case "fund_changed":
      handlers.onFundChanged?.(message.data.household_id);
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
