import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { type NotificationCounts, notificationsApi } from "@housemate/contract";
import { api } from "@/lib/api-client";
import { useNotificationCountsStore } from "../stores/notification-counts-store";
import { getNotificationsQueryOptions } from "./get-notifications";
import { restoreSnapshot, takeSnapshot, updateNotificationList } from "./notification-cache";

/** PUT /notifications/read-all; answers with the new counts. */
export function markAllNotificationsRead(): Promise<NotificationCounts> {
  return api.call(notificationsApi.markAllNotificationsRead);
}

/** SPEC §2 'Mark all as read', optimistic and rolled back with SPEC §8's toast. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    async onMutate() {
      await queryClient.cancelQueries({ queryKey: getNotificationsQueryOptions().queryKey });
      const snapshot = takeSnapshot(queryClient);
      updateNotificationList(queryClient, (list) => ({
        ...list,
        unread: 0,
        notifications: list.notifications.map((each) => ({ ...each, is_read: true })),
      }));
      const { total } = useNotificationCountsStore.getState();
      useNotificationCountsStore.getState().setCounts({ total, unread: 0 });
      return snapshot;
    },
    onSuccess(counts) {
      useNotificationCountsStore.getState().setCounts(counts);
    },
    onError(_error, _variables, snapshot) {
      if (snapshot) restoreSnapshot(queryClient, snapshot);
      toast.error("Error", { description: "Failed to mark all notifications as read" });
    },
  });
}
