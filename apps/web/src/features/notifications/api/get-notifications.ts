import { queryOptions, useQuery } from "@tanstack/react-query";
import { type notificationListSchema, notificationsApi } from "@housemate/contract";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { useNotificationCountsStore } from "../stores/notification-counts-store";

export type NotificationList = z.infer<typeof notificationListSchema>;

/** SPEC §9: opening the panel does not fetch again within a minute of the last fetch. */
export const NOTIFICATIONS_FRESH_MS = 60_000;
/** SPEC §9: while the user is in a household, the list is fetched again every two minutes. */
export const NOTIFICATIONS_REFETCH_MS = 120_000;

/** GET /notifications: the newest notifications with the counts; the counts also go to the bell. */
export async function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  const list = await api.call(notificationsApi.listNotifications, { signal });
  useNotificationCountsStore.getState().setCounts(list);
  return list;
}

export const getNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: ["notifications", "list"] as const,
    queryFn: ({ signal }) => getNotifications(signal),
    staleTime: NOTIFICATIONS_FRESH_MS,
  });

/** The signed-in user's notifications; `enabled` lets the panel fetch only once it is open. */
export function useNotifications({
  enabled = true,
  refetchInterval,
}: { enabled?: boolean; refetchInterval?: number } = {}) {
  return useQuery({ ...getNotificationsQueryOptions(), enabled, refetchInterval });
}
