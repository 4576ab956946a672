import type { QueryClient } from "@tanstack/react-query";
import type { Notification, NotificationCounts } from "@housemate/contract";
import { useNotificationCountsStore } from "../stores/notification-counts-store";
import { getNotificationsQueryOptions, type NotificationList } from "./get-notifications";

const listKey = () => getNotificationsQueryOptions().queryKey;

/**
 * Changes the cached list, if one was fetched. The fetch time is kept, so a change made here (a read,
 * a pushed notification) does not count as a fetch for SPEC §9's 60-second rule.
 */
export function updateNotificationList(queryClient: QueryClient, change: (list: NotificationList) => NotificationList) {
  const state = queryClient.getQueryState(listKey());
  queryClient.setQueryData(listKey(), (list) => (list ? change(list) : list), { updatedAt: state?.dataUpdatedAt });
}

export interface Snapshot {
  list: NotificationList | undefined;
  counts: NotificationCounts;
}

/** What an optimistic change puts back if the server refuses it. */
export function takeSnapshot(queryClient: QueryClient): Snapshot {
  const { total, unread } = useNotificationCountsStore.getState();
  return { list: queryClient.getQueryData(listKey()), counts: { total, unread } };
}

export function restoreSnapshot(queryClient: QueryClient, snapshot: Snapshot) {
  updateNotificationList(queryClient, (list) => snapshot.list ?? list);
  useNotificationCountsStore.getState().setCounts(snapshot.counts);
}

/**
 * SPEC §7: a pushed notification replaces the one with its id, or joins the top of the list.
 * Returns whether it was new. The counts follow in the server's `notification_count`.
 */
export function receiveNotification(queryClient: QueryClient, notification: Notification): boolean {
  const known = queryClient.getQueryData(listKey())?.notifications.some((each) => each.id === notification.id) ?? false;
  updateNotificationList(queryClient, (list) => ({
    ...list,
    notifications: known
      ? list.notifications.map((each) => (each.id === notification.id ? notification : each))
      : [notification, ...list.notifications],
  }));
  return !known;
}
