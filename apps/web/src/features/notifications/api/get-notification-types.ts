import { queryOptions, useQuery } from "@tanstack/react-query";
import { type NotificationType, notificationsApi } from "@housemate/contract";
import { api } from "@/lib/api-client";

/** GET /notifications/types: every kind of notification, with category and description. */
export function getNotificationTypes(signal?: AbortSignal): Promise<NotificationType[]> {
  return api.call(notificationsApi.listNotificationTypes, { signal });
}

export const getNotificationTypesQueryOptions = () =>
  queryOptions({
    queryKey: ["notifications", "types"] as const,
    queryFn: ({ signal }) => getNotificationTypes(signal),
    // The list is fixed by the contract; one fetch per session is plenty.
    staleTime: Infinity,
  });

export function useNotificationTypes() {
  return useQuery(getNotificationTypesQueryOptions());
}
