import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { type Notification, notificationsApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { useNotificationCountsStore } from "../stores/notification-counts-store";
import { getNotificationsQueryOptions } from "./get-notifications";
import { restoreSnapshot, takeSnapshot, updateNotificationList } from "./notification-cache";

/** PUT /notifications/{id}/read. */
export function markNotificationRead(id: string): Promise<Notification> {
  return api.call(notificationsApi.markNotificationRead, { params: { id } });
}

/** SPEC §4: the item reads as read at once, and goes back to unread with a toast if the server refuses. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notification: Notification) => markNotificationRead(notification.id),
    async onMutate(notification) {
      await queryClient.cancelQueries({ queryKey: getNotificationsQueryOptions().queryKey });
      const snapshot = takeSnapshot(queryClient);
      updateNotificationList(queryClient, (list) => ({
        ...list,
        notifications: list.notifications.map((each) =>
          each.id === notification.id ? { ...each, is_read: true } : each,
        ),
      }));
      if (!notification.is_read) {
        const counts = useNotificationCountsStore.getState();
        counts.setCounts({ total: counts.total, unread: counts.unread - 1 });
      }
      return snapshot;
    },
    onError(_error, _notification, snapshot) {
      if (snapshot) restoreSnapshot(queryClient, snapshot);
      toast.error("Error", { description: "Failed to mark notification as read" });
    },
  });
}
