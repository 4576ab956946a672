import type { QueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { FINE_NOTIFICATION_TYPES, type Notification, type ServerMessage } from "@housemate/contract";
import { useNotificationCountsStore } from "../stores/notification-counts-store";
import { receiveNotification, updateNotificationList } from "./notification-cache";

/** SPEC §9: a pushed notification's toast stays 5 seconds. */
export const NOTIFICATION_TOAST_MS = 5_000;

function announce({ title, message }: Notification) {
  toast(title || "New Notification", {
    description: message || "You have a new notification",
    duration: NOTIFICATION_TOAST_MS,
  });
}

/**
 * SPEC §7 Live socket: what each server message does to the panel and the bell. A fine-related
 * notification also calls `onFineChanged`, for whoever shows fines to fetch them again.
 */
export function handleServerMessage(queryClient: QueryClient, message: ServerMessage, onFineChanged?: () => void) {
  switch (message.type) {
    case "notification": {
      if (receiveNotification(queryClient, message.data)) announce(message.data);
      if (FINE_NOTIFICATION_TYPES.includes(message.data.type_id)) onFineChanged?.();
      return;
    }
    case "notification_count": {
      useNotificationCountsStore.getState().setCounts(message.data);
      updateNotificationList(queryClient, (list) => ({ ...list, ...message.data }));
      return;
    }
    case "pong":
      return;
    // The household's own messages (decision 032): the household settings page and the shell act on them.
    case "household_changed":
    case "household_access_ended":
      return;
  }
}
